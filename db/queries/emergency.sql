-- name: GetPlatformState :one
SELECT s.payouts_frozen, s.ingestion_paused, s.maintenance, s.updated_at,
       (SELECT count(*) FROM campaigns WHERE emergency_paused)::int AS campaigns_paused
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
