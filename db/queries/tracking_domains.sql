-- name: GetTrackingDomain :one
-- A brand's tracking domain, unless it is a pending claim that expired (that is no claim).
SELECT * FROM tracking_domains WHERE brand_id = @brand_id AND (status = 'verified' OR expires_at > @now::timestamptz);

-- name: VerifiedTrackingDomainByHostname :one
SELECT * FROM tracking_domains WHERE hostname = @hostname AND status = 'verified';

-- name: SetTrackingDomain :one
-- A brand's new host name, pending until it is checked (a brand has one: it replaces the old), with
-- the brand's token.
INSERT INTO tracking_domains (brand_id, hostname, token, status, created_at, expires_at)
SELECT b.id, @hostname, b.domain_token, 'pending', @created_at, @expires_at FROM brands b WHERE b.id = @brand_id
ON CONFLICT (brand_id) DO UPDATE
SET hostname = excluded.hostname, token = excluded.token, status = 'pending', created_at = excluded.created_at, expires_at = excluded.expires_at,
    verified_at = NULL, checked_at = NULL, check_result = NULL, found_target = NULL
RETURNING *;

-- name: RecordTrackingDomainCheck :one
UPDATE tracking_domains
SET status = @status, verified_at = sqlc.narg(verified_at), expires_at = sqlc.narg(expires_at), checked_at = @checked_at,
    check_result = @check_result, found_target = sqlc.narg(found_target)
WHERE brand_id = @brand_id AND hostname = @hostname
RETURNING *;

-- name: UnverifyTrackingDomain :one
-- The daily check found a verified domain's proof gone: it goes back to pending (once, whichever
-- process finds it first).
UPDATE tracking_domains
SET status = 'pending', verified_at = NULL, expires_at = @expires_at, checked_at = @checked_at,
    check_result = @check_result, found_target = sqlc.narg(found_target)
WHERE brand_id = @brand_id AND hostname = @hostname AND status = 'verified'
RETURNING *;

-- name: RecordTrackingDomainRecheck :exec
-- The daily check found a verified domain still proven (or could not look it up).
UPDATE tracking_domains SET checked_at = @checked_at, check_result = @check_result
WHERE brand_id = @brand_id AND hostname = @hostname AND status = 'verified';

-- name: DeleteTrackingDomain :execrows
DELETE FROM tracking_domains WHERE brand_id = @brand_id AND (status = 'verified' OR expires_at > @now::timestamptz);

-- name: DeleteExpiredTrackingDomains :execrows
DELETE FROM tracking_domains WHERE status = 'pending' AND expires_at <= @now::timestamptz;

-- name: LiveTrackingDomains :many
-- Every verified host name and unexpired pending claim with its brand: the redirect keeps them all
-- in memory (a brand's codes are not answered on a name it claims but has not proved).
SELECT hostname, brand_id, status FROM tracking_domains
WHERE status = 'verified' OR expires_at > @now::timestamptz
ORDER BY hostname, brand_id;

-- name: VerifiedTrackingDomains :many
-- The verified domains, for their daily check.
SELECT * FROM tracking_domains WHERE status = 'verified' ORDER BY brand_id;
