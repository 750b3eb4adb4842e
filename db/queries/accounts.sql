-- name: CreateBrand :one
INSERT INTO brands (public_id, company_name, webhook_secret)
VALUES (@public_id, @company_name, @webhook_secret)
RETURNING *;

-- name: BrandPublicIDExists :one
SELECT EXISTS (SELECT 1 FROM brands WHERE public_id = @public_id);

-- name: CreateAffiliate :one
INSERT INTO affiliates (name, email)
VALUES (@name, @email)
RETURNING *;

-- name: CreateUser :one
INSERT INTO users (email, password_hash, first_name, last_name, company_name, account_type, is_verified, brand_id, affiliate_id)
VALUES (@email, @password_hash, @first_name, @last_name, @company_name, @account_type, @is_verified, @brand_id, @affiliate_id)
RETURNING *;

-- name: EmailExists :one
SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower(@email));

-- name: GetUserProfile :one
SELECT sqlc.embed(u), b.public_id AS brand_public_id
FROM users u
LEFT JOIN brands b ON b.id = u.brand_id
WHERE u.id = @id;

-- name: GetUserProfileByEmail :one
SELECT sqlc.embed(u), b.public_id AS brand_public_id
FROM users u
LEFT JOIN brands b ON b.id = u.brand_id
WHERE lower(u.email) = lower(@email);

-- name: UpdatePassword :one
-- Sets a new password and ends every session issued before it; answers the new generation.
UPDATE users SET password_hash = @password_hash, session_generation = session_generation + 1
WHERE id = @id
RETURNING session_generation;

-- name: DisableUsersByEmail :many
-- Disables the accounts with these (lower-case) emails that are not disabled yet.
UPDATE users SET disabled_at = @now::timestamptz
WHERE lower(email) = ANY (@emails::text[]) AND disabled_at IS NULL
RETURNING email;

-- name: EnableUsersByEmail :many
UPDATE users SET disabled_at = NULL
WHERE lower(email) = ANY (@emails::text[]) AND disabled_at IS NOT NULL
RETURNING email;

-- name: RevokeToken :exec
INSERT INTO revoked_tokens (jti, expires_at) VALUES (@jti, @expires_at)
ON CONFLICT (jti) DO NOTHING;

-- name: IsTokenRevoked :one
SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = @jti);

-- name: DeleteExpiredRevokedTokens :execrows
DELETE FROM revoked_tokens WHERE expires_at < now();

-- name: CreatePasswordResetToken :exec
INSERT INTO password_reset_tokens (token_hash, user_id, created_by, expires_at)
VALUES (@token_hash, @user_id, @created_by, @expires_at);

-- name: GetResetTokenUser :one
-- The user of a reset token that is unused and unexpired.
SELECT user_id FROM password_reset_tokens
WHERE token_hash = @token_hash AND used_at IS NULL AND expires_at > @now;

-- name: EndPasswordResetTokens :exec
-- Ends every outstanding reset token of a user: one was used, or its password or email changed.
DELETE FROM password_reset_tokens WHERE user_id = @user_id;

-- name: ConsumePasswordResetToken :one
-- Marks the token used and answers its user, only while it is unused and unexpired.
UPDATE password_reset_tokens
SET used_at = @now::timestamptz
WHERE token_hash = @token_hash AND used_at IS NULL AND expires_at > @now
RETURNING user_id;

-- name: ListCurrencyRates :many
SELECT * FROM currency_rates ORDER BY currency;

-- name: LockCurrencyRates :many
SELECT * FROM currency_rates ORDER BY currency FOR UPDATE;

-- name: SetCurrencyRate :exec
INSERT INTO currency_rates (currency, rate, updated_at) VALUES (@currency, @rate, now())
ON CONFLICT (currency) DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at;

-- name: LogActivity :exec
-- The one writer of the activity log (server/domain/activity). Whose entry it is (brand, affiliate) comes
-- from its object (entity_uuid: entity_id when it is a UUID), looked up while it still exists, and
-- else from the actor's account; an entry for the host alone (host_only) is no tenant's. Each
-- lookup reads one table by a constant, so under Citus none is correlated with another table.
INSERT INTO activity_log (actor_id, action, entity_type, entity_id, details, brand_id, affiliate_id)
SELECT sqlc.narg(actor_id)::uuid, @action, @entity_type::text, @entity_id, @details,
       coalesce(o.brand_id, u.brand_id), coalesce(o.affiliate_id, u.affiliate_id)
FROM (SELECT 1) AS one
LEFT JOIN users u ON u.id = sqlc.narg(actor_id)::uuid AND NOT @host_only::boolean
LEFT JOIN (
    SELECT v.brand_id, v.affiliate_id FROM conversions v WHERE @entity_type::text = 'conversion' AND v.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT c.brand_id, NULL FROM campaigns c WHERE @entity_type::text = 'campaign' AND c.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT l.brand_id, l.affiliate_id FROM tracking_links l WHERE @entity_type::text = 'tracking_link' AND l.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT d.brand_id, d.affiliate_id FROM discount_codes d WHERE @entity_type::text = 'discount_code' AND d.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT p.brand_id, p.affiliate_id FROM payouts p WHERE @entity_type::text = 'payout' AND p.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT m.brand_id, m.affiliate_id FROM campaign_memberships m WHERE @entity_type::text = 'application' AND m.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT k.brand_id, NULL FROM api_keys k WHERE @entity_type::text = 'api_key' AND k.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT x.brand_id, x.affiliate_id FROM users x WHERE @entity_type::text = 'user' AND x.id = sqlc.narg(entity_uuid)::uuid
    UNION ALL SELECT sqlc.narg(entity_uuid)::uuid, NULL WHERE @entity_type::text = 'brand'
    UNION ALL SELECT NULL, sqlc.narg(entity_uuid)::uuid WHERE @entity_type::text = 'affiliate'
    LIMIT 1
) o ON NOT @host_only::boolean;

-- name: GetSessionUser :one
-- The user behind a token, and whether the token was revoked, in one round trip.
SELECT u.id, u.account_type, u.brand_id, u.affiliate_id, u.session_generation,
       (u.disabled_at IS NOT NULL)::boolean AS disabled,
       EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = @jti) AS revoked
FROM users u
WHERE u.id = @user_id;
