-- Orders from WooCommerce webhooks are conversions of their own source.
ALTER TABLE conversions DROP CONSTRAINT conversions_source_check;
ALTER TABLE conversions ADD CONSTRAINT conversions_source_check CHECK (source IN ('api', 'shopify', 'woocommerce'));

-- What a campaign's commission is computed on, when the order source says both figures (Shopify,
-- WooCommerce): the subtotal after discounts (without tax and shipping), or the total. Campaigns
-- that exist keep what their commissions were computed on so far (Shopify's total price); new
-- campaigns take the subtotal unless they say otherwise.
ALTER TABLE campaigns ADD COLUMN commission_base text NOT NULL DEFAULT 'total'
    CHECK (commission_base IN ('subtotal', 'total'));
ALTER TABLE campaigns ALTER COLUMN commission_base SET DEFAULT 'subtotal';
