-- CSV reports of a range, read page by page in key order (keyset pagination), so a download of any
-- size holds one page in memory. brand_id and affiliate_id narrow to the caller's tenant; the
-- *_filter arguments are what the caller asked for; both apply, so asking for another tenant's
-- rows answers none.

-- name: ReportConversions :many
-- Oldest first by converted_at, then id; the page starts after (after_at, after_id).
SELECT sqlc.embed(v), b.company_name AS brand_name, coalesce(c.name, '')::text AS campaign_name,
       coalesce(a.name, '')::text AS affiliate_name, coalesce(l.short_code, '')::text AS link_code
FROM conversions v
JOIN brands b ON b.id = v.brand_id
LEFT JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
LEFT JOIN affiliates a ON a.id = v.affiliate_id
LEFT JOIN tracking_links l ON l.id = v.link_id AND l.brand_id = v.brand_id
WHERE v.converted_at >= @since::timestamptz AND v.converted_at < @before::timestamptz
  AND (v.converted_at, v.id) > (@after_at::timestamptz, @after_id::uuid)
  AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_id))
  AND (sqlc.narg(brand_filter)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_filter))
  AND (sqlc.narg(campaign_filter)::uuid IS NULL OR v.campaign_id = sqlc.narg(campaign_filter))
  AND (sqlc.narg(affiliate_filter)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_filter))
  AND (sqlc.narg(status)::text IS NULL OR v.status = sqlc.narg(status))
ORDER BY v.converted_at, v.id
LIMIT @max_rows;

-- name: ReportLinkDays :many
-- The per-link rollups (grain 0) summed over currencies, by day, campaign, affiliate and link (the
-- order of the rollups' keys); conversions attributed by a discount code have the zero link id.
-- The page starts after the key (after_day, after_campaign, after_affiliate, after_link).
SELECT s.day::date AS day, s.campaign_id, s.affiliate_id, s.link_id,
       coalesce(l.short_code, '')::text AS link_code, b.company_name AS brand_name,
       coalesce(c.name, '')::text AS campaign_name, coalesce(a.name, '')::text AS affiliate_name,
       sum(s.clicks)::bigint AS clicks, sum(s.unique_clicks)::bigint AS unique_clicks,
       sum(s.conversions)::bigint AS conversions
FROM daily_stats s
JOIN brands b ON b.id = s.brand_id
LEFT JOIN tracking_links l ON l.id = s.link_id AND l.brand_id = s.brand_id
LEFT JOIN campaigns c ON c.id = s.campaign_id AND c.brand_id = s.brand_id
LEFT JOIN affiliates a ON a.id = s.affiliate_id
WHERE s.grain = 0 AND s.day BETWEEN @first_day::date AND @last_day::date
  AND (s.day, s.campaign_id, s.affiliate_id, s.link_id)
      > (@after_day::date, @after_campaign::uuid, @after_affiliate::uuid, @after_link::uuid)
  AND (sqlc.narg(brand_id)::uuid IS NULL OR s.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR s.affiliate_id = sqlc.narg(affiliate_id))
  AND (sqlc.narg(brand_filter)::uuid IS NULL OR s.brand_id = sqlc.narg(brand_filter))
  AND (sqlc.narg(campaign_filter)::uuid IS NULL OR s.campaign_id = sqlc.narg(campaign_filter))
  AND (sqlc.narg(affiliate_filter)::uuid IS NULL OR s.affiliate_id = sqlc.narg(affiliate_filter))
GROUP BY s.day, s.campaign_id, s.affiliate_id, s.link_id, l.short_code, b.company_name, c.name, a.name
ORDER BY s.day, s.campaign_id, s.affiliate_id, s.link_id
LIMIT @max_rows;
