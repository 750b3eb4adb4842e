-- Orders from WooCommerce webhooks are conversions of their own source.
ALTER TABLE conversions DROP CONSTRAINT conversions_source_check;
ALTER TABLE conversions ADD CONSTRAINT conversions_source_check CHECK (source IN ('api', 'shopify', 'woocommerce'));
