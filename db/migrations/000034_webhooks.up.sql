-- Outbound webhooks (docs/product.md §11): a brand's endpoints, the events each receives (one
-- delivery per endpoint and event, written in the transaction of the change), and every attempt to
-- deliver one. The secret signs (Standard Webhooks); after a rotation the previous secret also
-- signs until previous_secret_until.
CREATE TABLE webhook_endpoints (
    id                    uuid        NOT NULL DEFAULT gen_random_uuid(),
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
    updated_at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (brand_id, id)
);

-- One event for one endpoint; its id is the webhook-id header (the same on every attempt, so a
-- receiver can drop a repeat). Keys lead with brand_id, as every brand's table's (docs/scaling.md).
CREATE TABLE webhook_deliveries (
    id            uuid        NOT NULL,
    endpoint_id   uuid        NOT NULL,
    brand_id      uuid        NOT NULL,
    event_type    text        NOT NULL,
    payload       text        NOT NULL, -- the body exactly as signed and sent
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts      integer     NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL,
    last_attempt_at timestamptz,
    PRIMARY KEY (brand_id, id),
    FOREIGN KEY (brand_id, endpoint_id) REFERENCES webhook_endpoints (brand_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (brand_id, endpoint_id, created_at DESC);

-- Every attempt: refused (the address was not allowed, or no connection), failed (an answer other
-- than 2xx, or a time-out) or succeeded.
CREATE TABLE webhook_attempts (
    brand_id      uuid        NOT NULL,
    delivery_id   uuid        NOT NULL,
    attempt       integer     NOT NULL,
    outcome       text        NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'refused')),
    response_code integer,
    duration_ms   integer     NOT NULL,
    excerpt       text        NOT NULL DEFAULT '',
    error         text        NOT NULL DEFAULT '',
    attempted_at  timestamptz NOT NULL,
    PRIMARY KEY (brand_id, delivery_id, attempt),
    FOREIGN KEY (brand_id, delivery_id) REFERENCES webhook_deliveries (brand_id, id) ON DELETE CASCADE
);

-- A brand is told when one of its endpoints was disabled after a day of failed deliveries.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'application_approved', 'application_rejected', 'conversions_confirmed', 'conversions_rejected',
    'conversion_reversed', 'payout_created', 'payout_paid', 'campaign_invited', 'tracking_domain_unverified',
    'webhook_endpoint_disabled'));
