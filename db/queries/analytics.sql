-- Reads of the rollups (migrations 000014 and 000017). Every amount is summed exactly per currency
-- first, then converted to the display currency at the stored rates and rounded once, so a figure
-- does not depend on how rows were grouped. Filters left null filter nothing; grain says which
-- rollup rows answer (0 link, 1 campaign, 2 affiliate, 3 brand, 4 platform). A range's totals and
-- lists read its whole months (first_month to last_month) from monthly_stats and the days at its
-- ends from daily_stats, added_days added and removed_days taken out of the months read whole
-- (server/domain/analytics chooses them); each query spells that union out, as sqlc cannot read the
-- columns of a function that would hold it.

-- name: FoldDailyStats :one
SELECT fold_daily_stats()::bigint;

-- name: StatsTotals :one
WITH picked AS (
    SELECT m.brand_id, m.campaign_id, m.affiliate_id, m.currency, m.clicks, m.unique_clicks, m.conversions,
           m.link_conversions,
           m.revenue, m.commission, m.pending_commission, m.confirmed_commission, m.paid_commission
    FROM monthly_stats m
    WHERE m.grain = @grain AND m.month BETWEEN @first_month::date AND @last_month::date
    UNION ALL
    SELECT s.brand_id, s.campaign_id, s.affiliate_id, s.currency, s.clicks, s.unique_clicks, s.conversions,
           s.link_conversions, s.revenue, s.commission, s.pending_commission, s.confirmed_commission, s.paid_commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day = ANY(@added_days::date[])
    UNION ALL
    SELECT s.brand_id, s.campaign_id, s.affiliate_id, s.currency, -s.clicks, -s.unique_clicks,
           -s.conversions, -s.link_conversions, -s.revenue, -s.commission, -s.pending_commission, -s.confirmed_commission,
           -s.paid_commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day = ANY(@removed_days::date[])
), per_currency AS (
    SELECT s.currency, sum(s.clicks) AS clicks, sum(s.unique_clicks) AS unique_clicks,
           sum(s.conversions) AS conversions, sum(s.link_conversions) AS link_conversions,
           sum(s.revenue) AS revenue, sum(s.commission) AS commission,
           sum(s.pending_commission) AS pending_commission, sum(s.confirmed_commission) AS confirmed_commission,
           sum(s.paid_commission) AS paid_commission
    FROM picked s
    WHERE (sqlc.narg(brand_id)::uuid IS NULL OR s.brand_id = sqlc.narg(brand_id))
      AND (sqlc.narg(campaign_id)::uuid IS NULL OR s.campaign_id = sqlc.narg(campaign_id))
      AND (sqlc.narg(affiliate_id)::uuid IS NULL OR s.affiliate_id = sqlc.narg(affiliate_id))
    GROUP BY s.currency
)
SELECT coalesce(sum(p.clicks), 0)::bigint AS clicks,
       coalesce(sum(p.unique_clicks), 0)::bigint AS unique_clicks,
       coalesce(sum(p.conversions), 0)::bigint AS conversions,
       coalesce(sum(p.link_conversions), 0)::bigint AS link_conversions,
       round(coalesce(sum(p.revenue * d.rate / coalesce(r.rate, d.rate)), 0), 2)::numeric AS revenue,
       round(coalesce(sum(p.commission * d.rate / coalesce(r.rate, d.rate)), 0), 2)::numeric AS commission,
       round(coalesce(sum(p.pending_commission * d.rate / coalesce(r.rate, d.rate)), 0), 2)::numeric AS pending_commission,
       round(coalesce(sum(p.confirmed_commission * d.rate / coalesce(r.rate, d.rate)), 0), 2)::numeric AS confirmed_commission,
       round(coalesce(sum(p.paid_commission * d.rate / coalesce(r.rate, d.rate)), 0), 2)::numeric AS paid_commission
FROM (SELECT x.rate FROM currency_rates x WHERE x.currency = @display::text) d
LEFT JOIN per_currency p ON true
LEFT JOIN currency_rates r ON r.currency = p.currency;

-- name: StatsByDay :many
-- Only days with rows; the caller fills the others with zeros.
WITH per_currency AS (
    SELECT s.day, s.currency, sum(s.clicks) AS clicks, sum(s.unique_clicks) AS unique_clicks,
           sum(s.conversions) AS conversions, sum(s.revenue) AS revenue, sum(s.commission) AS commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day BETWEEN @first_day::date AND @last_day::date
      AND (sqlc.narg(brand_id)::uuid IS NULL OR s.brand_id = sqlc.narg(brand_id))
      AND (sqlc.narg(campaign_id)::uuid IS NULL OR s.campaign_id = sqlc.narg(campaign_id))
      AND (sqlc.narg(affiliate_id)::uuid IS NULL OR s.affiliate_id = sqlc.narg(affiliate_id))
    GROUP BY s.day, s.currency
)
SELECT p.day::date AS day, sum(p.clicks)::bigint AS clicks, sum(p.unique_clicks)::bigint AS unique_clicks,
       sum(p.conversions)::bigint AS conversions,
       round(sum(p.revenue * d.rate / coalesce(r.rate, d.rate)), 2)::numeric AS revenue,
       round(sum(p.commission * d.rate / coalesce(r.rate, d.rate)), 2)::numeric AS commission
FROM per_currency p
CROSS JOIN (SELECT x.rate FROM currency_rates x WHERE x.currency = @display::text) d
LEFT JOIN currency_rates r ON r.currency = p.currency
GROUP BY p.day
ORDER BY p.day;

-- name: StatsByCampaign :many
-- Per campaign, highest revenue first; grain is 1 (campaign) or 0 (link, to narrow by affiliate).
-- A campaign is listed when it has clicks or conversions in the range: a month read whole less its
-- days outside the range can leave rows that add up to nothing.
WITH picked AS (
    SELECT m.brand_id, m.campaign_id, m.affiliate_id, m.currency, m.clicks, m.conversions, m.revenue,
           m.commission
    FROM monthly_stats m
    WHERE m.grain = @grain AND m.month BETWEEN @first_month::date AND @last_month::date
    UNION ALL
    SELECT s.brand_id, s.campaign_id, s.affiliate_id, s.currency, s.clicks, s.conversions, s.revenue,
           s.commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day = ANY(@added_days::date[])
    UNION ALL
    SELECT s.brand_id, s.campaign_id, s.affiliate_id, s.currency, -s.clicks, -s.conversions, -s.revenue,
           -s.commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day = ANY(@removed_days::date[])
), per_currency AS (
    SELECT s.campaign_id, s.currency, sum(s.clicks) AS clicks, sum(s.conversions) AS conversions,
           sum(s.revenue) AS revenue, sum(s.commission) AS commission
    FROM picked s
    WHERE s.campaign_id <> '00000000-0000-0000-0000-000000000000'
      AND (sqlc.narg(brand_id)::uuid IS NULL OR s.brand_id = sqlc.narg(brand_id))
      AND (sqlc.narg(campaign_id)::uuid IS NULL OR s.campaign_id = sqlc.narg(campaign_id))
      AND (sqlc.narg(affiliate_id)::uuid IS NULL OR s.affiliate_id = sqlc.narg(affiliate_id))
    GROUP BY s.campaign_id, s.currency
), per_campaign AS (
    SELECT p.campaign_id, sum(p.clicks)::bigint AS clicks, sum(p.conversions)::bigint AS conversions,
           round(sum(p.revenue * d.rate / coalesce(r.rate, d.rate)), 2)::numeric AS revenue,
           round(sum(p.commission * d.rate / coalesce(r.rate, d.rate)), 2)::numeric AS commission
    FROM per_currency p
    CROSS JOIN (SELECT x.rate FROM currency_rates x WHERE x.currency = @display::text) d
    LEFT JOIN currency_rates r ON r.currency = p.currency
    GROUP BY p.campaign_id
    HAVING sum(p.clicks) <> 0 OR sum(p.conversions) <> 0
)
SELECT pc.campaign_id, coalesce(c.name, '')::text AS campaign_name, coalesce(b.company_name, '')::text AS brand_name,
       pc.clicks, pc.conversions, pc.revenue, pc.commission
FROM per_campaign pc
LEFT JOIN campaigns c ON c.id = pc.campaign_id
LEFT JOIN brands b ON b.id = c.brand_id
ORDER BY pc.revenue DESC, pc.conversions DESC, pc.clicks DESC, pc.campaign_id
LIMIT @max_rows;

-- name: StatsByAffiliate :many
-- Per affiliate (grain 2), highest revenue first; listed when it has clicks or conversions.
WITH picked AS (
    SELECT m.brand_id, m.campaign_id, m.affiliate_id, m.currency, m.clicks, m.conversions, m.revenue,
           m.commission
    FROM monthly_stats m
    WHERE m.grain = @grain AND m.month BETWEEN @first_month::date AND @last_month::date
    UNION ALL
    SELECT s.brand_id, s.campaign_id, s.affiliate_id, s.currency, s.clicks, s.conversions, s.revenue,
           s.commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day = ANY(@added_days::date[])
    UNION ALL
    SELECT s.brand_id, s.campaign_id, s.affiliate_id, s.currency, -s.clicks, -s.conversions, -s.revenue,
           -s.commission
    FROM daily_stats s
    WHERE s.grain = @grain AND s.day = ANY(@removed_days::date[])
), per_currency AS (
    SELECT s.affiliate_id, s.currency, sum(s.clicks) AS clicks, sum(s.conversions) AS conversions,
           sum(s.revenue) AS revenue, sum(s.commission) AS commission
    FROM picked s
    WHERE (sqlc.narg(brand_id)::uuid IS NULL OR s.brand_id = sqlc.narg(brand_id))
    GROUP BY s.affiliate_id, s.currency
), per_affiliate AS (
    SELECT p.affiliate_id, sum(p.clicks)::bigint AS clicks, sum(p.conversions)::bigint AS conversions,
           round(sum(p.revenue * d.rate / coalesce(r.rate, d.rate)), 2)::numeric AS revenue,
           round(sum(p.commission * d.rate / coalesce(r.rate, d.rate)), 2)::numeric AS commission
    FROM per_currency p
    CROSS JOIN (SELECT x.rate FROM currency_rates x WHERE x.currency = @display::text) d
    LEFT JOIN currency_rates r ON r.currency = p.currency
    GROUP BY p.affiliate_id
    HAVING sum(p.clicks) <> 0 OR sum(p.conversions) <> 0
    ORDER BY 4 DESC, 3 DESC, 2 DESC, 1
    LIMIT @max_rows
)
SELECT pa.affiliate_id, coalesce(a.name, '')::text AS affiliate_name, pa.clicks, pa.conversions, pa.revenue, pa.commission
FROM per_affiliate pa
LEFT JOIN affiliates a ON a.id = pa.affiliate_id
ORDER BY pa.revenue DESC, pa.conversions DESC, pa.clicks DESC, pa.affiliate_id;

-- name: BrandCounts :one
SELECT (SELECT count(*) FROM campaigns c WHERE c.brand_id = @brand_id AND c.status = 'active')::int AS active_campaigns,
       (SELECT count(DISTINCT m.affiliate_id) FROM campaign_memberships m
        WHERE m.brand_id = @brand_id AND m.status = 'approved')::int AS affiliates,
       (SELECT count(*) FROM campaign_memberships m WHERE m.brand_id = @brand_id AND m.status = 'pending')::int AS pending_applications,
       coalesce((SELECT c.awaiting FROM review_counts c WHERE c.brand_id = @brand_id), 0)::int AS pending_conversions;

-- name: PlatformCounts :one
SELECT (SELECT count(*) FROM brands)::int AS brands,
       (SELECT count(*) FROM affiliates)::int AS affiliates,
       (SELECT count(*) FROM campaigns c WHERE c.status = 'active')::int AS active_campaigns,
       (SELECT count(*) FROM campaign_memberships m WHERE m.status = 'pending')::int AS pending_applications,
       coalesce((SELECT sum(c.awaiting) FROM review_counts c), 0)::int AS pending_conversions;

-- name: AffiliateConversionFacts :one
-- What the rollups do not hold: the orders placed with the affiliate's discount codes (the sum of
-- its codes' usage counts, the one definition every screen shows) and the latest conversion.
SELECT (SELECT coalesce(sum(d.current_usage_count), 0) FROM discount_codes d
        WHERE d.affiliate_id = @affiliate_id
          AND (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id)))::int AS codes_used,
       (SELECT max(v.converted_at) FROM conversions v
        WHERE v.affiliate_id = @affiliate_id AND v.status NOT IN ('rejected', 'reversed')
          AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))) AS last_conversion_at;

-- name: RecentAffiliateConversions :many
SELECT v.id, v.order_id, v.customer_email, coalesce(c.name, '')::text AS campaign_name, v.status,
       v.commission_amount, v.commission_currency, v.converted_at
FROM conversions v
LEFT JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
WHERE v.affiliate_id = @affiliate_id
  AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
ORDER BY v.created_at DESC, v.id DESC
LIMIT 5;

-- name: RecentAffiliateClicks :many
-- The newest five of each link (clicks_link_time_idx), then the newest five of those: an affiliate
-- with hundreds of thousands of clicks reads a few rows per link, not all of them.
SELECT k.id, l.short_code AS link_code, coalesce(c.name, '')::text AS campaign_name, k.clicked_at
FROM tracking_links l
CROSS JOIN LATERAL (
    SELECT x.id, x.clicked_at FROM clicks x
    WHERE x.link_id = l.id AND x.brand_id = l.brand_id AND NOT x.is_bot
    ORDER BY x.clicked_at DESC, x.id DESC
    LIMIT 5
) k
LEFT JOIN campaigns c ON c.id = l.campaign_id AND c.brand_id = l.brand_id
WHERE l.affiliate_id = @affiliate_id
  AND (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id))
ORDER BY k.clicked_at DESC, k.id DESC
LIMIT 5;

-- name: RecentActivity :many
-- The newest ids first, from the index alone (activity_log_brand_idx, activity_log_affiliate_idx):
-- asked for whole rows, the planner walked the whole log's newest entries to find a tenant's.
-- The object's name is its current one (else the one logged when it was deleted; '' for none);
-- the count (NULL for none) is how many campaigns an emergency switch touched or how many
-- conversions a payout holds. Each object table is joined, not read in a correlated subquery:
-- under Citus the log is the coordinator's and the objects are on the workers, and a lateral
-- read of a distributed table from the log's rows answers nothing.
WITH newest AS (
    SELECT a.id, CASE WHEN a.entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z'
                      THEN a.entity_id::uuid END AS entity_uuid
    FROM activity_log a
    WHERE (sqlc.narg(brand_id)::uuid IS NULL OR a.brand_id = sqlc.narg(brand_id))
      AND (sqlc.narg(affiliate_id)::uuid IS NULL OR a.affiliate_id = sqlc.narg(affiliate_id))
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT @max_rows
)
SELECT a.id, a.action, a.entity_type, a.entity_id, a.created_at, a.actor_id,
       u.account_type AS actor_type, u.brand_id AS actor_brand_id, u.affiliate_id AS actor_affiliate_id,
       coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, '')::text AS actor_name,
       coalesce(CASE WHEN a.entity_type IN ('campaign', 'brand', 'api_key', 'tracking_link', 'discount_code', 'affiliate', 'application')
                     THEN coalesce(c.name, mc.name, b.company_name, f.name, l.short_code, d.code, k.name,
                                   a.details->>'name', a.details->>'short_code', a.details->>'code')
                     WHEN a.entity_type = 'conversion' THEN coalesce(v.order_id, a.details->>'order_id') END, '')::text AS object_name,
       CASE a.entity_type WHEN 'platform' THEN (a.details->>'campaigns')::bigint
                          WHEN 'payout' THEN (a.details->>'conversions')::bigint END AS object_count
FROM newest n
JOIN activity_log a ON a.id = n.id
LEFT JOIN users u ON u.id = a.actor_id
LEFT JOIN campaigns c ON a.entity_type = 'campaign' AND c.id = n.entity_uuid
LEFT JOIN campaign_memberships m ON a.entity_type = 'application' AND m.id = n.entity_uuid
LEFT JOIN campaigns mc ON mc.id = m.campaign_id AND mc.brand_id = m.brand_id
LEFT JOIN brands b ON a.entity_type = 'brand' AND b.id = n.entity_uuid
LEFT JOIN affiliates f ON a.entity_type = 'affiliate' AND f.id = n.entity_uuid
LEFT JOIN tracking_links l ON a.entity_type = 'tracking_link' AND l.id = n.entity_uuid
LEFT JOIN discount_codes d ON a.entity_type = 'discount_code' AND d.id = n.entity_uuid
LEFT JOIN api_keys k ON a.entity_type = 'api_key' AND k.id = n.entity_uuid
LEFT JOIN conversions v ON a.entity_type = 'conversion' AND v.id = n.entity_uuid
ORDER BY a.created_at DESC, a.id DESC;
