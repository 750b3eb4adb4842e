-- Catalogue: allowed domains and API keys of brands, campaigns (offers) and affiliate memberships.
-- Every brand-owned table carries brand_id, so it can be distributed by tenant later (docs/product.md §9).
CREATE TABLE brand_domains (
    brand_id   uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain     text NOT NULL CHECK (domain = lower(domain)),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (brand_id, domain)
);

CREATE TABLE api_keys (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id     uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    name         text NOT NULL,
    prefix       text NOT NULL,
    key_hash     bytea NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at   timestamptz
);
CREATE INDEX api_keys_brand_idx ON api_keys (brand_id);

CREATE TABLE campaigns (
    id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id                uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    name                    text NOT NULL,
    description             text NOT NULL DEFAULT '',
    homepage_url            text,
    status                  text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
    start_date              date,
    end_date                date,
    budget                  numeric(14, 2) CHECK (budget >= 0),
    spent                   numeric(14, 2) NOT NULL DEFAULT 0,
    currency                text NOT NULL DEFAULT 'RON',
    commission_type         text NOT NULL DEFAULT 'percentage' CHECK (commission_type IN ('percentage', 'fixed')),
    commission_value        numeric(14, 4) NOT NULL DEFAULT 0 CHECK (commission_value >= 0),
    attribution_window_days integer NOT NULL DEFAULT 30 CHECK (attribution_window_days BETWEEN 1 AND 365),
    visibility              text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'invite_only')),
    approval_mode           text NOT NULL DEFAULT 'auto' CHECK (approval_mode IN ('auto', 'manual')),
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
CREATE INDEX campaigns_brand_idx ON campaigns (brand_id, created_at DESC);

CREATE TABLE campaign_memberships (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id     uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    campaign_id  uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    affiliate_id uuid NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    status       text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    decided_at   timestamptz,
    UNIQUE (campaign_id, affiliate_id)
);
CREATE INDEX campaign_memberships_brand_idx ON campaign_memberships (brand_id, status);
CREATE INDEX campaign_memberships_affiliate_idx ON campaign_memberships (affiliate_id);
