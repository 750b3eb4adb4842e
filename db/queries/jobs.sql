-- name: JobCounts :many
-- How many jobs of each kind are in each state (River's river_job), for the host's admin page.
SELECT kind, state::text AS state, count(*)::bigint AS jobs
FROM river_job
GROUP BY kind, state
ORDER BY kind, state;

-- name: JobLastErrors :many
-- The latest error each kind of job recorded (the last entry of its most recently attempted job
-- that has any), with when it happened and on which attempt.
SELECT DISTINCT ON (kind) kind,
       (errors[array_length(errors, 1)] ->> 'error')::text AS error,
       attempted_at, attempt, id
FROM river_job
WHERE array_length(errors, 1) > 0
ORDER BY kind, attempted_at DESC NULLS LAST, id DESC;

-- name: RunningJobsAhead :one
-- How many jobs of a kind whose arguments hold @match run now and started before the job
-- (attempted_at, id) and after @since (an older one is stuck, not working): what a worker that
-- shares its queue fairly counts before it works.
SELECT count(*)::int FROM river_job
WHERE state = 'running' AND kind = @kind AND args @> @match::jsonb
  AND attempted_at > @since::timestamptz
  AND (attempted_at, id) < (@attempted_at::timestamptz, @id::bigint);

-- name: ScrubJobArgs :exec
-- Replaces a finished job's arguments with what may be kept (a mail's event key), so that no link
-- or address stays in river_job after its work is done.
UPDATE river_job SET args = @args::jsonb WHERE id = @id;
