package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// clickOnce visits the link as a person and answers the click id the shop is sent.
func clickOnce(t *testing.T, env *servertest.Env, link map[string]any) string {
	t.Helper()
	resp := visit(t, env.URL, link["short_code"].(string), "")
	dest, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return dest.Query().Get("aff_click")
}

// order reports one order of the program's brand and answers the stored conversion.
func order(t *testing.T, env *servertest.Env, p program, body map[string]any) map[string]any {
	t.Helper()
	if body["currency"] == nil {
		body["currency"] = "RON"
	}
	if body["order_total"] == nil {
		body["order_total"] = "100.00"
	}
	return data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, body), http.StatusCreated))["conversion"].(map[string]any)
}

// TestConversionRateCountsLinksOnly: the conversion rate is conversions from links per 100 clicks
// of the same scope; orders from discount codes (no click behind them) are counted apart and do
// not push it past 100 %, on the brand's, the host's and the affiliate's figures.
func TestConversionRateCountsLinksOnly(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	p := newProgram(t, env)
	link := p.link(t, env, "https://"+p.domain+"/sale")
	first := clickOnce(t, env, link)
	clickOnce(t, env, link)
	waitClicks(t, env, link["id"].(string), 2)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": "RATE10", "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	order(t, env, p, map[string]any{"order_id": "by-link", "click_id": first})
	for i := range 3 {
		order(t, env, p, map[string]any{"order_id": fmt.Sprintf("by-code-%d", i), "discount_code": "RATE10"})
	}
	// A program whose orders all came through codes: no clicks, so no rate, not 500 %.
	q := newProgram(t, env)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", q.brand.token, map[string]any{
		"campaign_id": q.campaign["id"], "affiliate_id": q.affID, "code": "ONLY5", "discount_type": "percentage", "discount_value": "0.05",
	}), http.StatusCreated)
	for i := range 5 {
		order(t, env, q, map[string]any{"order_id": fmt.Sprintf("code-only-%d", i), "discount_code": "ONLY5"})
	}

	want := map[string]string{"clicks": "2", "conversions": "4", "link_conversions": "1", "code_conversions": "3", "conversion_rate": "50.00"}
	totals := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/analytics?range=30d", p.brand.token, nil), http.StatusOK))["totals"].(map[string]any)
	sameFigures(t, "brand analytics", figures(totals), want)
	bd := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/dashboard", p.brand.token, nil), http.StatusOK))
	sameFigures(t, "brand dashboard", figures(bd["last_30_days"].(map[string]any)), want)
	ad := data(mustStatus(t, env.Call(t, http.MethodGet, "/dashboard/affiliate-stats/"+p.affID, p.affiliate.token, nil), http.StatusOK))
	sameFigures(t, "affiliate dashboard", figures(ad["totals"].(map[string]any)), want)
	stats := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+p.affiliate.id(), p.affiliate.token, nil), http.StatusOK))["affiliate"].(map[string]any)["stats"].(map[string]any)
	if stats["conversion_rate"] != "50.00" || stats["conversions"] != float64(4) {
		t.Errorf("affiliate stats: %v", stats)
	}

	codeOnly := map[string]string{"clicks": "0", "conversions": "5", "link_conversions": "0", "code_conversions": "5", "conversion_rate": "0.00"}
	totals = data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/analytics?range=30d", q.brand.token, nil), http.StatusOK))["totals"].(map[string]any)
	sameFigures(t, "code-only brand", figures(totals), codeOnly)

	// The host (the platform, other tests' programs too): conversions from links per 100 clicks,
	// code orders apart.
	ov := data(mustStatus(t, env.Call(t, http.MethodGet, "/admin/overview", host, nil), http.StatusOK))["last_30_days"].(map[string]any)
	clicks, links, codes := int64(ov["clicks"].(float64)), int64(ov["link_conversions"].(float64)), int64(ov["code_conversions"].(float64))
	if codes < 8 || links+codes != int64(ov["conversions"].(float64)) ||
		ov["conversion_rate"] != decimal.NewFromInt(links*100).DivRound(decimal.NewFromInt(clicks), 2).StringFixed(2) {
		t.Errorf("platform overview: %v", ov)
	}

	// Another brand asking for this program's figures reads none of them.
	totals = data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/analytics?range=30d&affiliate_id="+p.affID, q.brand.token, nil), http.StatusOK))["totals"].(map[string]any)
	sameFigures(t, "another brand", figures(totals), map[string]string{"clicks": "0", "conversions": "0", "link_conversions": "0", "code_conversions": "0", "conversion_rate": "0.00"})
}

// TestConversionCountsAgree: for the same range and filters, the Conversions list's counted
// equals the dashboard's and the analytics' conversions (rejected, reversed and unattributed
// orders are listed but not counted, and the range is the same UTC days, by the order's time);
// and the affiliate's "orders with your codes" is the sum of its codes' usage counts.
func TestConversionCountsAgree(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	p := newProgram(t, env)
	link := p.link(t, env, "https://"+p.domain+"/sale")
	click := clickOnce(t, env, link)
	waitClicks(t, env, link["id"].(string), 1)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": "COUNT10", "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	now := time.Now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	order(t, env, p, map[string]any{"order_id": "link-and-code", "click_id": click, "discount_code": "COUNT10"})
	order(t, env, p, map[string]any{"order_id": "code-1", "discount_code": "COUNT10"})
	rejected := order(t, env, p, map[string]any{"order_id": "code-rejected", "discount_code": "COUNT10"})
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": []string{rejected["id"].(string)}, "decision": "reject"}), http.StatusOK)
	order(t, env, p, map[string]any{"order_id": "nobody's"})
	// On the range's first day (29 days before today), and on the day before it: reported now,
	// placed then.
	order(t, env, p, map[string]any{"order_id": "first-day", "discount_code": "COUNT10", "converted_at": today.AddDate(0, 0, -29).Add(time.Hour).Format(time.RFC3339)})
	order(t, env, p, map[string]any{"order_id": "day-before", "discount_code": "COUNT10", "converted_at": today.AddDate(0, 0, -30).Add(23 * time.Hour).Format(time.RFC3339)})

	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?range=30d", p.brand.token, nil), http.StatusOK))
	bd := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/dashboard", p.brand.token, nil), http.StatusOK))
	an := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/analytics?range=30d", p.brand.token, nil), http.StatusOK))["totals"].(map[string]any)
	dashboard := bd["last_30_days"].(map[string]any)["conversions"]
	if list["total"] != float64(5) || list["counted"] != float64(3) || dashboard != float64(3) || an["conversions"] != float64(3) {
		t.Errorf("30 days: listed %v, counted %v; dashboard %v, analytics %v; want 5, 3, 3, 3", list["total"], list["counted"], dashboard, an["conversions"])
	}
	// The same filters: one affiliate, one status, for the brand, the affiliate and the host.
	for _, tc := range []struct{ who, token, query string }{
		{"brand, its affiliate", p.brand.token, "range=30d&affiliate_id=" + p.affID},
		{"the affiliate", p.affiliate.token, "range=30d"},
		{"the host, the brand's campaign", host, "range=30d&campaign_id=" + p.campaign["id"].(string)},
	} {
		listed := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?"+tc.query, tc.token, nil), http.StatusOK))
		totals := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/analytics?"+tc.query, tc.token, nil), http.StatusOK))["totals"].(map[string]any)
		if listed["counted"] != totals["conversions"] {
			t.Errorf("%s: the list counts %v, the analytics %v", tc.who, listed["counted"], totals["conversions"])
		}
	}
	// Another brand filtering by this program's affiliate lists and counts nothing of it.
	other, _ := newBrand(t, env)
	listed := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?range=30d&affiliate_id="+p.affID, other.token, nil), http.StatusOK))
	if listed["total"] != float64(0) || listed["counted"] != float64(0) {
		t.Errorf("another brand's list: %v of %v", listed["counted"], listed["total"])
	}

	// Orders with the affiliate's codes: every order that carried one (rejected too, and the one a
	// link brought), as the code's usage count says.
	codes := data(mustStatus(t, env.Call(t, http.MethodGet, "/discount-codes", p.affiliate.token, nil), http.StatusOK))["discount_codes"].([]any)
	if len(codes) != 1 || codes[0].(map[string]any)["current_usage_count"] != float64(5) {
		t.Fatalf("codes: %v", codes)
	}
	for _, token := range []string{p.affiliate.token, p.brand.token} {
		ad := data(mustStatus(t, env.Call(t, http.MethodGet, "/dashboard/affiliate-stats/"+p.affID, token, nil), http.StatusOK))
		if ad["codes_used"] != float64(5) {
			t.Errorf("dashboard's orders with codes %v, the code's usage 5", ad["codes_used"])
		}
	}
	stats := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+p.affiliate.id(), p.affiliate.token, nil), http.StatusOK))["affiliate"].(map[string]any)["stats"].(map[string]any)
	if stats["discount_codes_used"] != float64(5) {
		t.Errorf("affiliate's discount_codes_used %v, the code's usage 5", stats["discount_codes_used"])
	}
	// Another brand cannot read the affiliate's figures at all.
	wantError(t, env.Call(t, http.MethodGet, "/dashboard/affiliate-stats/"+p.affID, other.token, nil), http.StatusNotFound, "NOT_FOUND")
}
