ALTER TABLE campaigns DROP COLUMN commission_base;

-- WooCommerce's conversions cannot keep their source under the old constraint: they read as
-- conversion API orders (the nearest: a brand's own call), and stay.
ALTER TABLE conversions DROP CONSTRAINT conversions_source_check;
UPDATE conversions SET source = 'api' WHERE source = 'woocommerce';
ALTER TABLE conversions ADD CONSTRAINT conversions_source_check CHECK (source IN ('api', 'shopify'));
