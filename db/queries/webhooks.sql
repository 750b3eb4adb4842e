-- name: CreateWebhookEndpoint :one
INSERT INTO webhook_endpoints (brand_id, url, description, event_types, enabled, secret)
VALUES (@brand_id, @url, @description, @event_types::text[], @enabled, @secret)
RETURNING *;

-- name: ListWebhookEndpoints :many
SELECT * FROM webhook_endpoints WHERE brand_id = @brand_id ORDER BY created_at, id;

-- name: GetWebhookEndpoint :one
-- A brand's endpoint; another brand's is no row.
SELECT * FROM webhook_endpoints WHERE id = @id AND brand_id = @brand_id;

-- name: LockWebhookEndpoint :one
SELECT * FROM webhook_endpoints WHERE id = @id AND brand_id = @brand_id FOR UPDATE;

-- name: UpdateWebhookEndpoint :one
-- Enabling an endpoint clears the reason it was disabled.
UPDATE webhook_endpoints
SET url = @url, description = @description, event_types = @event_types::text[], enabled = @enabled,
    disabled_reason = CASE WHEN @enabled::boolean THEN '' ELSE disabled_reason END, updated_at = @now
WHERE id = @id AND brand_id = @brand_id
RETURNING *;

-- name: RotateWebhookSecret :one
UPDATE webhook_endpoints
SET previous_secret = secret, previous_secret_until = @previous_until, secret = @secret, updated_at = @now
WHERE id = @id AND brand_id = @brand_id
RETURNING *;

-- name: EndPreviousWebhookSecret :one
-- The rotated-out secret stops signing now; an endpoint without one is answered unchanged.
UPDATE webhook_endpoints
SET previous_secret = NULL, previous_secret_until = NULL,
    updated_at = CASE WHEN previous_secret_until > @now::timestamptz THEN @now::timestamptz ELSE updated_at END
WHERE id = @id AND brand_id = @brand_id
RETURNING *;

-- name: LockWebhookEndpointCount :exec
-- Serialises the creations of one brand's endpoints until the transaction ends, so two at once
-- cannot both pass the count.
SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(@brand_id::text));

-- name: CountWebhookEndpoints :one
SELECT count(*)::int FROM webhook_endpoints WHERE brand_id = @brand_id;

-- name: DisableWebhookEndpoint :execrows
-- Disables an enabled endpoint (once: a second failing delivery finds it disabled).
UPDATE webhook_endpoints SET enabled = false, disabled_reason = @reason, updated_at = @now
WHERE brand_id = @brand_id AND id = @id AND enabled;

-- name: DeleteWebhookEndpoint :execrows
DELETE FROM webhook_endpoints WHERE id = @id AND brand_id = @brand_id;

-- name: SubscribedWebhookEndpoints :many
-- The brand's enabled endpoints that chose the event type.
SELECT id FROM webhook_endpoints
WHERE brand_id = @brand_id AND enabled AND @event_type::text = ANY (event_types)
ORDER BY id;

-- name: CreateWebhookDelivery :one
INSERT INTO webhook_deliveries (id, endpoint_id, brand_id, event_type, payload, created_at)
VALUES (@id, @endpoint_id, @brand_id, @event_type, @payload, @created_at)
RETURNING *;

-- name: GetWebhookDelivery :one
SELECT * FROM webhook_deliveries WHERE brand_id = @brand_id AND id = @id;

-- name: GetOwnWebhookDelivery :one
SELECT * FROM webhook_deliveries WHERE id = @id AND endpoint_id = @endpoint_id AND brand_id = @brand_id;

-- name: ResendWebhookDelivery :one
UPDATE webhook_deliveries SET status = 'pending' WHERE brand_id = @brand_id AND id = @id RETURNING *;

-- name: RecordWebhookAttempt :one
-- Logs an attempt and moves its delivery on; the attempt number follows the delivery's count.
WITH d AS (
    UPDATE webhook_deliveries
    SET attempts = attempts + 1, last_attempt_at = @attempted_at, status = @status
    WHERE webhook_deliveries.brand_id = @brand_id AND webhook_deliveries.id = @delivery_id
    RETURNING webhook_deliveries.brand_id AS brand, webhook_deliveries.id AS delivery, webhook_deliveries.attempts AS n
)
INSERT INTO webhook_attempts (brand_id, delivery_id, attempt, outcome, response_code, duration_ms, excerpt, error, attempted_at)
SELECT d.brand, d.delivery, d.n, @outcome, sqlc.narg(response_code)::integer, @duration_ms, @excerpt, @error, @attempted_at FROM d
RETURNING *;

-- name: ListWebhookDeliveries :many
-- An endpoint's latest deliveries, newest first.
SELECT * FROM webhook_deliveries WHERE brand_id = @brand_id AND endpoint_id = @endpoint_id
ORDER BY created_at DESC, id DESC LIMIT @max_rows;

-- name: ListWebhookAttempts :many
SELECT * FROM webhook_attempts WHERE brand_id = @brand_id AND delivery_id = ANY (@delivery_ids::uuid[]) ORDER BY attempt;
