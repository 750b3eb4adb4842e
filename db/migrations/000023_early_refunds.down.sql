DROP TABLE early_refunds;
DELETE FROM shopify_webhooks WHERE length(webhook_id) > 255;
ALTER TABLE shopify_webhooks DROP CONSTRAINT shopify_webhooks_webhook_id_check,
    ADD CONSTRAINT shopify_webhooks_webhook_id_check CHECK (webhook_id <> '' AND length(webhook_id) <= 255);
