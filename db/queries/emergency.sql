-- name: GetPlatformState :one
SELECT s.payouts_frozen, s.ingestion_paused, s.maintenance, s.updated_at,
       (SELECT count(*) FROM campaigns WHERE emergency_paused AND status = 'paused')::int AS campaigns_paused
FROM platform_state s;

-- name: SetPlatformState :exec
UPDATE platform_state
SET payouts_frozen = coalesce(sqlc.narg(payouts_frozen), payouts_frozen),
    ingestion_paused = coalesce(sqlc.narg(ingestion_paused), ingestion_paused),
    maintenance = coalesce(sqlc.narg(maintenance), maintenance),
    updated_by = sqlc.narg(updated_by), updated_at = now();

-- name: EmergencyPauseCampaigns :execrows
UPDATE campaigns SET status = 'paused', emergency_paused = true WHERE status = 'active';

-- name: EmergencyResumeCampaigns :execrows
UPDATE campaigns SET status = 'active', emergency_paused = false WHERE emergency_paused AND status = 'paused';

-- name: ClearEmergencyPause :exec
UPDATE campaigns SET emergency_paused = false WHERE emergency_paused;

-- name: LockPlatformState :exec
-- Taken by the pause and resume of every campaign, so no campaign is activated while either runs.
SELECT 1 FROM platform_state FOR UPDATE;

-- name: ActivationState :one
-- Whether a campaign may be set active now: not in maintenance, and no campaign held by the
-- host's pause. The shared lock waits for a pause or resume running at the same time.
SELECT s.maintenance,
       EXISTS (SELECT 1 FROM campaigns WHERE emergency_paused AND status = 'paused') AS campaigns_paused
FROM platform_state s
FOR SHARE OF s;
