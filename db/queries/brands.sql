-- name: ListBrands :many
-- A page of brands; brand_id narrows to one (a brand sees itself), pattern is an ILIKE pattern.
SELECT sqlc.embed(b),
       ARRAY(SELECT d.domain FROM brand_domains d WHERE d.brand_id = b.id ORDER BY d.domain)::text[] AS domains,
       coalesce(owner.id, '00000000-0000-0000-0000-000000000000'::uuid)::uuid AS owner_user_id, coalesce(owner.email, '')::text AS owner_email,
       count(*) OVER () AS total
FROM brands b
LEFT JOIN LATERAL (SELECT u.id, u.email FROM users u WHERE u.brand_id = b.id ORDER BY u.created_at, u.id LIMIT 1) owner ON true
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR b.id = sqlc.narg(brand_id))
  AND (b.company_name ILIKE @pattern OR coalesce(b.domain, '') ILIKE @pattern
       OR EXISTS (SELECT 1 FROM brand_domains d WHERE d.brand_id = b.id AND d.domain ILIKE @pattern)
       OR b.public_id ILIKE @pattern OR b.id::text ILIKE @pattern)
ORDER BY
  CASE WHEN @sort::text = 'name' AND @descending::bool THEN lower(b.company_name) COLLATE "ro-RO-x-icu" END DESC,
  CASE WHEN @sort::text = 'name' AND NOT @descending::bool THEN lower(b.company_name) COLLATE "ro-RO-x-icu" END ASC,
  CASE WHEN @descending::bool THEN b.created_at END DESC,
  CASE WHEN NOT @descending::bool THEN b.created_at END ASC,
  b.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: GetBrand :one
SELECT sqlc.embed(b),
       ARRAY(SELECT d.domain FROM brand_domains d WHERE d.brand_id = b.id ORDER BY d.domain)::text[] AS domains,
       coalesce(owner.id, '00000000-0000-0000-0000-000000000000'::uuid)::uuid AS owner_user_id, coalesce(owner.email, '')::text AS owner_email
FROM brands b
LEFT JOIN LATERAL (SELECT u.id, u.email FROM users u WHERE u.brand_id = b.id ORDER BY u.created_at, u.id LIMIT 1) owner ON true
WHERE b.id = @id;

-- name: UpdateBrand :one
UPDATE brands SET company_name = @company_name, domain = @domain
WHERE id = @id
RETURNING id;

-- name: SetupBrand :one
UPDATE brands SET company_name = @company_name, domain = @domain, default_currency = @default_currency
WHERE id = @id
RETURNING id;

-- name: RenameBrandUsers :exec
-- Brand users show their brand's company name.
UPDATE users SET company_name = @company_name WHERE brand_id = @brand_id;

-- name: DeleteBrand :execrows
DELETE FROM brands WHERE id = @id;

-- name: SetWebhookSecret :execrows
UPDATE brands SET webhook_secret = @webhook_secret WHERE id = @id;

-- name: DeleteBrandDomains :exec
DELETE FROM brand_domains WHERE brand_id = @brand_id;

-- name: AddBrandDomain :exec
INSERT INTO brand_domains (brand_id, domain) VALUES (@brand_id, @domain)
ON CONFLICT DO NOTHING;

-- name: CreateApiKey :one
INSERT INTO api_keys (brand_id, name, prefix, key_hash)
VALUES (@brand_id, @name, @prefix, @key_hash)
RETURNING *;

-- name: ListApiKeys :many
SELECT * FROM api_keys WHERE brand_id = @brand_id ORDER BY created_at DESC;

-- name: CountActiveApiKeys :one
SELECT count(*)::int FROM api_keys WHERE brand_id = @brand_id AND revoked_at IS NULL;

-- name: RevokeApiKey :execrows
UPDATE api_keys SET revoked_at = now()
WHERE id = @id AND brand_id = @brand_id AND revoked_at IS NULL;

-- name: ApiKeyExists :one
SELECT EXISTS (SELECT 1 FROM api_keys WHERE id = @id AND brand_id = @brand_id);

-- name: GetActiveApiKey :one
SELECT id, brand_id, last_used_at FROM api_keys WHERE key_hash = @key_hash AND revoked_at IS NULL;

-- name: TouchApiKey :exec
UPDATE api_keys SET last_used_at = now() WHERE id = @id;

-- name: RenameBrand :exec
UPDATE brands SET company_name = @company_name WHERE id = @id;
