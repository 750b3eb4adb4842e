-- Orders from WooCommerce webhooks are conversions of their own source.
ALTER TABLE conversions DROP CONSTRAINT conversions_source_check;
ALTER TABLE conversions ADD CONSTRAINT conversions_source_check CHECK (source IN ('api', 'shopify', 'woocommerce'));

-- What a campaign's commission is computed on, when the order source says both figures (Shopify,
-- WooCommerce): the subtotal after discounts (without tax and shipping), or the total.
ALTER TABLE campaigns ADD COLUMN commission_base text NOT NULL DEFAULT 'subtotal'
    CHECK (commission_base IN ('subtotal', 'total'));
