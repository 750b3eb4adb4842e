DROP TABLE stripe_subscriptions;
DROP TABLE stripe_payments;
ALTER TABLE brands DROP COLUMN stripe_secret;

-- Stripe's conversions cannot keep their source under the old constraint: they read as conversion
-- API orders (the nearest: a brand's own call), and stay.
ALTER TABLE conversions DROP CONSTRAINT conversions_source_check;
UPDATE conversions SET source = 'api' WHERE source = 'stripe';
ALTER TABLE conversions ADD CONSTRAINT conversions_source_check CHECK (source IN ('api', 'shopify', 'woocommerce'));
