-- Tracking: links, their clicks, and discount codes. Every table carries brand_id (docs/product.md §9).
CREATE TABLE tracking_links (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id        uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    campaign_id     uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    affiliate_id    uuid NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    name            text NOT NULL,
    short_code      text NOT NULL UNIQUE CHECK (short_code ~ '^[A-Za-z0-9_-]{7,32}$'),
    destination_url text NOT NULL,
    status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'archived')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_links_brand_idx ON tracking_links (brand_id, created_at DESC);
CREATE INDEX tracking_links_affiliate_idx ON tracking_links (affiliate_id);

-- Clicks are append-only and time-ordered (ids are UUIDv7), so they can be partitioned by month.
-- No foreign keys: batches are copied in fast, and a deleted link takes its clicks explicitly.
CREATE TABLE clicks (
    id           uuid PRIMARY KEY,
    clicked_at   timestamptz NOT NULL,
    link_id      uuid NOT NULL,
    campaign_id  uuid NOT NULL,
    affiliate_id uuid NOT NULL,
    brand_id     uuid NOT NULL,
    ip_hash      text NOT NULL,
    user_agent   text NOT NULL DEFAULT '',
    referrer     text NOT NULL DEFAULT '',
    is_bot       boolean NOT NULL DEFAULT false
);
CREATE INDEX clicks_link_idx ON clicks (link_id) WHERE NOT is_bot;
CREATE INDEX clicks_brand_time_idx ON clicks (brand_id, clicked_at DESC);
-- The platform-wide list orders by id: UUIDv7 ids sort by time, and the primary key serves it.

CREATE TABLE discount_codes (
    id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id                 uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    campaign_id              uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    affiliate_id             uuid NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    code                     text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{3,40}$'),
    description              text NOT NULL DEFAULT '',
    discount_type            text NOT NULL CHECK (discount_type IN ('percentage', 'fixed_amount', 'free_shipping')),
    discount_value           numeric(14, 4) NOT NULL DEFAULT 0 CHECK (discount_value >= 0),
    minimum_order_amount     numeric(14, 2) CHECK (minimum_order_amount >= 0),
    usage_limit              integer CHECK (usage_limit > 0),
    usage_limit_per_customer integer CHECK (usage_limit_per_customer > 0),
    current_usage_count      integer NOT NULL DEFAULT 0,
    valid_from               timestamptz,
    valid_until              timestamptz,
    is_exclusive             boolean NOT NULL DEFAULT true,
    commission_override      numeric(14, 4) CHECK (commission_override >= 0),
    status                   text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'expired')),
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CHECK (valid_until IS NULL OR valid_from IS NULL OR valid_until > valid_from)
);
CREATE UNIQUE INDEX discount_codes_brand_code_key ON discount_codes (brand_id, lower(code));
CREATE INDEX discount_codes_affiliate_idx ON discount_codes (affiliate_id);
