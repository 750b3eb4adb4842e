package server_test

import (
	"context"
	"testing"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestDevModeSeedsOnce starts a dev-mode server twice on one database: the demo accounts,
// brand domain, campaigns, membership, tracking link, discount code and conversions are there after the first start and
// not doubled.
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
		var users, campaigns, members, domains, links, codes, confirmed, pending, flagged int
		err = app.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM campaigns),
			(SELECT count(*) FROM campaign_memberships WHERE status = 'approved'), (SELECT count(*) FROM brand_domains),
			(SELECT count(*) FROM tracking_links), (SELECT count(*) FROM discount_codes WHERE code = 'WINTER10'),
			(SELECT count(*) FROM conversions WHERE status = 'confirmed' AND attribution = 'discount_code'),
			(SELECT count(*) FROM conversions WHERE status = 'pending'),
			(SELECT count(*) FROM conversions WHERE status = 'flagged' AND flag_reason = 'self_referral')`).
			Scan(&users, &campaigns, &members, &domains, &links, &codes, &confirmed, &pending, &flagged)
		app.Close()
		if err != nil {
			t.Fatal(err)
		}
		if users != 3 || campaigns != 3 || members != 1 || domains != 1 || links != 1 || codes != 1 {
			t.Errorf("start %d: %d users, %d campaigns, %d memberships, %d domains, %d links, %d codes",
				start, users, campaigns, members, domains, links, codes)
		}
		if confirmed != 2 || pending != 2 || flagged != 1 {
			t.Errorf("start %d: %d confirmed, %d pending, %d flagged demo conversions", start, confirmed, pending, flagged)
		}
	}
}
