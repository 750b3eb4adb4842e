-- name: GetTrackingDomain :one
SELECT * FROM tracking_domains WHERE brand_id = @brand_id;

-- name: TrackingDomainByHostname :one
SELECT * FROM tracking_domains WHERE hostname = @hostname;

-- name: SetTrackingDomain :one
-- A brand's new host name, pending until it is checked (a brand has one: it replaces the old).
INSERT INTO tracking_domains (brand_id, hostname, status, created_at)
VALUES (@brand_id, @hostname, 'pending', @created_at)
ON CONFLICT (brand_id) DO UPDATE
SET hostname = excluded.hostname, status = 'pending', created_at = excluded.created_at,
    verified_at = NULL, checked_at = NULL, check_result = NULL, found_target = NULL
RETURNING *;

-- name: RecordTrackingDomainCheck :one
UPDATE tracking_domains
SET status = @status, verified_at = sqlc.narg(verified_at), checked_at = @checked_at,
    check_result = @check_result, found_target = sqlc.narg(found_target)
WHERE brand_id = @brand_id
RETURNING *;

-- name: DeleteTrackingDomain :execrows
DELETE FROM tracking_domains WHERE brand_id = @brand_id;

-- name: VerifiedTrackingDomains :many
-- Every verified host name with its brand: the redirect keeps them all in memory.
SELECT hostname, brand_id FROM tracking_domains WHERE status = 'verified';
