-- name: ListCampaigns :many
-- A page of campaigns as one caller sees them: brand_id narrows to a brand's own; affiliate_id
-- shows the active ones that are public or it was invited to, plus those it applied to (only
-- those with only_member). membership_status and status narrow it; runs_from and runs_to keep the
-- campaigns running on at least one of those days (a missing start or end date runs on).
SELECT sqlc.embed(c), b.company_name AS brand_name,
       (SELECT count(*) FROM campaign_memberships am WHERE am.campaign_id = c.id AND am.brand_id = c.brand_id AND am.status = 'approved')::int AS affiliates_count,
       m.status AS membership_status,
       EXISTS (SELECT 1 FROM campaign_invitations i WHERE i.campaign_id = c.id AND i.brand_id = c.brand_id AND i.affiliate_id = coalesce(sqlc.narg(affiliate_id), '00000000-0000-0000-0000-000000000000'::uuid)) AS invited,
       count(*) OVER () AS total
FROM campaigns c
JOIN brands b ON b.id = c.brand_id
LEFT JOIN campaign_memberships m ON m.campaign_id = c.id AND m.brand_id = c.brand_id AND m.affiliate_id = coalesce(sqlc.narg(affiliate_id), '00000000-0000-0000-0000-000000000000'::uuid)
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR c.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR m.id IS NOT NULL
       OR (NOT @only_member::boolean AND c.status = 'active' AND (c.visibility = 'public' OR EXISTS (SELECT 1 FROM campaign_invitations i WHERE i.campaign_id = c.id AND i.brand_id = c.brand_id AND i.affiliate_id = coalesce(sqlc.narg(affiliate_id), '00000000-0000-0000-0000-000000000000'::uuid)))))
  AND (c.name ILIKE @pattern OR c.id::text ILIKE @pattern)
  AND (sqlc.narg(membership_status)::text IS NULL OR m.status = sqlc.narg(membership_status))
  AND (sqlc.narg(status)::text IS NULL OR c.status = sqlc.narg(status))
  AND (sqlc.narg(runs_to)::date IS NULL OR c.start_date IS NULL OR c.start_date <= sqlc.narg(runs_to))
  AND (sqlc.narg(runs_from)::date IS NULL OR c.end_date IS NULL OR c.end_date >= sqlc.narg(runs_from))
ORDER BY
  CASE WHEN @sort::text = 'name' AND @descending::bool THEN lower(c.name) COLLATE "ro-RO-x-icu" END DESC,
  CASE WHEN @sort::text = 'name' AND NOT @descending::bool THEN lower(c.name) COLLATE "ro-RO-x-icu" END ASC,
  CASE WHEN @descending::bool THEN c.created_at END DESC,
  CASE WHEN NOT @descending::bool THEN c.created_at END ASC,
  c.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetCampaign :one
-- One campaign as a caller sees it: brand_id narrows to a brand's own; an affiliate_id sees only
-- what ListCampaigns shows it (its own, or public and active), so any other is simply not found.
SELECT sqlc.embed(c), b.company_name AS brand_name,
       (SELECT count(*) FROM campaign_memberships am WHERE am.campaign_id = c.id AND am.brand_id = c.brand_id AND am.status = 'approved')::int AS affiliates_count,
       m.status AS membership_status,
       EXISTS (SELECT 1 FROM campaign_invitations i WHERE i.campaign_id = c.id AND i.brand_id = c.brand_id AND i.affiliate_id = coalesce(sqlc.narg(affiliate_id), '00000000-0000-0000-0000-000000000000'::uuid)) AS invited
FROM campaigns c
JOIN brands b ON b.id = c.brand_id
LEFT JOIN campaign_memberships m ON m.campaign_id = c.id AND m.brand_id = c.brand_id AND m.affiliate_id = coalesce(sqlc.narg(affiliate_id), '00000000-0000-0000-0000-000000000000'::uuid)
WHERE c.id = @id AND (sqlc.narg(brand_id)::uuid IS NULL OR c.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR m.id IS NOT NULL
       OR (c.status = 'active' AND (c.visibility = 'public' OR EXISTS (SELECT 1 FROM campaign_invitations i WHERE i.campaign_id = c.id AND i.brand_id = c.brand_id AND i.affiliate_id = coalesce(sqlc.narg(affiliate_id), '00000000-0000-0000-0000-000000000000'::uuid)))));

-- name: CreateCampaign :one
INSERT INTO campaigns (brand_id, name, description, homepage_url, status, start_date, end_date, budget, currency,
                       commission_type, commission_value, attribution_window_days, holding_days, visibility, approval_mode,
                       commission_base, recurring, recurring_limit, product_rates, tier_basis, tiers)
VALUES (@brand_id, @name, @description, @homepage_url, @status, @start_date, @end_date, @budget, @currency,
        @commission_type, @commission_value, @attribution_window_days, @holding_days, @visibility, @approval_mode,
        @commission_base, @recurring, sqlc.narg(recurring_limit), @product_rates, @tier_basis, @tiers)
RETURNING id;

-- name: UpdateCampaign :exec
UPDATE campaigns
SET name = @name, description = @description, homepage_url = @homepage_url, status = @status,
    start_date = @start_date, end_date = @end_date, budget = @budget, currency = @currency,
    commission_type = @commission_type, commission_value = @commission_value,
    attribution_window_days = @attribution_window_days, holding_days = @holding_days, visibility = @visibility,
    approval_mode = @approval_mode, commission_base = @commission_base,
    recurring = @recurring, recurring_limit = sqlc.narg(recurring_limit),
    product_rates = @product_rates, tier_basis = @tier_basis, tiers = @tiers, updated_at = now()
WHERE id = @id;

-- name: DetachCampaignConversions :exec
-- Run before DeleteCampaign: a deleted campaign's conversions stay, without it (the foreign key
-- cannot SET NULL under Citus: migration 000035).
UPDATE conversions SET campaign_id = NULL WHERE campaign_id = @campaign_id AND brand_id = @brand_id;

-- name: DeleteCampaign :execrows
DELETE FROM campaigns WHERE id = @id AND brand_id = @brand_id;

-- name: JoinCampaign :one
-- Applies once; a second call changes nothing and answers the existing membership id.
INSERT INTO campaign_memberships (brand_id, campaign_id, affiliate_id, status, decided_at)
VALUES (@brand_id, @campaign_id, @affiliate_id, @status, CASE WHEN @status::text = 'approved' THEN now() END)
ON CONFLICT (campaign_id, affiliate_id, brand_id) DO UPDATE SET status = campaign_memberships.status
RETURNING id;

-- name: ListApplications :many
SELECT m.*, c.name AS campaign_name, a.name AS affiliate_name, a.email AS affiliate_email,
       count(*) OVER () AS total
FROM campaign_memberships m
JOIN campaigns c ON c.id = m.campaign_id AND c.brand_id = m.brand_id
JOIN affiliates a ON a.id = m.affiliate_id
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR m.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR m.affiliate_id = sqlc.narg(affiliate_id))
  AND (sqlc.narg(status)::text IS NULL OR m.status = sqlc.narg(status))
  AND (sqlc.narg(campaign_id)::uuid IS NULL OR m.campaign_id = sqlc.narg(campaign_id))
  AND (a.name ILIKE @pattern OR a.email ILIKE @pattern OR c.name ILIKE @pattern)
ORDER BY m.created_at DESC, m.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetApplication :one
SELECT m.*, c.name AS campaign_name, a.name AS affiliate_name, a.email AS affiliate_email
FROM campaign_memberships m
JOIN campaigns c ON c.id = m.campaign_id AND c.brand_id = m.brand_id
JOIN affiliates a ON a.id = m.affiliate_id
WHERE m.id = @id AND (sqlc.narg(brand_id)::uuid IS NULL OR m.brand_id = sqlc.narg(brand_id));

-- name: DecideApplication :exec
UPDATE campaign_memberships SET status = @status, decided_at = now() WHERE id = @id;

-- name: InvitableAffiliate :one
-- The affiliate with an account that has this email (case-insensitive): a record the host created
-- counts once its person signed up.
SELECT f.id FROM affiliates f
WHERE lower(f.email) = lower(@email::text) AND EXISTS (SELECT 1 FROM users u WHERE u.affiliate_id = f.id)
LIMIT 1;

-- name: InviteEmail :one
-- Invites an email to a campaign, with its affiliate when one with an account has it. Inviting an
-- email twice keeps the first invitation, which takes the affiliate found now if it had none: the
-- row comes back only when it is new or just got its affiliate (no row: nothing changed).
INSERT INTO campaign_invitations (campaign_id, brand_id, email, affiliate_id, invited_by)
VALUES (@campaign_id, @brand_id, lower(@email::text), sqlc.narg(affiliate_id), sqlc.narg(invited_by))
ON CONFLICT (campaign_id, brand_id, lower(email)) DO UPDATE SET affiliate_id = EXCLUDED.affiliate_id
    WHERE campaign_invitations.affiliate_id IS NULL AND EXCLUDED.affiliate_id IS NOT NULL
RETURNING id, affiliate_id;

-- name: ListInvitations :many
-- A campaign's invitations; the affiliate is named only once it joined (a membership the brand
-- sees anyway), so the list never tells which emails have an account.
SELECT i.id, i.email, i.created_at, m.status AS membership_status, a.id AS affiliate_id, a.name AS affiliate_name
FROM campaign_invitations i
LEFT JOIN campaign_memberships m ON m.campaign_id = i.campaign_id AND m.brand_id = i.brand_id AND m.affiliate_id = i.affiliate_id
LEFT JOIN affiliates a ON a.id = m.affiliate_id
WHERE i.campaign_id = @campaign_id
ORDER BY i.created_at DESC, i.id;

-- name: DeleteInvitation :execrows
DELETE FROM campaign_invitations WHERE campaign_id = @campaign_id AND brand_id = @brand_id AND id = @id;
