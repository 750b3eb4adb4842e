package server_test

import (
	"context"
	"testing"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/servertest"
)

// TestDevModeSeedsOnce starts a dev-mode server twice on one database: the demo accounts,
// brand domain, campaigns, membership, tracking link and discount code are there after the first start and not doubled.
func TestDevModeSeedsOnce(t *testing.T) {
	ctx := context.Background()
	dbURL, drop, err := servertest.CreateDatabase(ctx, "devseed")
	if err != nil {
		t.Fatal(err)
	}
	defer drop()
	cfg, err := server.LoadConfig(func(name string) string {
		return map[string]string{"DATABASE_URL": dbURL, "DEV_MODE": "true", "DATA_DIR": t.TempDir()}[name]
	})
	if err != nil {
		t.Fatal(err)
	}
	for start := 1; start <= 2; start++ {
		app, err := server.NewApp(ctx, cfg, nil)
		if err != nil {
			t.Fatalf("start %d: %v", start, err)
		}
		var users, campaigns, members, domains, links, codes int
		err = app.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM campaigns),
			(SELECT count(*) FROM campaign_memberships WHERE status = 'approved'), (SELECT count(*) FROM brand_domains),
			(SELECT count(*) FROM tracking_links), (SELECT count(*) FROM discount_codes WHERE code = 'WINTER10')`).
			Scan(&users, &campaigns, &members, &domains, &links, &codes)
		app.Close()
		if err != nil {
			t.Fatal(err)
		}
		if users != 3 || campaigns != 3 || members != 1 || domains != 1 || links != 1 || codes != 1 {
			t.Errorf("start %d: %d users, %d campaigns, %d memberships, %d domains, %d links, %d codes",
				start, users, campaigns, members, domains, links, codes)
		}
	}
}
