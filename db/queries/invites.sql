-- name: CreateAffiliateInvite :exec
INSERT INTO affiliate_invites (token_hash, affiliate_id, created_by, expires_at, created_at)
VALUES (@token_hash, @affiliate_id, @created_by, @expires_at, @created_at);

-- name: GetAffiliateInvite :one
-- The affiliate record of an unused, unexpired invitation that no user has claimed yet.
SELECT a.id, a.email
FROM affiliate_invites i
JOIN affiliates a ON a.id = i.affiliate_id
WHERE i.token_hash = @token_hash AND i.used_at IS NULL AND i.expires_at > @now
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.affiliate_id = a.id);

-- name: ConsumeAffiliateInvite :one
UPDATE affiliate_invites
SET used_at = @now::timestamptz
WHERE token_hash = @token_hash AND used_at IS NULL AND expires_at > @now
RETURNING affiliate_id;

-- name: GetAffiliateForInvite :one
-- An affiliate record and whether a user already claimed it.
SELECT a.id, a.email, EXISTS (SELECT 1 FROM users u WHERE u.affiliate_id = a.id) AS claimed
FROM affiliates a
WHERE a.id = @id;
