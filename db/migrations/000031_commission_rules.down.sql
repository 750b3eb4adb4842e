DROP TABLE conversion_lines;
ALTER TABLE conversions DROP CONSTRAINT conversions_tier_check;
ALTER TABLE conversions DROP COLUMN tier_commission_type, DROP COLUMN tier_value, DROP COLUMN tier_threshold, DROP COLUMN tier_basis, DROP COLUMN tier_index;
ALTER TABLE campaigns DROP CONSTRAINT campaigns_tiers_check;
ALTER TABLE campaigns DROP COLUMN tiers, DROP COLUMN tier_basis, DROP COLUMN product_rates;
DROP FUNCTION campaign_tiers_valid(jsonb, text, text);
DROP FUNCTION campaign_product_rates_valid(jsonb);
