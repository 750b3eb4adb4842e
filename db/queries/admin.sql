-- name: UpdateUserProfile :exec
UPDATE users SET first_name = @first_name, last_name = @last_name, company_name = @company_name WHERE id = @id;

-- name: CountEntities :one
SELECT (SELECT count(*) FROM users)::int AS users,
       (SELECT count(*) FROM brands)::int AS brands,
       (SELECT count(*) FROM affiliates)::int AS affiliates,
       (SELECT count(*) FROM campaigns)::int AS campaigns,
       (SELECT count(*) FROM campaign_memberships)::int AS applications,
       (SELECT count(*) FROM api_keys)::int AS api_keys;

-- name: ExportUsers :many
SELECT id, email, first_name, last_name, coalesce(company_name, '') AS company_name, account_type, is_verified, created_at
FROM users ORDER BY created_at, id;

-- name: ExportBrands :many
SELECT id, public_id, company_name, coalesce(domain, '') AS domain, default_currency, created_at
FROM brands ORDER BY created_at, id;

-- name: ExportAffiliates :many
SELECT id, name, email, created_at FROM affiliates ORDER BY created_at, id;

-- name: ExportCampaigns :many
SELECT c.id, c.brand_id, c.name, c.status, c.currency, c.commission_type, c.commission_value,
       c.budget, c.start_date, c.end_date, c.visibility, c.approval_mode, c.created_at
FROM campaigns c ORDER BY c.created_at, c.id;

-- name: ExportApplications :many
SELECT id, brand_id, campaign_id, affiliate_id, status, created_at, decided_at
FROM campaign_memberships ORDER BY created_at, id;
