-- Shopify does not deliver in order: a refund or cancellation may arrive before its order (or
-- before a retried orders/create). It is kept here, under the delivery id that brought it, and
-- applied in the transaction that stores the order (package conversions, refund.go).
CREATE TABLE early_refunds (
    brand_id    uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    -- The delivery's X-Shopify-Webhook-Id, or the refund's (cancellation's) own claim without one.
    webhook_id  text NOT NULL CHECK (webhook_id <> '' AND length(webhook_id) <= 300),
    order_id    text NOT NULL CHECK (order_id <> '' AND length(order_id) <= 255),
    -- What the refund returned (its successful transactions); a cancellation returns all of it.
    amount      numeric NOT NULL CHECK (amount >= 0),
    cancelled   boolean NOT NULL,
    source      text NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (brand_id, webhook_id)
);
CREATE INDEX early_refunds_order_idx ON early_refunds (brand_id, order_id);

-- A claim is the topic and the refund's or order's own id ("orders/cancelled:" and an order id of
-- up to 255 characters), so a key may be longer than a delivery id.
ALTER TABLE shopify_webhooks DROP CONSTRAINT shopify_webhooks_webhook_id_check,
    ADD CONSTRAINT shopify_webhooks_webhook_id_check CHECK (webhook_id <> '' AND length(webhook_id) <= 300);
