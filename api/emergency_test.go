package api_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/payouts"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/tenancy"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestEmergencySwitches: the host freezes payouts, pauses ingestion (503 with Retry-After, nothing
// stored), puts the platform in maintenance (changes refused, reads and sign-in go on) and pauses
// every campaign; each is reversible, logged, and the host's alone.
func TestEmergencySwitches(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	p := newProgram(t, env)
	set := func(body map[string]any) map[string]any {
		return data(mustStatus(t, env.Call(t, http.MethodPut, "/admin/emergency", host, body), http.StatusOK))
	}
	t.Cleanup(func() {
		set(map[string]any{"payouts_frozen": false, "ingestion_paused": false, "maintenance": false})
		mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "resume"}), http.StatusOK)
	})
	for _, token := range []string{p.brand.token, p.affiliate.token} {
		wantError(t, env.Call(t, http.MethodGet, "/admin/emergency", token, nil), http.StatusForbidden, "FORBIDDEN")
		wantError(t, env.Call(t, http.MethodPut, "/admin/emergency", token, map[string]any{"maintenance": true}), http.StatusForbidden, "FORBIDDEN")
		wantError(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", token, map[string]any{"action": "pause"}), http.StatusForbidden, "FORBIDDEN")
	}
	wantError(t, env.Call(t, http.MethodPut, "/admin/emergency", host, map[string]any{}), http.StatusBadRequest, "VALIDATION_ERROR")

	// Payouts frozen: none is created or paid.
	confirmedOrders(t, env, p, "SOS10", "sos-1")
	if st := set(map[string]any{"payouts_frozen": true}); st["payouts_frozen"] != true || st["maintenance"] != false {
		t.Fatalf("state: %v", st)
	}
	wantError(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{}), http.StatusConflict, "PAYOUTS_FROZEN")
	set(map[string]any{"payouts_frozen": false})
	payout := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{}), http.StatusOK))[0]["id"].(string)
	set(map[string]any{"payouts_frozen": true})
	wantError(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.brand.token, map[string]any{"reference": "x"}), http.StatusConflict, "PAYOUTS_FROZEN")
	set(map[string]any{"payouts_frozen": false})
	mustStatus(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.brand.token, map[string]any{"reference": "x"}), http.StatusOK)

	// Ingestion paused: the order is refused with Retry-After and not stored; later it is.
	set(map[string]any{"ingestion_paused": true})
	order := map[string]any{"order_id": "sos-paused", "order_total": "10.00", "currency": "RON"}
	r := env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, order)
	wantError(t, r, http.StatusServiceUnavailable, "INGESTION_PAUSED")
	if r.Header.Get("Retry-After") != "300" {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE order_id = 'sos-paused'"); n != 0 {
		t.Errorf("%d stored while paused", n)
	}
	set(map[string]any{"ingestion_paused": false})
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, order), http.StatusCreated)

	// Maintenance: changes refused, reads and sign-in go on, the public config says so.
	set(map[string]any{"maintenance": true})
	wantError(t, env.Call(t, http.MethodPost, "/campaigns", p.brand.token, map[string]any{"name": "During"}), http.StatusServiceUnavailable, "MAINTENANCE")
	mustStatus(t, env.Call(t, http.MethodGet, "/campaigns", p.brand.token, nil), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/login", "", map[string]any{"email": servertest.HostEmail, "password": servertest.HostPassword}), http.StatusOK)
	if cfg := data(mustStatus(t, env.Call(t, http.MethodGet, "/system/config", "", nil), http.StatusOK)); cfg["maintenance"] != true {
		t.Errorf("config: %v", cfg)
	}
	set(map[string]any{"maintenance": false})
	if cfg := data(mustStatus(t, env.Call(t, http.MethodGet, "/system/config", "", nil), http.StatusOK)); cfg["maintenance"] != false {
		t.Errorf("config after: %v", cfg)
	}

	// Every active campaign paused, then exactly those resumed.
	other := newProgram(t, env)
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+other.campaign["id"].(string), other.brand.token, map[string]any{"status": "paused"}), http.StatusOK)
	paused := data(mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "pause"}), http.StatusOK))
	if paused["campaigns_paused"].(float64) < 1 {
		t.Errorf("after the pause: %v", paused)
	}
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE status = 'active'"); n != 0 {
		t.Errorf("%d campaigns still active", n)
	}
	resumed := data(mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "resume"}), http.StatusOK))
	if resumed["campaigns_paused"] != float64(0) {
		t.Errorf("after resuming: %v", resumed)
	}
	// The activity feed counts the campaigns each one touched.
	counted := map[string]float64{}
	for _, e := range data(mustStatus(t, env.Call(t, http.MethodGet, "/activity/recent?limit=5", host, nil), http.StatusOK))["activity"].([]any) {
		if e := e.(map[string]any); e["entity_type"] == "platform" && e["count"] != nil {
			if _, seen := counted[e["action"].(string)]; !seen {
				counted[e["action"].(string)] = e["count"].(float64)
			}
		}
	}
	if counted["emergency.campaigns_paused"] < 1 || counted["emergency.campaigns_resumed"] != counted["emergency.campaigns_paused"] {
		t.Errorf("the feed counts %v, paused %v", counted, paused["campaigns_paused"])
	}
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND status = 'active'", p.campaign["id"]); n != 1 {
		t.Error("a campaign the emergency paused was not resumed")
	}
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND status = 'paused'", other.campaign["id"]); n != 1 {
		t.Error("a campaign its brand had paused was resumed")
	}
	if n := count(t, env, "SELECT count(*) FROM activity_log WHERE action LIKE 'emergency.%' AND actor_id IS NOT NULL"); n < 8 {
		t.Errorf("%d logged emergency changes", n)
	}
}

// TestCampaignPauseHoldsAgainstBrands: while the host's pause of every campaign holds, a brand
// can neither switch a campaign back on nor create an active one (409 CAMPAIGNS_PAUSED); a paused
// one may still be created; the host's count stays right; after the resume both work again.
func TestCampaignPauseHoldsAgainstBrands(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	host := hostToken(t, env)
	p := newProgram(t, env)
	id := p.campaign["id"].(string)
	paused := data(mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "pause"}), http.StatusOK))
	held := paused["campaigns_paused"].(float64)
	if held < 1 {
		t.Fatalf("after the pause: %v", paused)
	}

	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+id, p.brand.token, map[string]any{"status": "active"}), http.StatusConflict, "CAMPAIGNS_PAUSED")
	wantError(t, env.Call(t, http.MethodPost, "/campaigns", p.brand.token, map[string]any{"name": "Sneaked in", "homepage_url": "https://" + p.domain + "/"}), http.StatusConflict, "CAMPAIGNS_PAUSED")
	wantError(t, env.Call(t, http.MethodPost, "/campaigns", p.brand.token, map[string]any{"name": "Sneaked in", "status": "active", "homepage_url": "https://" + p.domain + "/"}), http.StatusConflict, "CAMPAIGNS_PAUSED")
	// The host resumes first too: nobody activates a campaign behind the pause.
	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+id, host, map[string]any{"status": "active"}), http.StatusConflict, "CAMPAIGNS_PAUSED")
	later := createCampaign(t, env, p.brand.token, map[string]any{"name": "For later", "status": "paused"})
	// Other changes to a held campaign go on, and it stays held.
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+id, p.brand.token, map[string]any{"name": "Renamed"}), http.StatusOK)

	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE status = 'active'"); n != 0 {
		t.Errorf("%d campaigns active during the pause", n)
	}
	if st := data(mustStatus(t, env.Call(t, http.MethodGet, "/admin/emergency", host, nil), http.StatusOK)); st["campaigns_paused"].(float64) != held {
		t.Errorf("the host's count moved: %v, want %v", st["campaigns_paused"], held)
	}

	mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "resume"}), http.StatusOK)
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND status = 'active'", id); n != 1 {
		t.Error("the held campaign is not active after the resume")
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+later["id"].(string), p.brand.token, map[string]any{"status": "active", "homepage_url": "https://" + p.domain + "/"}), http.StatusOK)
	createCampaign(t, env, p.brand.token, map[string]any{"name": "After the pause"})
}

// TestCampaignPauseCountsHeldOnly: a campaign the pause holds that its brand then ends is no longer
// counted, and the resume leaves it ended.
func TestCampaignPauseCountsHeldOnly(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	host := hostToken(t, env)
	p := newProgram(t, env)
	id := p.campaign["id"].(string)
	held := data(mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "pause"}), http.StatusOK))["campaigns_paused"].(float64)
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+id, p.brand.token, map[string]any{"status": "ended"}), http.StatusOK)
	if st := data(mustStatus(t, env.Call(t, http.MethodGet, "/admin/emergency", host, nil), http.StatusOK)); st["campaigns_paused"].(float64) != held-1 {
		t.Errorf("count after a held campaign ended: %v, want %v", st["campaigns_paused"], held-1)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/admin/emergency/campaigns", host, map[string]any{"action": "resume"}), http.StatusOK)
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND status = 'ended'", id); n != 1 {
		t.Error("an ended campaign came back with the resume")
	}
}

// TestKillSwitchesHoldInTheServices: the switches are kept by the services that do the work, so a
// caller other than the API's handlers (a job, the dev seed) obeys them too: ingesting an order
// while ingestion is paused and generating or paying payouts while they are frozen are refused.
func TestKillSwitchesHoldInTheServices(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	host := hostToken(t, env)
	p := newProgram(t, env)
	ctx := context.Background()
	brandID := uuid.MustParse(p.brand.brandID())
	set := func(body map[string]any) {
		mustStatus(t, env.Call(t, http.MethodPut, "/admin/emergency", host, body), http.StatusOK)
	}
	wantCode := func(err error, code oapi.ErrorCode) {
		t.Helper()
		if e, ok := apierror.From(err); !ok || e.Code != code {
			t.Errorf("want %s, got %v", code, err)
		}
	}

	set(map[string]any{"ingestion_paused": true})
	_, _, err := env.App.Conversions.Ingest(ctx, tenancy.Brand(uuid.Nil, brandID), conversions.Order{OrderID: "job-1", Total: decimal.RequireFromString("10.00"), Currency: "RON", Source: "api"})
	wantCode(err, oapi.ErrorCodeINGESTIONPAUSED)
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE order_id = 'job-1'"); n != 0 {
		t.Errorf("%d stored while ingestion is paused", n)
	}
	// The brand's Shopify test order stores nothing, and still answers while ingestion is paused.
	mustStatus(t, env.Call(t, http.MethodPost, "/brands/shopify/test-order", p.brand.token, nil), http.StatusOK)
	set(map[string]any{"ingestion_paused": false, "maintenance": true})
	_, _, err = env.App.Conversions.Ingest(ctx, tenancy.Brand(uuid.Nil, brandID), conversions.Order{OrderID: "job-1", Total: decimal.RequireFromString("10.00"), Currency: "RON", Source: "api"})
	wantCode(err, oapi.ErrorCodeMAINTENANCE)
	set(map[string]any{"maintenance": false})

	confirmedOrders(t, env, p, "JOB10", "job-2")
	pays := payouts.New(env.App.Pool)
	// The brand's own scope, as a job acting for it would hold.
	brand := tenancy.Of(auth.User{ID: uuid.MustParse(p.brand.id()), AccountType: auth.RoleBrand, BrandID: uuid.NullUUID{UUID: brandID, Valid: true}})
	set(map[string]any{"payouts_frozen": true})
	_, _, err = pays.Generate(ctx, brand, payouts.Run{})
	wantCode(err, oapi.ErrorCodePAYOUTSFROZEN)
	if n := count(t, env, "SELECT count(*) FROM payouts"); n != 0 {
		t.Errorf("%d payouts made while frozen", n)
	}
	set(map[string]any{"payouts_frozen": false})
	made, _, err := pays.Generate(ctx, brand, payouts.Run{})
	if err != nil || len(made) == 0 {
		t.Fatalf("after the thaw: %v %v", made, err)
	}
	set(map[string]any{"payouts_frozen": true})
	_, err = pays.Pay(ctx, brand, made[0].ID, "job")
	wantCode(err, oapi.ErrorCodePAYOUTSFROZEN)
	set(map[string]any{"payouts_frozen": false})
}

// TestDevSeedObeysIngestionPause: a dev-mode start on a platform whose ingestion is paused seeds the
// demo accounts and campaigns but stores no demo order, and starts.
func TestDevSeedObeysIngestionPause(t *testing.T) {
	first := servertest.Start(t, "", nil, nil)
	mustStatus(t, first.Call(t, http.MethodPut, "/admin/emergency", hostToken(t, first), map[string]any{"ingestion_paused": true}), http.StatusOK)
	dbURL := first.DatabaseURL()
	first.Close()

	dev := servertest.Start(t, dbURL, map[string]string{"DEV_MODE": "true", "DATA_DIR": t.TempDir(), "PUBLIC_URL": "http://127.0.0.1:18080"}, nil)
	if n := count(t, dev, "SELECT count(*) FROM campaigns"); n == 0 {
		t.Error("no demo campaign seeded")
	}
	if n := count(t, dev, "SELECT count(*) FROM conversions"); n != 0 {
		t.Errorf("%d demo orders stored while ingestion is paused", n)
	}
}
