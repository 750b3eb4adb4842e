-- name: CreateTrackingLink :one
INSERT INTO tracking_links (brand_id, campaign_id, affiliate_id, name, short_code, destination_url)
VALUES (@brand_id, @campaign_id, @affiliate_id, @name, @short_code, @destination_url)
RETURNING id;

-- name: ListTrackingLinks :many
-- A page of links; brand_id or affiliate_id narrows them to one tenant. Clicks from people and
-- from bots are counted apart, each through its own partial index on clicks (link_id).
SELECT sqlc.embed(l), c.name AS campaign_name, a.name AS affiliate_name,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND k.brand_id = l.brand_id AND NOT k.is_bot)::int AS click_count,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND k.brand_id = l.brand_id AND k.is_bot)::int AS bot_clicks,
       count(*) OVER () AS total
FROM tracking_links l
JOIN campaigns c ON c.id = l.campaign_id AND c.brand_id = l.brand_id
JOIN affiliates a ON a.id = l.affiliate_id
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR l.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR l.affiliate_id = sqlc.narg(affiliate_id))
  AND (l.name ILIKE @pattern OR l.destination_url ILIKE @pattern OR l.short_code ILIKE @pattern
       OR l.affiliate_id::text ILIKE @pattern OR l.id::text ILIKE @pattern)
ORDER BY l.created_at DESC, l.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetTrackingLink :one
SELECT sqlc.embed(l), c.name AS campaign_name, a.name AS affiliate_name,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND k.brand_id = l.brand_id AND NOT k.is_bot)::int AS click_count,
       (SELECT count(*) FROM clicks k WHERE k.link_id = l.id AND k.brand_id = l.brand_id AND k.is_bot)::int AS bot_clicks
FROM tracking_links l
JOIN campaigns c ON c.id = l.campaign_id AND c.brand_id = l.brand_id
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
-- A deleted link's clicks, taken off the rollups in the same statement (as DeleteClicksOf).
WITH gone AS (
    DELETE FROM clicks k WHERE k.link_id = @link_id AND k.brand_id = @brand_id
    RETURNING k.brand_id, k.clicked_at, k.campaign_id, k.affiliate_id, k.link_id, k.ip_hash, k.is_bot
)
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
SELECT o.brand_id, (o.clicked_at AT TIME ZONE 'UTC')::date, o.campaign_id, o.affiliate_id, o.link_id, '',
       -count(*), -count(DISTINCT o.ip_hash)
FROM gone o
WHERE NOT o.is_bot
GROUP BY 1, 2, 3, 4, 5;

-- name: AddShortCode :exec
-- Every link's code, written with the link (short_codes is read by the redirect without the brand:
-- a reference table under Citus, which a trigger on the links' shards could not write).
INSERT INTO short_codes (code, link_id, brand_id) VALUES (@code, @link_id, @brand_id);

-- name: LinkCodesOf :many
-- The codes of a campaign's or an affiliate's links, read before they are deleted with it, to free
-- them with RemoveShortCodes.
SELECT short_code FROM tracking_links
WHERE (sqlc.narg(campaign_id)::uuid IS NULL OR campaign_id = sqlc.narg(campaign_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR affiliate_id = sqlc.narg(affiliate_id));

-- name: RemoveShortCodes :exec
DELETE FROM short_codes WHERE code = ANY (@codes::text[]);

-- name: RemoveBrandShortCodes :exec
DELETE FROM short_codes WHERE brand_id = @brand_id;

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
JOIN campaigns c ON c.id = d.campaign_id AND c.brand_id = d.brand_id
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
JOIN campaigns c ON c.id = d.campaign_id AND c.brand_id = d.brand_id
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

-- name: DetachCodeConversions :exec
-- Run before DeleteDiscountCode: the conversions a deleted code brought stay, without it (the
-- foreign key cannot SET NULL under Citus: migration 000035).
UPDATE conversions SET discount_code_id = NULL WHERE discount_code_id = @discount_code_id AND brand_id = @brand_id;

-- name: DetachCodesConversions :exec
-- Run before deleting a campaign or an affiliate, whose codes go with it: their conversions stay,
-- without the code (as DetachCodeConversions).
UPDATE conversions v SET discount_code_id = NULL
FROM discount_codes d
WHERE d.id = v.discount_code_id AND d.brand_id = v.brand_id
  AND (sqlc.narg(campaign_id)::uuid IS NULL OR d.campaign_id = sqlc.narg(campaign_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR d.affiliate_id = sqlc.narg(affiliate_id));

-- name: DeleteDiscountCode :exec
DELETE FROM discount_codes WHERE id = @id;

-- name: DeleteClicksOf :exec
-- Clicks have no foreign keys (they are copied in batches): deleting a brand, campaign or
-- affiliate removes its clicks with this, and takes them off the rollups in the same statement
-- (a trigger with a transition table did this before; under Citus a shard's trigger cannot).
WITH gone AS (
    DELETE FROM clicks k
    WHERE k.brand_id = sqlc.narg(brand_id) OR k.campaign_id = sqlc.narg(campaign_id) OR k.affiliate_id = sqlc.narg(affiliate_id)
    RETURNING k.brand_id, k.clicked_at, k.campaign_id, k.affiliate_id, k.link_id, k.ip_hash, k.is_bot
)
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
SELECT o.brand_id, (o.clicked_at AT TIME ZONE 'UTC')::date, o.campaign_id, o.affiliate_id, o.link_id, '',
       -count(*), -count(DISTINCT o.ip_hash)
FROM gone o
WHERE NOT o.is_bot
GROUP BY 1, 2, 3, 4, 5;

-- name: RollupClicks :exec
-- The rollup deltas of a batch of clicks just copied, in the copy's transaction (the click writer,
-- server/domain/clicks): per day, link and visitor (ip_hash), a visitor is unique on a day when no
-- click of the link by it was stored before this batch. brand_id pairs every read with its row, so
-- under Citus the statement runs on each node's co-located shards.
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
SELECT g.brand_id, g.day, g.campaign_id, g.affiliate_id, g.link_id, '', sum(g.clicks), count(*) FILTER (WHERE NOT g.seen)
FROM (
    SELECT k.brand_id, k.day, k.campaign_id, k.affiliate_id, k.link_id, count(*) AS clicks,
           EXISTS (SELECT 1 FROM clicks c
                   WHERE c.brand_id = k.brand_id AND c.link_id = k.link_id AND c.ip_hash = k.ip_hash AND NOT c.is_bot
                     AND c.clicked_at >= k.day::timestamp AT TIME ZONE 'UTC'
                     AND c.clicked_at < (k.day + 1)::timestamp AT TIME ZONE 'UTC'
                     AND NOT c.id = ANY (@ids::uuid[])) AS seen
    FROM (SELECT n.brand_id, (n.clicked_at AT TIME ZONE 'UTC')::date AS day, n.campaign_id, n.affiliate_id, n.link_id, n.ip_hash
          FROM clicks n
          WHERE n.id = ANY (@ids::uuid[]) AND NOT n.is_bot) k
    GROUP BY k.brand_id, k.day, k.campaign_id, k.affiliate_id, k.link_id, k.ip_hash
) g
GROUP BY g.brand_id, g.day, g.campaign_id, g.affiliate_id, g.link_id;
