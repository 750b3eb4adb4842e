-- name: LockRateLimitKey :exec
-- Serialises the attempts on one key until the transaction ends, so a burst cannot all pass the count.
SELECT pg_advisory_xact_lock(hashtext(@action::text), hashtext(@key::text));

-- name: CountRateLimitHits :one
-- How many attempts one key had since a moment, and when the oldest and the newest of them happened.
SELECT count(*)::int AS hits, coalesce(min(created_at), @since::timestamptz)::timestamptz AS oldest,
       coalesce(max(created_at), @since::timestamptz)::timestamptz AS newest
FROM rate_limit_hits
WHERE action = @action AND key = @key AND created_at > @since;

-- name: RecordRateLimitHit :one
INSERT INTO rate_limit_hits (action, key, created_at) VALUES (@action, @key, @created_at)
RETURNING id;

-- name: DeleteRateLimitHit :exec
DELETE FROM rate_limit_hits WHERE id = @id;

-- name: DeleteRateLimitHits :exec
DELETE FROM rate_limit_hits WHERE action = @action AND key = @key;

-- name: DeleteOldRateLimitHits :execrows
DELETE FROM rate_limit_hits WHERE created_at < @before;
