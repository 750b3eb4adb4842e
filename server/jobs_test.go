package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// The app's runner works the periodic jobs that replaced the loops: the holding-period release and
// the cleanup run at start-up, the tracking-domain re-check only one interval later.
func TestAppRunsItsPeriodicJobs(t *testing.T) {
	ctx := context.Background()
	dbURL, drop, err := servertest.CreateDatabase(ctx, "appjobs")
	if err != nil {
		t.Fatal(err)
	}
	defer drop()
	cfg, err := server.LoadConfig(func(name string) string {
		return map[string]string{"DATABASE_URL": dbURL, "JWT_SECRET": "a-test-secret-of-at-least-32-bytes!!"}[name]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs.FetchPoll = 50 * time.Millisecond
	app, err := server.NewApp(ctx, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	if err := app.Jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	completed := func(kind string) (n int) {
		if err := app.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, kind).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(20 * time.Second)
	for completed("conversions.confirm_held") == 0 || completed("platform.cleanup") == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("after 20 s: %d holding-period and %d cleanup jobs completed", completed("conversions.confirm_held"), completed("platform.cleanup"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	var recheck int
	if err := app.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'trackingdomains.recheck'`).Scan(&recheck); err != nil {
		t.Fatal(err)
	}
	if recheck != 0 {
		t.Errorf("%d tracking-domain re-checks at start-up; the first comes one interval later", recheck)
	}
	if err := app.Jobs.Stop(); err != nil {
		t.Fatal(err)
	}
}
