-- Outbound webhooks (docs/product.md §10): a brand's endpoints, the events each receives (one
-- delivery per endpoint and event, written in the transaction of the change), and every attempt to
-- deliver one. The secret signs (Standard Webhooks); after a rotation the previous secret also
-- signs until previous_secret_until.
CREATE TABLE webhook_endpoints (
    id                    uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id              uuid        NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    url                   text        NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
    description           text        NOT NULL DEFAULT '' CHECK (length(description) <= 200),
    event_types           text[]      NOT NULL CHECK (cardinality(event_types) >= 1),
    enabled               boolean     NOT NULL DEFAULT true,
    disabled_reason       text        NOT NULL DEFAULT '',
    secret                text        NOT NULL,
    previous_secret       text,
    previous_secret_until timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_brand ON webhook_endpoints (brand_id, created_at);

-- One event for one endpoint; its id is the webhook-id header (the same on every attempt, so a
-- receiver can drop a repeat).
CREATE TABLE webhook_deliveries (
    id            uuid        PRIMARY KEY,
    endpoint_id   uuid        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    brand_id      uuid        NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    event_type    text        NOT NULL,
    payload       text        NOT NULL, -- the body exactly as signed and sent
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts      integer     NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL,
    last_attempt_at timestamptz
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

-- Every attempt: refused (the address was not allowed, or no connection), failed (an answer other
-- than 2xx, or a time-out) or succeeded.
CREATE TABLE webhook_attempts (
    id            uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    delivery_id   uuid        NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt       integer     NOT NULL,
    outcome       text        NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'refused')),
    response_code integer,
    duration_ms   integer     NOT NULL,
    excerpt       text        NOT NULL DEFAULT '',
    error         text        NOT NULL DEFAULT '',
    attempted_at  timestamptz NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt);

-- A brand is told when one of its endpoints was disabled after a day of failed deliveries.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'application_approved', 'application_rejected', 'conversions_confirmed', 'conversions_rejected',
    'conversion_reversed', 'payout_paid', 'campaign_invited', 'tracking_domain_unverified',
    'webhook_endpoint_disabled'));
