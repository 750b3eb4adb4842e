-- name: ListAffiliates :many
-- A page of affiliates; brand_id narrows to those who applied to one of its campaigns, and then
-- campaigns_joined and total_clicks count only that brand's campaigns and links. Clicks are
-- counted through the partial index on clicks (link_id, clicked_at, id) WHERE NOT is_bot.
SELECT a.*, u.id AS user_id,
       (SELECT count(*) FROM campaign_memberships m
        WHERE m.affiliate_id = a.id AND m.status = 'approved'
          AND (sqlc.narg(brand_id)::uuid IS NULL OR m.brand_id = sqlc.narg(brand_id)))::int AS campaigns_joined,
       (SELECT count(*) FROM tracking_links l JOIN clicks c ON c.link_id = l.id AND NOT c.is_bot
        WHERE l.affiliate_id = a.id
          AND (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id)))::int AS total_clicks,
       s.conversions, s.link_conversions, s.revenue, s.commission, s.last_conversion_at,
       -- Orders placed with the affiliate's codes: the sum of their usage counts, as every screen counts them.
       (SELECT coalesce(sum(d.current_usage_count), 0) FROM discount_codes d
        WHERE d.affiliate_id = a.id AND (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id)))::int AS codes_used,
       count(*) OVER () AS total
FROM affiliates a
LEFT JOIN users u ON u.affiliate_id = a.id
LEFT JOIN LATERAL (
    -- What the affiliate's attributed conversions brought, in RON, counted as the analytics count
    -- them (docs/analytics.md): rejected and reversed ones left out, refunds taken off the revenue.
    SELECT count(*)::int AS conversions,
           coalesce(round(sum((v.order_total - v.refunded_amount) / ro.rate), 2), 0)::numeric AS revenue,
           coalesce(round(sum(v.commission_amount / rc.rate), 2), 0)::numeric AS commission,
           count(v.link_id)::int AS link_conversions,
           max(v.converted_at) AS last_conversion_at
    FROM conversions v
    JOIN currency_rates ro ON ro.currency = v.currency
    JOIN currency_rates rc ON rc.currency = v.commission_currency
    WHERE v.affiliate_id = a.id AND v.status NOT IN ('rejected', 'reversed')
      AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
) s ON true
WHERE (sqlc.narg(brand_id)::uuid IS NULL
       OR EXISTS (SELECT 1 FROM campaign_memberships m WHERE m.affiliate_id = a.id AND m.brand_id = sqlc.narg(brand_id)))
  AND (a.name ILIKE @pattern OR a.email ILIKE @pattern OR a.id::text ILIKE @pattern)
ORDER BY
  CASE WHEN @sort::text = 'name' AND @descending::bool THEN lower(a.name) COLLATE "ro-RO-x-icu" END DESC,
  CASE WHEN @sort::text = 'name' AND NOT @descending::bool THEN lower(a.name) COLLATE "ro-RO-x-icu" END ASC,
  CASE WHEN @descending::bool THEN a.created_at END DESC,
  CASE WHEN NOT @descending::bool THEN a.created_at END ASC,
  a.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetAffiliate :one
SELECT a.*, u.id AS user_id,
       (SELECT count(*) FROM campaign_memberships m
        WHERE m.affiliate_id = a.id AND m.status = 'approved'
          AND (sqlc.narg(brand_id)::uuid IS NULL OR m.brand_id = sqlc.narg(brand_id)))::int AS campaigns_joined,
       (SELECT count(*) FROM tracking_links l JOIN clicks c ON c.link_id = l.id AND NOT c.is_bot
        WHERE l.affiliate_id = a.id
          AND (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id)))::int AS total_clicks,
       s.conversions, s.link_conversions, s.revenue, s.commission, s.last_conversion_at,
       -- Orders placed with the affiliate's codes: the sum of their usage counts, as every screen counts them.
       (SELECT coalesce(sum(d.current_usage_count), 0) FROM discount_codes d
        WHERE d.affiliate_id = a.id AND (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id)))::int AS codes_used
FROM affiliates a
LEFT JOIN users u ON u.affiliate_id = a.id
LEFT JOIN LATERAL (
    -- What the affiliate's attributed conversions brought, in RON, counted as the analytics count
    -- them (docs/analytics.md): rejected and reversed ones left out, refunds taken off the revenue.
    SELECT count(*)::int AS conversions,
           coalesce(round(sum((v.order_total - v.refunded_amount) / ro.rate), 2), 0)::numeric AS revenue,
           coalesce(round(sum(v.commission_amount / rc.rate), 2), 0)::numeric AS commission,
           count(v.link_id)::int AS link_conversions,
           max(v.converted_at) AS last_conversion_at
    FROM conversions v
    JOIN currency_rates ro ON ro.currency = v.currency
    JOIN currency_rates rc ON rc.currency = v.commission_currency
    WHERE v.affiliate_id = a.id AND v.status NOT IN ('rejected', 'reversed')
      AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
) s ON true
WHERE a.id = @id
  AND (sqlc.narg(brand_id)::uuid IS NULL
       OR EXISTS (SELECT 1 FROM campaign_memberships m WHERE m.affiliate_id = a.id AND m.brand_id = sqlc.narg(brand_id)));

-- name: GetVisibleAffiliateName :one
-- GetAffiliate's visibility without its figures.
SELECT a.name FROM affiliates a
WHERE a.id = @id
  AND (sqlc.narg(brand_id)::uuid IS NULL
       OR EXISTS (SELECT 1 FROM campaign_memberships m WHERE m.affiliate_id = a.id AND m.brand_id = sqlc.narg(brand_id)));

-- name: GetAffiliateIDByUser :one
SELECT affiliate_id FROM users WHERE id = @user_id AND affiliate_id IS NOT NULL;

-- name: GetUnlinkedAffiliateByEmail :one
-- An affiliate the host created before its person signed up.
SELECT a.id FROM affiliates a
WHERE lower(a.email) = lower(@email) AND NOT EXISTS (SELECT 1 FROM users u WHERE u.affiliate_id = a.id);

-- name: UpdateAffiliate :execrows
UPDATE affiliates SET name = @name, email = @email WHERE id = @id;

-- name: UpdateAffiliateUserEmail :many
-- A changed address is unconfirmed until its confirmation mail is answered (the right side reads
-- the old email); answers the users whose address now waits for confirmation.
UPDATE users SET email = @email, is_verified = is_verified AND lower(email) = lower(@email)
WHERE affiliate_id = @affiliate_id
RETURNING id, is_verified;

-- name: DeleteAffiliateUsers :exec
DELETE FROM users WHERE affiliate_id = @affiliate_id;

-- name: DeleteAffiliate :execrows
DELETE FROM affiliates WHERE id = @id;
