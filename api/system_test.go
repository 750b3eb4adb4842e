package api_test

import (
	"net/http"
	"testing"

	"github.com/openaffiliate/platform/server/servertest"
)

func TestHealth(t *testing.T) {
	env := servertest.Get(t)
	r := env.Call(t, http.MethodGet, "/system/health", "", nil)
	data, _ := r.Body["data"].(map[string]any)
	if r.Status != http.StatusOK || data["database"] != "ok" {
		t.Fatalf("health: %d %s", r.Status, r.Raw)
	}
}

func TestSystemConfigAndDevLoginOff(t *testing.T) {
	env := servertest.Get(t)
	r := env.Call(t, http.MethodGet, "/system/config", "", nil)
	if r.Status != http.StatusOK || r.Body["data"].(map[string]any)["dev_mode"] != false {
		t.Fatalf("config: %d %s", r.Status, r.Raw)
	}
	wantError(t, env.Call(t, http.MethodPost, "/auth/dev-login", "", map[string]any{"accountType": "host"}),
		http.StatusNotFound, "NOT_FOUND")
}

func TestCurrencySettingsAndRates(t *testing.T) {
	env := servertest.Get(t)
	r := env.Call(t, http.MethodGet, "/settings/currency", "", nil)
	data := r.Body["data"].(map[string]any)
	rates := data["rates"].(map[string]any)
	if r.Status != http.StatusOK || data["base"] != "RON" || data["default_currency"] != "RON" || rates["RON"] != "1" || rates["EUR"] != "0.201" {
		t.Fatalf("currency: %d %s", r.Status, r.Raw)
	}
	fx := env.Call(t, http.MethodGet, "/fx/rates?base=EUR", "", nil)
	fxRates := fx.Body["data"].(map[string]any)["rates"].(map[string]any)
	// 1 / 0.201 and 0.218 / 0.201, to ten decimals: exact decimal division, not binary floats.
	if fxRates["EUR"] != "1" || fxRates["RON"] != "4.9751243781" || fxRates["USD"] != "1.0845771144" {
		t.Errorf("EUR-based rates: %v", fxRates)
	}
	wantError(t, env.Call(t, http.MethodGet, "/fx/rates?base=GBP", "", nil), http.StatusBadRequest, "VALIDATION_ERROR")
}

func TestUnknownAPIPathAndBodyLimit(t *testing.T) {
	env := servertest.Get(t)
	wantError(t, env.Call(t, http.MethodGet, "/no/such/thing", "", nil), http.StatusNotFound, "NOT_FOUND")
	big := `{"email":"` + string(make([]byte, 0)) + repeat("a", 2<<20) + `"}`
	r := env.Call(t, http.MethodPost, "/auth/login", "", big)
	if r.Status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 2 MiB body: %d", r.Status)
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, n)
	for len(b) < n {
		b = append(b, s...)
	}
	return string(b)
}
