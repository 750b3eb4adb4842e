package api_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"

	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server/testkit/servertest"
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

// TestAnswersAreCompressed: API answers above about 1 kB go gzip-compressed to a client that
// accepts it, small ones and the redirect as they are.
func TestAnswersAreCompressed(t *testing.T) {
	env := servertest.Get(t)
	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, env.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Set by hand, the transport leaves the answer compressed.
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }() // read in full below
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, body
	}
	resp, body := get("/api/v1/openapi.yaml")
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("the contract (%d bytes) went uncompressed", len(body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, spec.YAML) || len(body) >= len(plain) {
		t.Errorf("compressed contract: %d bytes for %d, equal %v, err %v", len(body), len(plain), bytes.Equal(plain, spec.YAML), err)
	}
	if resp, body := get("/api/v1/system/health"); resp.Header.Get("Content-Encoding") != "" || !bytes.Contains(body, []byte(`"ok"`)) {
		t.Errorf("a small answer was compressed: %q", resp.Header.Get("Content-Encoding"))
	}
	if resp, _ := get("/r/NoSuchCode1"); resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("the redirect's answer: %d, encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
}

// TestHostSetsRates: the host changes the rates, which orders use at once; nobody else can.
func TestHostSetsRates(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	t.Cleanup(func() {
		mustStatus(t, env.Call(t, http.MethodPut, "/settings/currency", host, map[string]any{"rates": map[string]any{"EUR": "0.2010", "USD": "0.2180"}}), http.StatusOK)
	})
	p := newProgram(t, env)
	body := map[string]any{"rates": map[string]any{"EUR": "0.2050"}}
	wantError(t, env.Call(t, http.MethodPut, "/settings/currency", "", body), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, env.Call(t, http.MethodPut, "/settings/currency", p.brand.token, body), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPut, "/settings/currency", p.affiliate.token, body), http.StatusForbidden, "FORBIDDEN")
	for _, bad := range []map[string]any{{"EUR": "0"}, {}, {"RON": "2"}, {"EUR": "-1"}} {
		wantError(t, env.Call(t, http.MethodPut, "/settings/currency", host, map[string]any{"rates": bad}), http.StatusBadRequest, "VALIDATION_ERROR")
	}

	// An order in EUR just before and just after: the second uses the new rate.
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{
		"commission_type": "percentage", "commission_value": "0.10", "currency": "RON",
	}), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": "RATE10", "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	order := func(id string) map[string]any {
		return data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
			"order_id": id, "order_total": "100.00", "currency": "EUR", "discount_code": "RATE10",
		}), http.StatusCreated))["conversion"].(map[string]any)
	}
	if before := order("rate-1"); before["commission_amount"] != "49.75" {
		t.Fatalf("at 0.2010 EUR per RON: %v", before)
	}
	got := data(mustStatus(t, env.Call(t, http.MethodPut, "/settings/currency", host, body), http.StatusOK))["rates"].(map[string]any)
	if got["EUR"] != "0.205" || got["USD"] != "0.218" || got["RON"] != "1" {
		t.Errorf("rates after: %v", got)
	}
	if after := order("rate-2"); after["commission_amount"] != "48.78" || after["exchange_rate"] != "4.8780487805" {
		t.Errorf("at 0.2050 EUR per RON: %v", after)
	}
	if n := count(t, env, "SELECT count(*) FROM activity_log WHERE action = 'currency.rates' AND actor_id IS NOT NULL AND details->'after'->>'EUR' = '0.205'"); n != 1 {
		t.Errorf("%d logged rate changes", n)
	}
}
