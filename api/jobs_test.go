package api_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// The host reads the background jobs per kind and state with each kind's latest error; a brand and
// an affiliate are refused. The jobs are rows of a kind of this test's own, since other tests share
// the database (and this app's runner is not started, so nothing works them).
func TestJobStatsForTheHostOnly(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	p := newProgram(t, env)
	kind := "test.stats_" + uuid.NewString()[:8]
	ctx := context.Background()
	for _, j := range []struct {
		state, errors string
		attempt       int
		attemptedAt   *string
	}{
		{"available", `{}`, 0, nil},
		{"retryable", `{"{\"at\": \"2026-11-26T10:00:00Z\", \"attempt\": 1, \"error\": \"old failure\"}"}`, 1, new("2026-11-26T10:00:00Z")},
		{"discarded", `{"{\"at\": \"2026-11-26T11:00:00Z\", \"attempt\": 1, \"error\": \"first\"}","{\"at\": \"2026-11-26T12:00:00Z\", \"attempt\": 2, \"error\": \"SMTP said 554\"}"}`, 2, new("2026-11-26T12:00:00Z")},
		{"discarded", `{}`, 0, nil},
	} {
		if _, err := env.App.Pool.Exec(ctx, `INSERT INTO river_job (kind, args, state, errors, attempt, attempted_at, max_attempts, finalized_at)
			VALUES ($1, '{}', $2::river_job_state, $3::jsonb[], $4, $5::timestamptz, 2, CASE WHEN $2 = 'discarded' THEN now() END)`,
			kind, j.state, j.errors, j.attempt, j.attemptedAt); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { _, _ = env.App.Pool.Exec(context.Background(), `DELETE FROM river_job WHERE kind = $1`, kind) })

	kinds := data(mustStatus(t, env.Call(t, http.MethodGet, "/admin/jobs", host, nil), http.StatusOK))["kinds"].([]any)
	var got map[string]any
	for _, k := range kinds {
		if k := k.(map[string]any); k["kind"] == kind {
			got = k
		}
	}
	if got == nil {
		t.Fatalf("%s missing from %v", kind, kinds)
	}
	want := map[string]any{
		"available": 1.0, "retryable": 1.0, "discarded": 2.0, "running": 0.0, "completed": 0.0, "scheduled": 0.0,
		"pending": 0.0, "cancelled": 0.0, "last_error": "SMTP said 554", "last_error_attempt": 2.0, "last_error_at": "2026-11-26T12:00:00Z",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}

	wantError(t, env.Call(t, http.MethodGet, "/admin/jobs", p.brand.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/admin/jobs", p.affiliate.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/admin/jobs", "", nil), http.StatusUnauthorized, "UNAUTHORIZED")
}
