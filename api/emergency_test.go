package api_test

import (
	"net/http"
	"testing"

	"github.com/openaffiliate/platform/server/servertest"
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
