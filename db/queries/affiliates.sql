-- name: ListAffiliates :many
-- A page of affiliates; brand_id narrows to those who applied to one of its campaigns, and then
-- campaigns_joined and total_clicks count only that brand's campaigns and links. The page is
-- chosen first (affiliates and users alone), then each figure is counted for its affiliates only,
-- grouped by affiliate: under Citus each count runs on every node's shards, none correlated with
-- the reference tables. Clicks are counted through the partial index on clicks (link_id,
-- clicked_at, id) WHERE NOT is_bot.
WITH page AS (
    SELECT a.*, u.id AS user_id, count(*) OVER () AS total,
           row_number() OVER (ORDER BY
               CASE WHEN @sort::text = 'name' AND @descending::bool THEN lower(a.name) COLLATE "ro-RO-x-icu" END DESC,
               CASE WHEN @sort::text = 'name' AND NOT @descending::bool THEN lower(a.name) COLLATE "ro-RO-x-icu" END ASC,
               CASE WHEN @descending::bool THEN a.created_at END DESC,
               CASE WHEN NOT @descending::bool THEN a.created_at END ASC,
               a.id) AS position
    FROM affiliates a
    LEFT JOIN users u ON u.affiliate_id = a.id
    WHERE (sqlc.narg(brand_id)::uuid IS NULL
           OR a.id IN (SELECT m.affiliate_id FROM campaign_memberships m WHERE m.brand_id = sqlc.narg(brand_id)))
      AND (a.name ILIKE @pattern OR a.email ILIKE @pattern OR a.id::text ILIKE @pattern)
    ORDER BY position
    LIMIT @max_rows OFFSET @skip_rows
)
SELECT p.id, p.name, p.email, p.created_at, p.user_id,
       coalesce(j.joined, 0)::int AS campaigns_joined,
       coalesce(k.clicks, 0)::int AS total_clicks,
       coalesce(s.conversions, 0)::int AS conversions, coalesce(s.link_conversions, 0)::int AS link_conversions,
       coalesce(s.revenue, 0)::numeric AS revenue, coalesce(s.commission, 0)::numeric AS commission,
       s.last_conversion_at,
       -- Orders placed with the affiliate's codes: the sum of their usage counts, as every screen counts them.
       coalesce(d.used, 0)::int AS codes_used,
       p.total
FROM page p
LEFT JOIN (
    SELECT m.affiliate_id, count(*) AS joined FROM campaign_memberships m
    WHERE m.status = 'approved' AND m.affiliate_id IN (SELECT id FROM page)
      AND (sqlc.narg(brand_id)::uuid IS NULL OR m.brand_id = sqlc.narg(brand_id))
    GROUP BY m.affiliate_id
) j ON j.affiliate_id = p.id
LEFT JOIN (
    SELECT l.affiliate_id, count(*) AS clicks
    FROM tracking_links l JOIN clicks c ON c.link_id = l.id AND c.brand_id = l.brand_id AND NOT c.is_bot
    WHERE l.affiliate_id IN (SELECT id FROM page)
      AND (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id))
    GROUP BY l.affiliate_id
) k ON k.affiliate_id = p.id
LEFT JOIN (
    -- What the affiliate's attributed conversions brought, in RON, counted as the analytics count
    -- them (docs/analytics.md): rejected and reversed ones left out, refunds taken off the revenue.
    SELECT v.affiliate_id, count(*) AS conversions,
           round(sum((v.order_total - v.refunded_amount) / ro.rate), 2) AS revenue,
           round(sum(v.commission_amount / rc.rate), 2) AS commission,
           count(v.link_id) AS link_conversions,
           max(v.converted_at) AS last_conversion_at
    FROM conversions v
    JOIN currency_rates ro ON ro.currency = v.currency
    JOIN currency_rates rc ON rc.currency = v.commission_currency
    WHERE v.affiliate_id IN (SELECT id FROM page) AND v.status NOT IN ('rejected', 'reversed')
      AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
    GROUP BY v.affiliate_id
) s ON s.affiliate_id = p.id
LEFT JOIN (
    SELECT d.affiliate_id, sum(d.current_usage_count) AS used FROM discount_codes d
    WHERE d.affiliate_id IN (SELECT id FROM page)
      AND (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id))
    GROUP BY d.affiliate_id
) d ON d.affiliate_id = p.id
ORDER BY p.position;

-- name: GetAffiliate :one
SELECT a.*, u.id AS user_id,
       (SELECT count(*) FROM campaign_memberships m
        WHERE m.affiliate_id = @id AND m.status = 'approved'
          AND (sqlc.narg(brand_id)::uuid IS NULL OR m.brand_id = sqlc.narg(brand_id)))::int AS campaigns_joined,
       (SELECT count(*) FROM tracking_links l JOIN clicks c ON c.link_id = l.id AND c.brand_id = l.brand_id AND NOT c.is_bot
        WHERE l.affiliate_id = @id
          AND (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id)))::int AS total_clicks,
       s.conversions, s.link_conversions, s.revenue, s.commission, s.last_conversion_at,
       -- Orders placed with the affiliate's codes: the sum of their usage counts, as every screen counts them.
       (SELECT coalesce(sum(d.current_usage_count), 0) FROM discount_codes d
        WHERE d.affiliate_id = @id AND (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id)))::int AS codes_used
FROM affiliates a
LEFT JOIN users u ON u.affiliate_id = a.id
LEFT JOIN (
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
    WHERE v.affiliate_id = @id AND v.status NOT IN ('rejected', 'reversed')
      AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
) s ON true
WHERE a.id = @id
  AND (sqlc.narg(brand_id)::uuid IS NULL
       OR EXISTS (SELECT 1 FROM campaign_memberships m WHERE m.affiliate_id = @id AND m.brand_id = sqlc.narg(brand_id)));

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
