-- name: ClaimIdempotencyKey :execrows
-- Takes a key for one request: a new row, a row past its 24 hours, or a claim on the same request
-- whose holder stopped renewing it (its process died). Affects no row while the key is taken.
INSERT INTO idempotency_keys AS k (caller_id, key, method, path, body_hmac, claim_id, locked_until, created_at)
VALUES (@caller_id, @key, @method, @path, @body_hmac, @claim_id, @locked_until, @now)
ON CONFLICT (caller_id, key) DO UPDATE
SET method = excluded.method, path = excluded.path, body_hmac = excluded.body_hmac,
    claim_id = excluded.claim_id, locked_until = excluded.locked_until, created_at = excluded.created_at,
    response_status = NULL, response_content_type = NULL, response_body = NULL, withheld = false
WHERE k.created_at <= @expired_before
   OR (k.response_status IS NULL AND k.locked_until <= @now
       AND k.method = excluded.method AND k.path = excluded.path AND k.body_hmac = excluded.body_hmac);

-- name: GetIdempotencyKey :one
SELECT method, path, body_hmac, response_status, response_content_type, response_body, withheld
FROM idempotency_keys
WHERE caller_id = @caller_id AND key = @key AND created_at > @expired_before;

-- name: RenewIdempotencyClaim :exec
UPDATE idempotency_keys SET locked_until = @locked_until
WHERE caller_id = @caller_id AND key = @key AND claim_id = @claim_id AND response_status IS NULL;

-- name: CompleteIdempotencyKey :execrows
-- Keeps the answer; a withheld one (it held a credential) keeps only that the key was used.
UPDATE idempotency_keys
SET response_status = @response_status, response_content_type = @response_content_type, response_body = @response_body,
    withheld = @withheld
WHERE caller_id = @caller_id AND key = @key AND claim_id = @claim_id AND response_status IS NULL;

-- name: ReleaseIdempotencyKey :exec
DELETE FROM idempotency_keys
WHERE caller_id = @caller_id AND key = @key AND claim_id = @claim_id AND response_status IS NULL;

-- name: DeleteExpiredIdempotencyKeys :execrows
DELETE FROM idempotency_keys WHERE created_at <= @expired_before;
