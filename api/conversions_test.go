package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/redirect"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestConversionLoop: a visitor opens an affiliate's link, the shop reports the order with the
// aff_click it kept, by API key; the conversion is attributed to the link with its commission,
// a repeat answers the same conversion, and each tenant sees what it should.
func TestConversionLoop(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{
		"commission_type": "percentage", "commission_value": "0.15", "currency": "RON",
	}), http.StatusOK)
	link := p.link(t, env, "https://"+p.domain+"/sale")
	resp := visit(t, env.URL, link["short_code"].(string), "")
	dest, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	clickID := dest.Query().Get("aff_click")
	waitClicks(t, env, link["id"].(string), 1)
	// The visitor shopped for a while: an order seconds after its click is flagged (fast_conversion).
	ageClick(t, env, clickRow(t, env, clickID), 20*time.Minute)
	key := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/api-keys", p.brand.token, map[string]any{"name": "Shop"}), http.StatusCreated))["key"].(string)

	order := map[string]any{"order_id": "1001", "order_total": 249.90, "currency": "RON", "customer_email": "ana@example.com", "click_id": clickID}
	byKey := http.Header{"X-API-Key": {key}}
	first := data(mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/conversions/process", "", byKey, order), http.StatusCreated))["conversion"].(map[string]any)
	want := map[string]any{
		"attribution": "link", "affiliate_id": p.affID, "commission_amount": "37.49", "commission_currency": "RON",
		"order_total": "249.90", "status": "pending", "link_id": link["id"], "link_code": link["short_code"], "source": "api",
	}
	for k, v := range want {
		if first[k] != v {
			t.Errorf("%s = %v, want %v", k, first[k], v)
		}
	}
	// A repeat, by bearer key this time and with another total, answers the stored conversion.
	order["order_total"] = "1.00"
	again := data(mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/conversions/process", key, nil, order), http.StatusOK))["conversion"].(map[string]any)
	if again["id"] != first["id"] || again["order_total"] != "249.90" {
		t.Errorf("repeat answered %v", again)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE order_id = '1001' AND brand_id = $1", p.brand.brandID()); n != 1 {
		t.Errorf("%d conversions stored for one order", n)
	}

	// The affiliate's statistics count it: one conversion from one click.
	for _, token := range []string{p.brand.token, p.affiliate.token} {
		stats := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/"+p.affID+"/details", token, nil), http.StatusOK))["affiliate"].(map[string]any)["stats"].(map[string]any)
		if stats["conversions"] != float64(1) || stats["revenue"] != "249.90" || stats["commission"] != "37.49" ||
			stats["conversion_rate"] != "100.00" || stats["total_clicks"] != float64(1) || stats["last_conversion_at"] == nil {
			t.Errorf("stats: %v", stats)
		}
	}

	// Who sees it.
	id := first["id"].(string)
	other := newProgram(t, env)
	host := hostToken(t, env)
	for _, tc := range []struct {
		who    string
		token  string
		status int
	}{
		{"its brand", p.brand.token, http.StatusOK},
		{"its affiliate", p.affiliate.token, http.StatusOK},
		{"the host", host, http.StatusOK},
		{"another brand", other.brand.token, http.StatusNotFound},
		{"another affiliate", other.affiliate.token, http.StatusNotFound},
	} {
		if r := env.Call(t, http.MethodGet, "/conversions/"+id, tc.token, nil); r.Status != tc.status {
			t.Errorf("%s: GET /conversions/%s answered %d, want %d", tc.who, id, r.Status, tc.status)
		}
		list := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?query="+id, tc.token, nil), http.StatusOK))["conversions"].([]any)
		if seen := contains(ids(list), id); seen != (tc.status == http.StatusOK) {
			t.Errorf("%s: the list shows it: %v", tc.who, seen)
		}
	}
	// The affiliate reads the customer masked, in the list and alone, and cannot search by the email.
	for _, tc := range []struct {
		token, email string
		found        bool
	}{
		{p.brand.token, "ana@example.com", true},
		{host, "ana@example.com", true},
		{p.affiliate.token, "a***@example.com", false},
	} {
		one := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+id, tc.token, nil), http.StatusOK))["conversion"].(map[string]any)
		listed := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?query="+id, tc.token, nil), http.StatusOK))["conversions"].([]any)
		if one["customer_email"] != tc.email || len(listed) != 1 || listed[0].(map[string]any)["customer_email"] != tc.email {
			t.Errorf("customer read as %v and %v, want %s", one["customer_email"], listed, tc.email)
		}
		byEmail := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?query=ana%40example", tc.token, nil), http.StatusOK))["conversions"].([]any)
		if found := contains(ids(byEmail), id); found != tc.found {
			t.Errorf("searching by the customer's email found it: %v, want %v", found, tc.found)
		}
	}
	// Only a brand reports orders; another brand's report of the same order id is its own order.
	wantError(t, env.Call(t, http.MethodPost, "/conversions/process", p.affiliate.token, order), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/conversions/process", host, order), http.StatusForbidden, "FORBIDDEN")
	theirs := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", other.brand.token, order), http.StatusCreated))["conversion"].(map[string]any)
	if theirs["attribution"] != "none" || theirs["commission_amount"] != "0.00" || theirs["affiliate_id"] != nil {
		t.Errorf("another brand's order with this brand's click was attributed: %v", theirs)
	}
	wantError(t, env.CallWithHeaders(t, http.MethodPost, "/conversions/process", "", http.Header{"X-API-Key": {"oak_made_up"}}, order), http.StatusUnauthorized, "UNAUTHORIZED")
}

// TestConversionRefusals: what cannot be an order answers 400 naming the field and stores nothing.
func TestConversionRefusals(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"a negative total", map[string]any{"order_id": "r1", "order_total": -5, "currency": "RON"}, "order_total"},
		{"an absurd total", map[string]any{"order_id": "r2", "order_total": "99999999999999", "currency": "RON"}, "order_total"},
		{"an unknown currency", map[string]any{"order_id": "r3", "order_total": "10", "currency": "XYZ"}, "currency"},
		{"no order id", map[string]any{"order_id": "", "order_total": "10", "currency": "RON"}, "order_id"},
		{"a future time", map[string]any{"order_id": "r4", "order_total": "10", "currency": "RON", "converted_at": "2999-01-01T00:00:00Z"}, "converted_at"},
	} {
		r := env.Call(t, http.MethodPost, "/conversions/process", b.token, tc.body)
		wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
		details, _ := r.Body["details"].([]any)
		if len(details) == 0 || details[0].(map[string]any)["field"] != tc.field {
			t.Errorf("%s: details %v, want the field %s", tc.name, r.Body["details"], tc.field)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", b.brandID()); n != 0 {
		t.Errorf("refused orders stored %d conversions", n)
	}
}

// TestConversionListFiltersAndSorts: status, range and sort narrow and order the list.
func TestConversionListFiltersAndSorts(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	for i, total := range []string{"30.00", "10.00", "20.00"} {
		mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", b.token, map[string]any{
			"order_id": "sort-" + string(rune('a'+i)), "order_total": total, "currency": "RON",
		}), http.StatusCreated)
	}
	totals := func(query string) []string {
		list := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions?"+query, b.token, nil), http.StatusOK))["conversions"].([]any)
		out := make([]string, len(list))
		for i, c := range list {
			out[i] = c.(map[string]any)["order_total"].(string)
		}
		return out
	}
	for query, want := range map[string]string{
		"sort=order_total&order=asc":    "[10.00 20.00 30.00]",
		"sort=order_total":              "[30.00 20.00 10.00]",
		"order=asc":                     "[30.00 10.00 20.00]",
		"status=pending&range=7d":       "[20.00 10.00 30.00]",
		"status=confirmed":              "[]",
		"from=2000-01-01&to=2000-01-02": "[]",
	} {
		if got := fmtList(totals(query)); got != want {
			t.Errorf("%s: %s, want %s", query, got, want)
		}
	}
	wantError(t, env.Call(t, http.MethodGet, "/conversions?from=2026-02-01&to=2026-01-01", b.token, nil), http.StatusBadRequest, "VALIDATION_ERROR")
}

func fmtList(s []string) string {
	out := "["
	for i, v := range s {
		if i > 0 {
			out += " "
		}
		out += v
	}
	return out + "]"
}

// TestConversionReviewOverHTTP: the brand confirms, adjusts and reverses its own conversions;
// another brand and an affiliate cannot; only the host deletes; every change is in the activity log.
func TestConversionReviewOverHTTP(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{
		"commission_type": "percentage", "commission_value": "0.10",
	}), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": "REVIEW10", "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	report := func(orderID string) string {
		c := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
			"order_id": orderID, "order_total": "200.00", "currency": p.campaign["currency"], "discount_code": "REVIEW10",
		}), http.StatusCreated))["conversion"].(map[string]any)
		return c["id"].(string)
	}
	a, b := report("rv-1"), report("rv-2")
	review := func(token, decision string, ids ...string) servertest.Response {
		return env.Call(t, http.MethodPost, "/conversions/review", token, map[string]any{"conversion_ids": ids, "decision": decision, "reason": "checked"})
	}
	wantError(t, review(other.brand.token, "confirm", a), http.StatusNotFound, "NOT_FOUND")
	wantError(t, review(p.affiliate.token, "confirm", a), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPut, "/conversions/"+a+"/commission", other.brand.token, map[string]any{"commission_amount": "1.00", "reason": "x"}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPut, "/conversions/"+a+"/commission", p.brand.token, map[string]any{"commission_amount": "1.00"}), http.StatusBadRequest, "VALIDATION_ERROR")

	list := data(mustStatus(t, review(p.brand.token, "confirm", a, b), http.StatusOK))["conversions"].([]any)
	if len(list) != 2 || list[0].(map[string]any)["status"] != "confirmed" || list[1].(map[string]any)["status"] != "confirmed" {
		t.Fatalf("confirmed: %v", list)
	}
	wantError(t, review(p.brand.token, "reject", a), http.StatusConflict, "CONFLICT")
	adjusted := data(mustStatus(t, env.Call(t, http.MethodPut, "/conversions/"+a+"/commission", p.brand.token, map[string]any{"commission_amount": 25, "reason": "agreed bonus"}), http.StatusOK))["conversion"].(map[string]any)
	if adjusted["commission_amount"] != "25.00" {
		t.Fatalf("adjusted: %v", adjusted)
	}
	reversed := data(mustStatus(t, review(p.brand.token, "reverse", a), http.StatusOK))["conversions"].([]any)[0].(map[string]any)
	if reversed["status"] != "reversed" || reversed["commission_amount"] != "0.00" {
		t.Fatalf("reversed: %v", reversed)
	}
	if n := count(t, env, "SELECT count(*) FROM activity_log WHERE entity_id IN ($1, $2) AND action LIKE 'conversion.%' AND actor_id IS NOT NULL", a, b); n != 4 {
		t.Errorf("%d logged changes with their actor, want 4 (two confirms, an adjustment, a reversal)", n)
	}
	if n := count(t, env, "SELECT spent::int FROM campaigns WHERE id = $1", p.campaign["id"]); n != 20 {
		t.Errorf("spent %d after confirming 20 + 20, raising one to 25 and reversing it; want 20", n)
	}

	// Earnings: b confirmed (20.00), a reversed (25.00 taken back), for the affiliate and its brand.
	for who, token := range map[string]string{"affiliate": p.affiliate.token, "brand": p.brand.token} {
		rows := data(mustStatus(t, env.Call(t, http.MethodGet, "/earnings", token, nil), http.StatusOK))["earnings"].([]any)
		if len(rows) != 1 {
			t.Fatalf("%s earnings: %v", who, rows)
		}
		e := rows[0].(map[string]any)
		if e["confirmed"] != "20.00" || e["pending"] != "0.00" || e["reversed"] != "25.00" || e["paid"] != "0.00" || e["conversions"] != float64(2) {
			t.Errorf("%s earnings: %v", who, e)
		}
	}
	// The affiliate's statistics count what the analytics count: the reversed order is left out;
	// the orders placed with its code are the code's usage count, both of them.
	stats := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/"+p.affID+"/details", p.brand.token, nil), http.StatusOK))["affiliate"].(map[string]any)["stats"].(map[string]any)
	if stats["conversions"] != float64(1) || stats["discount_codes_used"] != float64(2) {
		t.Errorf("stats after a reversal: %v", stats)
	}
	if rows := data(mustStatus(t, env.Call(t, http.MethodGet, "/earnings", other.affiliate.token, nil), http.StatusOK))["earnings"].([]any); len(rows) != 0 {
		t.Errorf("another affiliate sees earnings: %v", rows)
	}

	wantError(t, env.Call(t, http.MethodDelete, "/conversions/"+b, p.brand.token, nil), http.StatusForbidden, "FORBIDDEN")
	mustStatus(t, env.Call(t, http.MethodDelete, "/conversions/"+b, hostToken(t, env), nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodGet, "/conversions/"+b, p.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
}

// TestCampaignHoldingDays: a campaign's holding period is set, read back and cleared.
func TestCampaignHoldingDays(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{"name": "Held", "holding_days": 14})
	if c["holding_days"] != float64(14) {
		t.Fatalf("created: %v", c["holding_days"])
	}
	path := "/campaigns/" + c["id"].(string)
	wantError(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"holding_days": 0}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"holding_days": 3, "clear": []string{"holding_days"}}), http.StatusBadRequest, "VALIDATION_ERROR")
	cleared := data(mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"clear": []string{"holding_days"}}), http.StatusOK))["campaign"].(map[string]any)
	if cleared["holding_days"] != nil {
		t.Fatalf("cleared: %v", cleared["holding_days"])
	}
}

// TestTrackingScriptIsServed: shops load /track.js from the platform: JavaScript, small, cached.
func TestTrackingScriptIsServed(t *testing.T) {
	env := servertest.Get(t)
	resp, err := http.Get(env.URL + "/track.js")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if cerr := resp.Body.Close(); err != nil || cerr != nil {
		t.Fatal(err, cerr)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") ||
		!strings.Contains(resp.Header.Get("Cache-Control"), "max-age=3600") || len(body) > 4096 || !strings.Contains(string(body), "aff_click") {
		t.Fatalf("%d %v, %d bytes", resp.StatusCode, resp.Header, len(body))
	}
}

// TestSignedClickIDAttributesWithoutItsRow: the aff_click the redirect hands out carries its link,
// signed, so an order attributes to the link even when the click's row was never stored (a crash
// lost the buffer); an altered id, one signed with another key, another brand's or a bot's
// attributes nothing.
func TestSignedClickIDAttributesWithoutItsRow(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	link, otherLink := p.link(t, env, "https://"+p.domain+"/sale"), other.link(t, env, "https://"+other.domain+"/sale")
	affClick := func(l map[string]any, userAgent string, clicks int) string {
		loc, err := url.Parse(visit(t, env.URL, l["short_code"].(string), userAgent).Header.Get("Location"))
		if err != nil {
			t.Fatal(err)
		}
		waitClicks(t, env, l["id"].(string), clicks)
		return loc.Query().Get(redirect.ClickParam)
	}
	id, otherID := affClick(link, "", 1), affClick(otherLink, "", 1)
	botID := affClick(link, "Googlebot/2.1", 2)
	if _, err := env.App.Pool.Exec(t.Context(), "DELETE FROM clicks WHERE id = ANY($1::uuid[])",
		[]string{clickRow(t, env, id), clickRow(t, env, otherID), clickRow(t, env, botID)}); err != nil {
		t.Fatal(err)
	}
	claims, _ := clickid.NewSigner(env.App.Config.JWTSecret).Read(id)
	altered := []byte(id)
	altered[40] ^= 1 // within the link's bytes
	key := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/api-keys", p.brand.token, map[string]any{"name": "Shop"}), http.StatusCreated))["key"].(string)
	for i, tc := range []struct {
		name, clickID, attribution string
	}{
		{"its own, never stored", id, "link"},
		{"altered", string(altered), "none"},
		{"signed with another key", clickid.NewSigner([]byte("another-server-secret-0123456789")).Make(claims), "none"},
		{"another brand's", otherID, "none"},
		{"a bot's, never stored", botID, "none"},
	} {
		order := map[string]any{"order_id": fmt.Sprintf("signed-%d", i), "order_total": "100.00", "currency": "RON", "click_id": tc.clickID}
		c := data(mustStatus(t, env.CallWithHeaders(t, http.MethodPost, "/conversions/process", key, nil, order), http.StatusCreated))["conversion"].(map[string]any)
		if c["attribution"] != tc.attribution {
			t.Errorf("%s: attribution %v, want %s", tc.name, c["attribution"], tc.attribution)
		}
		if tc.attribution == "link" && (c["link_id"] != link["id"] || c["affiliate_id"] != p.affID ||
			count(t, env, "SELECT count(*) FROM conversions WHERE id = $1 AND click_id = $2", c["id"], claims.Click) != 1) {
			t.Errorf("%s: attributed to link %v, affiliate %v, not to click %s", tc.name, c["link_id"], c["affiliate_id"], claims.Click)
		}
	}
}
