package main

// rollups are the deltas of every stored click and conversion, then the fold that writes them into
// daily_stats, monthly_stats and review_counts. They sum what the server writes one batch or one
// row at a time (clicks: the click writer's RollupClicks, a visitor unique once per link and day;
// conversions: the conversions_stats trigger's conversion_stats_delta; TestRollupsSumTheRowDeltas
// compares them), as statements grouped by brand_id, which Citus runs on each node's shards.
const rollups = `
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
SELECT brand_id, (clicked_at AT TIME ZONE 'UTC')::date, campaign_id, affiliate_id, link_id, '',
       count(*), count(DISTINCT ip_hash)
FROM clicks WHERE NOT is_bot
GROUP BY 1, 2, 3, 4, 5;
` + conversionRollup + `;
SELECT fold_daily_stats();`

// conversionRollup is the conversions' part of rollups.
const conversionRollup = `
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, conversions, link_conversions,
                          revenue, commission, pending_commission, confirmed_commission, paid_commission)
SELECT brand_id, (converted_at AT TIME ZONE 'UTC')::date, coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'),
       affiliate_id, coalesce(link_id, '00000000-0000-0000-0000-000000000000'), commission_currency,
       count(*), count(link_id), sum((order_total - refunded_amount) * exchange_rate), sum(commission_amount),
       coalesce(sum(commission_amount) FILTER (WHERE status IN ('pending', 'flagged')), 0),
       coalesce(sum(commission_amount) FILTER (WHERE status = 'confirmed'), 0),
       coalesce(sum(commission_amount) FILTER (WHERE status = 'paid'), 0)
FROM conversions
WHERE affiliate_id IS NOT NULL AND status NOT IN ('rejected', 'reversed')
GROUP BY 1, 2, 3, 4, 5, 6;
INSERT INTO review_deltas (brand_id, awaiting)
SELECT brand_id, count(*) FROM conversions WHERE status IN ('pending', 'flagged') GROUP BY brand_id`
