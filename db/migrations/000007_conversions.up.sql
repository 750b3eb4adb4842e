-- Conversions: orders reported by a brand's shop (the conversion API or Shopify webhooks), each
-- stored once per (brand, order id), attributed to a click or a discount code, with the commission
-- it earns in the campaign's currency. Money is numeric throughout (docs/product.md §6).
CREATE TABLE conversions (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id            uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    order_id            text NOT NULL CHECK (order_id <> '' AND length(order_id) <= 255),
    order_total         numeric(14, 2) NOT NULL CHECK (order_total >= 0),
    currency            text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    customer_email      text NOT NULL DEFAULT '',
    converted_at        timestamptz NOT NULL,
    source              text NOT NULL CHECK (source IN ('api', 'shopify')),
    -- What attributed it: a click of a tracking link, a discount code, or nothing.
    attribution         text NOT NULL CHECK (attribution IN ('link', 'discount_code', 'none')),
    click_id            uuid,
    link_id             uuid,
    discount_code       text NOT NULL DEFAULT '',
    discount_code_id    uuid REFERENCES discount_codes (id) ON DELETE SET NULL,
    campaign_id         uuid REFERENCES campaigns (id) ON DELETE SET NULL,
    affiliate_id        uuid REFERENCES affiliates (id) ON DELETE SET NULL,
    -- The commission, in the campaign's currency; exchange_rate is what one unit of the order's
    -- currency was worth in it when the order arrived (1 when they are the same).
    commission_currency text NOT NULL CHECK (commission_currency ~ '^[A-Z]{3}$'),
    exchange_rate       numeric(20, 10) NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
    commission_amount   numeric(14, 2) NOT NULL DEFAULT 0 CHECK (commission_amount >= 0),
    -- The commission as first computed, and how much of the order was refunded since.
    original_commission numeric(14, 2) NOT NULL DEFAULT 0 CHECK (original_commission >= 0),
    refunded_amount     numeric(14, 2) NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= order_total),
    status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'confirmed', 'rejected', 'flagged', 'reversed', 'paid')),
    flag_reason         text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (brand_id, order_id)
);
CREATE INDEX conversions_brand_time_idx ON conversions (brand_id, created_at DESC);
CREATE INDEX conversions_affiliate_time_idx ON conversions (affiliate_id, created_at DESC) WHERE affiliate_id IS NOT NULL;
CREATE INDEX conversions_campaign_idx ON conversions (campaign_id) WHERE campaign_id IS NOT NULL;
CREATE INDEX conversions_code_idx ON conversions (discount_code_id) WHERE discount_code_id IS NOT NULL;
CREATE INDEX conversions_order_idx ON conversions (order_id);

-- Shopify delivers a webhook at least once: each delivery id is taken once per brand.
CREATE TABLE shopify_webhooks (
    brand_id    uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    webhook_id  text NOT NULL CHECK (webhook_id <> '' AND length(webhook_id) <= 255),
    topic       text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (brand_id, webhook_id)
);
