-- name: CreateTrackingLink :one
INSERT INTO tracking_links (brand_id, campaign_id, affiliate_id, name, short_code, destination_url)
VALUES (@brand_id, @campaign_id, @affiliate_id, @name, @short_code, @destination_url)
RETURNING id;

-- name: ListTrackingLinks :many
-- A page of links; brand_id or affiliate_id narrows them to one tenant. Clicks from people and
-- from bots are counted apart, each through its own partial index on clicks (link_id).
SELECT sqlc.embed(l), c.name AS campaign_name, a.name AS affiliate_name,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND NOT k.is_bot)::int AS click_count,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND k.is_bot)::int AS bot_clicks,
       count(*) OVER () AS total
FROM tracking_links l
JOIN campaigns c ON c.id = l.campaign_id
JOIN affiliates a ON a.id = l.affiliate_id
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR l.affiliate_id = sqlc.narg(affiliate_id))
  AND (l.name ILIKE @pattern OR l.destination_url ILIKE @pattern OR l.short_code ILIKE @pattern
       OR l.affiliate_id::text ILIKE @pattern OR l.id::text ILIKE @pattern)
ORDER BY l.created_at DESC, l.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetTrackingLink :one
SELECT sqlc.embed(l), c.name AS campaign_name, a.name AS affiliate_name,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND NOT k.is_bot)::int AS click_count,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND k.is_bot)::int AS bot_clicks
FROM tracking_links l
JOIN campaigns c ON c.id = l.campaign_id
JOIN affiliates a ON a.id = l.affiliate_id
WHERE l.id = @id
  AND (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR l.affiliate_id = sqlc.narg(affiliate_id));

-- name: UpdateTrackingLink :exec
UPDATE tracking_links SET name = @name, destination_url = @destination_url, status = @status, updated_at = now()
WHERE id = @id;

-- name: DeleteTrackingLink :exec
DELETE FROM tracking_links WHERE id = @id;

-- name: DeleteLinkClicks :exec
DELETE FROM clicks WHERE link_id = @link_id;

-- name: ShortCodeExists :one
SELECT EXISTS (SELECT 1 FROM short_codes WHERE code = @short_code);

-- name: ResolveShortCode :one
-- What the redirect needs to know about a short code, in one read: short_codes gives the code's
-- link and brand without knowing the brand. earning: the link's affiliate is still approved in the
-- campaign (a rejected or removed one's links redirect without a click).
SELECT l.id, l.brand_id, l.campaign_id, l.affiliate_id, l.destination_url, l.status,
       c.status AS campaign_status,
       EXISTS (SELECT 1 FROM campaign_memberships m
               WHERE m.campaign_id = l.campaign_id AND m.affiliate_id = l.affiliate_id AND m.brand_id = l.brand_id
                 AND m.status = 'approved') AS earning
FROM short_codes s
JOIN tracking_links l ON l.id = s.link_id AND l.brand_id = s.brand_id
JOIN campaigns c ON c.id = l.campaign_id AND c.brand_id = l.brand_id
WHERE s.code = @short_code;

-- name: ApprovedMembership :one
SELECT EXISTS (
    SELECT 1 FROM campaign_memberships
    WHERE campaign_id = @campaign_id AND affiliate_id = @affiliate_id AND status = 'approved');

-- name: ListClicks :many
SELECT *, count(*) OVER () AS total
FROM clicks
ORDER BY id DESC
LIMIT @max_rows OFFSET @skip_rows;

-- name: CountClicks :one
SELECT count(*)::bigint FROM clicks;

-- name: CreateDiscountCode :one
INSERT INTO discount_codes (brand_id, campaign_id, affiliate_id, code, description, discount_type, discount_value,
                            minimum_order_amount, usage_limit, usage_limit_per_customer, valid_from, valid_until,
                            is_exclusive, commission_override, status)
VALUES (@brand_id, @campaign_id, @affiliate_id, @code, @description, @discount_type, @discount_value,
        @minimum_order_amount, @usage_limit, @usage_limit_per_customer, @valid_from, @valid_until,
        @is_exclusive, @commission_override, @status)
RETURNING id;

-- name: ListDiscountCodes :many
SELECT sqlc.embed(d), b.company_name AS brand_name, c.name AS campaign_name, c.currency AS campaign_currency, a.name AS affiliate_name,
       count(*) OVER () AS total
FROM discount_codes d
JOIN brands b ON b.id = d.brand_id
JOIN campaigns c ON c.id = d.campaign_id
JOIN affiliates a ON a.id = d.affiliate_id
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR d.affiliate_id = sqlc.narg(affiliate_id))
  AND (d.code ILIKE @pattern OR d.affiliate_id::text ILIKE @pattern OR d.brand_id::text ILIKE @pattern OR d.id::text ILIKE @pattern)
ORDER BY d.created_at DESC, d.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetDiscountCode :one
SELECT sqlc.embed(d), b.company_name AS brand_name, c.name AS campaign_name, c.currency AS campaign_currency, a.name AS affiliate_name
FROM discount_codes d
JOIN brands b ON b.id = d.brand_id
JOIN campaigns c ON c.id = d.campaign_id
JOIN affiliates a ON a.id = d.affiliate_id
WHERE d.id = @id AND (sqlc.narg(brand_id)::uuid IS NULL OR d.brand_id = sqlc.narg(brand_id));

-- name: DiscountCodeTaken :one
-- Whether a brand already has a code, ignoring case (and the code being edited).
SELECT EXISTS (
    SELECT 1 FROM discount_codes
    WHERE brand_id = @brand_id AND lower(code) = lower(@code) AND id <> @except_id);

-- name: UpdateDiscountCode :exec
UPDATE discount_codes
SET code = @code, description = @description, discount_type = @discount_type, discount_value = @discount_value,
    minimum_order_amount = @minimum_order_amount, usage_limit = @usage_limit,
    usage_limit_per_customer = @usage_limit_per_customer, valid_from = @valid_from, valid_until = @valid_until,
    is_exclusive = @is_exclusive, commission_override = @commission_override, status = @status, updated_at = now()
WHERE id = @id;

-- name: DeleteDiscountCode :exec
DELETE FROM discount_codes WHERE id = @id;

-- name: DeleteClicksOf :exec
-- Clicks have no foreign keys (they are copied in batches): deleting a brand, campaign or
-- affiliate removes its clicks with this.
DELETE FROM clicks
WHERE brand_id = sqlc.narg(brand_id) OR campaign_id = sqlc.narg(campaign_id) OR affiliate_id = sqlc.narg(affiliate_id);
