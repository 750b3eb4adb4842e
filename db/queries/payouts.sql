-- name: LockPayable :many
-- A brand's confirmed commissions in no payout that a run may take (affiliate_id narrows them),
-- locked in a fixed order: a racing run waits, then finds them taken and skips them.
SELECT v.id, v.brand_id, v.affiliate_id, v.commission_currency, v.commission_amount
FROM conversions v
WHERE v.status = 'confirmed' AND v.payout_id IS NULL AND v.affiliate_id IS NOT NULL AND v.commission_amount > 0
  AND v.brand_id = @brand_id
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_id))
ORDER BY v.id
FOR UPDATE OF v;

-- name: InsertPayout :one
INSERT INTO payouts (brand_id, affiliate_id, affiliate_name, affiliate_email, currency, amount, conversion_count, created_by)
SELECT @brand_id, a.id, a.name, a.email, @currency, @amount, @conversion_count, sqlc.narg(created_by)
FROM affiliates a WHERE a.id = @affiliate_id
RETURNING id;

-- name: AttachToPayout :execrows
UPDATE conversions SET payout_id = @payout_id, updated_at = now() WHERE id = ANY(@ids::uuid[]);

-- name: GetPayout :one
-- A payout the caller may see (brand_id or affiliate_id narrows it to a tenant).
SELECT sqlc.embed(p), b.company_name AS brand_name
FROM payouts p JOIN brands b ON b.id = p.brand_id
WHERE p.id = @id
  AND (sqlc.narg(brand_id)::uuid IS NULL OR p.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR p.affiliate_id = sqlc.narg(affiliate_id));

-- name: ListPayouts :many
-- A page of payouts; brand_id or affiliate_id narrows them to one tenant, the other arguments
-- filter, and sort with descending orders them (created_at, amount or paid_at, unpaid ones last).
SELECT sqlc.embed(p), b.company_name AS brand_name, count(*) OVER () AS total
FROM payouts p JOIN brands b ON b.id = p.brand_id
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR p.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR p.affiliate_id = sqlc.narg(affiliate_id))
  AND (sqlc.narg(status)::text IS NULL OR p.status = sqlc.narg(status))
  AND (sqlc.narg(affiliate_filter)::uuid IS NULL OR p.affiliate_id = sqlc.narg(affiliate_filter))
  AND (sqlc.narg(since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(since))
  AND (sqlc.narg(before)::timestamptz IS NULL OR p.created_at < sqlc.narg(before))
ORDER BY
  CASE WHEN @sort::text = 'amount' AND @descending::bool THEN p.amount END DESC,
  CASE WHEN @sort::text = 'amount' AND NOT @descending::bool THEN p.amount END ASC,
  CASE WHEN @sort::text = 'paid_at' AND @descending::bool THEN p.paid_at END DESC NULLS LAST,
  CASE WHEN @sort::text = 'paid_at' AND NOT @descending::bool THEN p.paid_at END ASC NULLS LAST,
  CASE WHEN @descending::bool THEN p.created_at END DESC,
  CASE WHEN NOT @descending::bool THEN p.created_at END ASC,
  p.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: PayoutBrand :one
-- The brand of a payout, for the host, who may manage every brand's: LockPayout names the brand.
SELECT brand_id FROM payouts WHERE id = @id;

-- name: LockPayout :one
SELECT * FROM payouts WHERE id = @id AND brand_id = @brand_id FOR UPDATE;

-- name: PayableBrands :many
-- The brands with confirmed commissions in no payout (affiliate_id narrows them): a run over every
-- brand locks each brand's in turn (LockPayable).
SELECT DISTINCT v.brand_id FROM conversions v
WHERE v.status = 'confirmed' AND v.payout_id IS NULL AND v.affiliate_id IS NOT NULL AND v.commission_amount > 0
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_id))
ORDER BY v.brand_id;

-- name: MarkPayoutPaid :exec
UPDATE payouts SET status = 'paid', reference = @reference, paid_by = sqlc.narg(paid_by), paid_at = now() WHERE id = @id;

-- name: MarkPayoutConversionsPaid :execrows
UPDATE conversions SET status = 'paid', updated_at = now() WHERE payout_id = @payout_id AND status = 'confirmed';

-- name: ReleasePayoutConversions :exec
UPDATE conversions SET payout_id = NULL, updated_at = now() WHERE payout_id = @payout_id;

-- name: DeletePayout :exec
DELETE FROM payouts WHERE id = @id;

-- name: LeavePayout :exec
UPDATE conversions SET payout_id = NULL, updated_at = now() WHERE id = @id;

-- name: PayoutTotals :one
SELECT coalesce(sum(commission_amount), 0)::numeric AS amount, count(*)::int AS conversion_count
FROM conversions WHERE payout_id = @payout_id;

-- name: SetPayoutTotals :exec
UPDATE payouts SET amount = @amount, conversion_count = @conversion_count WHERE id = @id;

-- name: PayableGroups :many
-- What a run would pay, a page at a time: confirmed commissions in no payout per brand, affiliate
-- and currency, in a stable order (the ids break ties), with the count of every group (total).
SELECT v.brand_id, b.company_name AS brand_name, v.affiliate_id AS affiliate_id, a.name AS affiliate_name,
       v.commission_currency AS currency, sum(v.commission_amount)::numeric AS amount, count(*)::int AS conversion_count,
       count(*) OVER () AS total
FROM conversions v
JOIN brands b ON b.id = v.brand_id
JOIN affiliates a ON a.id = v.affiliate_id
WHERE v.status = 'confirmed' AND v.payout_id IS NULL AND v.commission_amount > 0
  AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
GROUP BY v.brand_id, b.company_name, v.affiliate_id, a.name, v.commission_currency
HAVING sum(v.commission_amount) >= @minimum_amount::numeric
ORDER BY b.company_name COLLATE "ro-RO-x-icu", a.name COLLATE "ro-RO-x-icu", v.commission_currency, v.brand_id, v.affiliate_id
LIMIT @max_rows OFFSET @skip_rows;
