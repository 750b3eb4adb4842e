-- name: TierStanding :one
-- An affiliate's confirmed conversions in a campaign between month_start and until (inclusive), and
-- their revenue net of refunds in the campaign's currency (exact; conversions stored in another
-- commission currency, from before a change of the campaign's, are left out): what a performance
-- tier's threshold is compared with (docs/product.md §6.1).
SELECT count(*)::int AS conversions,
       coalesce(sum((v.order_total - v.refunded_amount) * v.exchange_rate), 0)::numeric AS revenue
FROM conversions v
WHERE v.brand_id = @brand_id AND v.campaign_id = @campaign_id AND v.affiliate_id = @affiliate_id
  AND v.commission_currency = @currency AND v.status IN ('confirmed', 'paid')
  AND v.converted_at >= @month_start AND v.converted_at <= @until;

-- name: StoreConversionTier :exec
-- Stores, with a conversion just recorded, the tier it reached.
UPDATE conversions
SET tier_index = @tier_index, tier_basis = @tier_basis, tier_threshold = @tier_threshold, tier_value = @tier_value,
    tier_commission_type = @tier_commission_type
WHERE brand_id = @brand_id AND id = @conversion_id;

-- name: StoreConversionLines :exec
-- Stores, with a conversion just recorded, its order's lines (a jsonb array of conversion_lines'
-- columns, position to commission).
INSERT INTO conversion_lines (brand_id, conversion_id, position, product_id, sku, categories, price_id, quantity,
                              amount, matched_by, matched_key, commission_type, commission_value, commission)
SELECT @brand_id, @conversion_id, l.position, l.product_id, l.sku, l.categories, l.price_id, l.quantity,
       l.amount, l.matched_by, l.matched_key, l.commission_type, l.commission_value, l.commission
FROM jsonb_to_recordset(@lines::jsonb) AS l(position smallint, product_id text, sku text, categories text[],
     price_id text, quantity integer, amount numeric, matched_by text, matched_key text, commission_type text,
     commission_value numeric, commission numeric);

-- name: ListConversionLines :many
-- A brand's conversion's lines, in the order its source reported them.
SELECT * FROM conversion_lines WHERE brand_id = @brand_id AND conversion_id = @conversion_id ORDER BY position;
