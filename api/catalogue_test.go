package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// account is a signed-up user with its token.
type account struct {
	token string
	user  map[string]any
}

func (a account) id() string      { return a.user["id"].(string) }
func (a account) brandID() string { return a.user["brandUuid"].(string) }

func newAccount(t *testing.T, env *servertest.Env, kind string) account {
	t.Helper()
	token, user := signup(t, env, kind)
	return account{token: token, user: user}
}

// newBrand signs up a brand whose domain is shop-N.example.com.
func newBrand(t *testing.T, env *servertest.Env) (account, string) {
	t.Helper()
	b := newAccount(t, env, "brand")
	domain := strings.Split(uniqueEmail("shop"), "@")[0] + ".example.com"
	r := env.Call(t, http.MethodPut, "/brands/setup", b.token, map[string]any{"company_name": "Shop SRL", "domain": domain, "default_currency": "EUR"})
	if r.Status != http.StatusOK {
		t.Fatalf("setup: %d %s", r.Status, r.Raw)
	}
	return b, domain
}

func data(r servertest.Response) map[string]any { return r.Body["data"].(map[string]any) }

func mustStatus(t *testing.T, r servertest.Response, status int) servertest.Response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("want %d, got %d %s", status, r.Status, r.Raw)
	}
	return r
}

// createCampaign creates a campaign; an active one without a homepage gets one on its brand's
// first domain (a brand without domains is given one), so links made without a destination go there.
func createCampaign(t *testing.T, env *servertest.Env, token string, body map[string]any) map[string]any {
	t.Helper()
	if status, _ := body["status"].(string); body["homepage_url"] == nil && (status == "" || status == "active") {
		body["homepage_url"] = "https://" + brandDomain(t, env, token, body) + "/"
	}
	r := mustStatus(t, env.Call(t, http.MethodPost, "/campaigns", token, body), http.StatusCreated)
	return data(r)["campaign"].(map[string]any)
}

// brandDomain answers the first allowed domain of the campaign's brand (brand_id for the host,
// else the caller's own), adding one when it has none.
func brandDomain(t *testing.T, env *servertest.Env, token string, body map[string]any) string {
	t.Helper()
	id, _ := body["brand_id"].(string)
	r := env.Call(t, http.MethodGet, "/brands/"+id+"/domains", token, nil)
	if id == "" || r.Status != http.StatusOK {
		// No brand_id, or another brand's (which a brand's own request ignores): the caller's brand.
		brands := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?limit=1", token, nil), http.StatusOK))["brands"].([]any)
		id = brands[0].(map[string]any)["id"].(string)
		r = mustStatus(t, env.Call(t, http.MethodGet, "/brands/"+id+"/domains", token, nil), http.StatusOK)
	}
	if domains := data(r)["domains"].([]any); len(domains) > 0 {
		return domains[0].(string)
	}
	domain := strings.Split(uniqueEmail("site"), "@")[0] + ".example.com"
	mustStatus(t, env.Call(t, http.MethodPut, "/brands/"+id+"/domains", token, map[string]any{"domains": []string{domain}}), http.StatusOK)
	return domain
}

func ids(items []any) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.(map[string]any)["id"].(string)
	}
	return out
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func count(t *testing.T, env *servertest.Env, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := env.App.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBrandsTenancy(t *testing.T) {
	env := servertest.Get(t)
	a, _ := newBrand(t, env)
	b, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")

	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands", a.token, nil), http.StatusOK))
	if got := ids(list["brands"].([]any)); len(got) != 1 || got[0] != a.brandID() || list["total"].(float64) != 1 {
		t.Errorf("a brand lists other brands: %v", got)
	}
	for _, call := range []struct{ method, path string }{
		{http.MethodPut, "/brands/" + b.brandID()},
		{http.MethodGet, "/brands/" + b.brandID() + "/domains"},
		{http.MethodPut, "/brands/" + b.brandID() + "/domains"},
		{http.MethodPost, "/brands/" + b.brandID() + "/webhook-secret"},
	} {
		var body any
		switch call.path {
		case "/brands/" + b.brandID():
			body = map[string]any{"name": "Hijacked"}
		case "/brands/" + b.brandID() + "/domains":
			if call.method == http.MethodPut {
				body = map[string]any{"domains": []string{"evil.example.com"}}
			}
		}
		wantError(t, env.Call(t, call.method, call.path, a.token, body), http.StatusNotFound, "NOT_FOUND")
	}
	if count(t, env, "SELECT count(*) FROM brands WHERE company_name = 'Hijacked'") != 0 ||
		count(t, env, "SELECT count(*) FROM brand_domains WHERE domain = 'evil.example.com'") != 0 {
		t.Error("a cross-tenant call changed another brand")
	}
	wantError(t, env.Call(t, http.MethodGet, "/brands", aff.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPut, "/brands/"+b.brandID(), aff.token, map[string]any{"name": "x"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/brands", a.token, map[string]any{"name": "New"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodDelete, "/brands/"+a.brandID(), a.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPut, "/brands/setup", aff.token, map[string]any{"company_name": "x"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/brands/integration/details", aff.token, nil), http.StatusForbidden, "FORBIDDEN")
}

func TestHostManagesBrands(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	r := mustStatus(t, env.Call(t, http.MethodPost, "/brands", host, map[string]any{"name": "Zebra Lamps", "domain": "Zebra-Lamps.ro"}), http.StatusCreated)
	brand := data(r)["brand"].(map[string]any)
	id := brand["id"].(string)
	if brand["domain"] != "zebra-lamps.ro" || !strings.HasPrefix(brand["public_id"].(string), "zebra-lamps-") {
		t.Errorf("created brand: %v", brand)
	}
	if brand["owner_user_id"] != nil || brand["owner_email"] != nil {
		t.Errorf("a brand the host created has no user yet: %v", brand)
	}
	// A signed-up brand's first user is its owner, whom the host can send a reset link.
	signed, _ := newBrand(t, env)
	own := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?query="+signed.brandID(), host, nil), http.StatusOK))["brands"].([]any)
	if len(own) != 1 || own[0].(map[string]any)["owner_user_id"] != signed.id() || own[0].(map[string]any)["owner_email"] != signed.user["email"] {
		t.Errorf("owner of a signed-up brand: %v", own)
	}
	found := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?query=ZEBRA", host, nil), http.StatusOK))
	if !contains(ids(found["brands"].([]any)), id) {
		t.Error("search does not find the brand by name")
	}
	none := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?query=%25", host, nil), http.StatusOK))
	if none["total"].(float64) != 0 {
		t.Error("a % in the query is taken as a wildcard")
	}
	upd := data(mustStatus(t, env.Call(t, http.MethodPut, "/brands/"+id, host, map[string]any{"name": "Zebra Lights", "domain": "zebra.ro"}), http.StatusOK))["brand"].(map[string]any)
	if upd["name"] != "Zebra Lights" || upd["domain"] != "zebra.ro" {
		t.Errorf("updated: %v", upd)
	}
	wantError(t, env.Call(t, http.MethodPut, "/brands/"+id, host, map[string]any{"name": "  "}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPut, "/brands/"+id, host, map[string]any{"name": "Z", "domain": "https://zebra.ro/x"}), http.StatusBadRequest, "VALIDATION_ERROR")
	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/"+id, host, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodDelete, "/brands/"+id, host, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/brands", host, map[string]any{"name": ""}), http.StatusBadRequest, "VALIDATION_ERROR")
}

func TestBrandSetupDomainsAndWebhookSecret(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	doms := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/"+b.brandID()+"/domains", b.token, nil), http.StatusOK))["domains"].([]any)
	if len(doms) != 1 || doms[0] != domain {
		t.Errorf("setup did not allow its domain: %v", doms)
	}
	set := data(mustStatus(t, env.Call(t, http.MethodPut, "/brands/"+b.brandID()+"/domains", b.token,
		map[string]any{"domains": []string{"Shop.Example.RO", "blog.example.ro"}}), http.StatusOK))["domains"].([]any)
	if len(set) != 2 || set[0] != "blog.example.ro" || set[1] != "shop.example.ro" {
		t.Errorf("domains: %v", set)
	}
	// A refusal names the field as the setup body spells it.
	r := env.Call(t, http.MethodPut, "/brands/setup", b.token, map[string]any{"company_name": "  ", "domain": domain})
	wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
	if d := r.Body["details"].([]any)[0].(map[string]any); d["field"] != "company_name" {
		t.Errorf("setup refusal names %v, not company_name", d["field"])
	}
	before := count(t, env, "SELECT count(*) FROM brand_domains WHERE brand_id = $1", b.brandID())
	wantError(t, env.Call(t, http.MethodPut, "/brands/"+b.brandID()+"/domains", b.token, map[string]any{"domains": []string{"ok.ro", "not a domain"}}),
		http.StatusBadRequest, "VALIDATION_ERROR")
	if count(t, env, "SELECT count(*) FROM brand_domains WHERE brand_id = $1", b.brandID()) != before {
		t.Error("a refused domain list changed the domains")
	}
	one := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/"+b.brandID()+"/webhook-secret", b.token, nil), http.StatusOK))["webhook_secret"].(string)
	two := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/"+b.brandID()+"/webhook-secret", b.token, nil), http.StatusOK))["webhook_secret"].(string)
	if one == two || !strings.HasPrefix(one, "whsec_") || count(t, env, "SELECT count(*) FROM brands WHERE webhook_secret = $1", two) != 1 {
		t.Error("the webhook secret was not rotated")
	}
	details := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/integration/details", b.token, nil), http.StatusOK))
	if details["brand_uuid"] != b.brandID() || details["has_webhook_secret"] != true || !strings.HasSuffix(details["tracking_base_url"].(string), "/r/") {
		t.Errorf("details: %v", details)
	}
	wantError(t, env.Call(t, http.MethodPut, "/brands/setup", b.token, map[string]any{"company_name": ""}), http.StatusBadRequest, "VALIDATION_ERROR")
	me := data(mustStatus(t, env.Call(t, http.MethodPut, "/brands/setup", b.token, map[string]any{"company_name": "Renamed SRL"}), http.StatusOK))
	if me["brand"].(map[string]any)["name"] != "Renamed SRL" {
		t.Error("setup did not rename")
	}
	user := data(env.Call(t, http.MethodGet, "/auth/me", b.token, nil))["user"].(map[string]any)
	if user["companyName"] != "Renamed SRL" {
		t.Errorf("the brand user's company name did not follow: %v", user["companyName"])
	}
}

func TestCampaignStatusRules(t *testing.T) {
	env := servertest.Get(t)
	b, _ := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{"name": "Blank status", "status": ""})
	if c["status"] != "active" || c["currency"] != "EUR" || c["attribution_window_days"].(float64) != 30 {
		t.Errorf("defaults: %v", c)
	}
	before := count(t, env, "SELECT count(*) FROM campaigns")
	r := env.Call(t, http.MethodPost, "/campaigns", b.token, map[string]any{"name": "Bad", "status": "archived"})
	wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
	if msg := r.Body["error"].(string); !strings.Contains(msg, "active, paused, ended") {
		t.Errorf("the message does not name the allowed values: %q", msg)
	}
	if count(t, env, "SELECT count(*) FROM campaigns") != before {
		t.Error("a refused campaign was stored")
	}
	for _, status := range []string{"paused", "ended", "active"} {
		upd := data(mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+c["id"].(string), b.token, map[string]any{"status": status}), http.StatusOK))["campaign"].(map[string]any)
		if upd["status"] != status || upd["name"] != "Blank status" {
			t.Errorf("update to %s: %v", status, upd)
		}
	}
	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+c["id"].(string), b.token, map[string]any{"status": "bogus"}), http.StatusBadRequest, "VALIDATION_ERROR")

	// A stored fixed commission (numeric with four decimals) does not block later updates.
	fixed := createCampaign(t, env, b.token, map[string]any{"name": "Fixed", "commission_type": "fixed", "commission_value": "25.00", "budget": "100"})
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+fixed["id"].(string), b.token, map[string]any{"status": "paused"}), http.StatusOK)
	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+fixed["id"].(string), b.token, map[string]any{"commission_value": "25.005"}), http.StatusBadRequest, "VALIDATION_ERROR")
}

func TestCampaignValidation(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{
		"name": "Full", "description": "All fields", "homepage_url": "https://www." + domain + "/summer",
		"start_date": "2026-12-01", "end_date": "2026-12-31", "budget": "1000.50", "currency": "RON",
		"commission_type": "percentage", "commission_value": "0.10", "attribution_window_days": 14,
		"visibility": "invite_only", "approval_mode": "manual",
	})
	if c["budget"] != "1000.50" || c["remaining"] != "1000.50" || c["commission_value"] != "0.1" || c["start_date"] != "2026-12-01" || c["visibility"] != "invite_only" {
		t.Errorf("campaign: %v", c)
	}
	before := count(t, env, "SELECT count(*) FROM campaigns")
	for name, body := range map[string]map[string]any{
		"missing name":        {"status": "active"},
		"blank name":          {"name": "  "},
		"homepage off domain": {"name": "x", "homepage_url": "https://elsewhere.com"},
		"homepage not a URL":  {"name": "x", "homepage_url": "not a url"},
		"end before start":    {"name": "x", "start_date": "2026-12-10", "end_date": "2026-12-01"},
		"percentage over 1":   {"name": "x", "commission_type": "percentage", "commission_value": "10"},
		"negative budget":     {"name": "x", "budget": "-1"},
		"budget of cents/10":  {"name": "x", "budget": "1.005"},
		"bad decimal":         {"name": "x", "commission_value": "ten"},
		"window too long":     {"name": "x", "attribution_window_days": 400},
		"unknown currency":    {"name": "x", "currency": "GBP"},
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, env.Call(t, http.MethodPost, "/campaigns", b.token, body), http.StatusBadRequest, "VALIDATION_ERROR")
		})
	}
	if count(t, env, "SELECT count(*) FROM campaigns") != before {
		t.Error("a refused campaign was stored")
	}

	// An update keeps what it leaves out or sends as null, and empties what it names in clear.
	path := "/campaigns/" + c["id"].(string)
	kept := data(mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"name": "Renamed", "budget": nil}), http.StatusOK))["campaign"].(map[string]any)
	if kept["budget"] != "1000.50" || kept["end_date"] != "2026-12-31" {
		t.Errorf("kept: %v", kept)
	}
	wantError(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"budget": "5", "clear": []string{"budget"}}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"clear": []string{"name"}}), http.StatusBadRequest, "VALIDATION_ERROR")
	cleared := data(mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"clear": []string{"budget", "end_date"}}), http.StatusOK))["campaign"].(map[string]any)
	if cleared["budget"] != nil || cleared["remaining"] != nil || cleared["end_date"] != nil || cleared["start_date"] != "2026-12-01" || cleared["name"] != "Renamed" {
		t.Errorf("cleared: %v", cleared)
	}
}

func TestCampaignTenancy(t *testing.T) {
	env := servertest.Get(t)
	a, _ := newBrand(t, env)
	b, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")
	host := hostToken(t, env)
	ca := createCampaign(t, env, a.token, map[string]any{"name": "A's secret plan"})
	id := ca["id"].(string)

	listB := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns", b.token, nil), http.StatusOK))
	if contains(ids(listB["campaigns"].([]any)), id) {
		t.Error("brand B sees brand A's campaign")
	}
	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+id, b.token, map[string]any{"name": "Taken"}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodDelete, "/campaigns/"+id, b.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+id, aff.token, map[string]any{"name": "Taken"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodDelete, "/campaigns/"+id, aff.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/campaigns", aff.token, map[string]any{"name": "x"}), http.StatusForbidden, "FORBIDDEN")
	if count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND name = $2", id, "A's secret plan") != 1 {
		t.Error("a cross-tenant call changed the campaign")
	}
	// A brand_id in a brand's own request is ignored: campaigns are always its own.
	own := createCampaign(t, env, b.token, map[string]any{"name": "Mine", "brand_id": a.brandID()})
	if own["brand_id"] != b.brandID() {
		t.Error("a brand created a campaign for another brand")
	}
	// The host names the brand.
	wantError(t, env.Call(t, http.MethodPost, "/campaigns", host, map[string]any{"name": "No brand"}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/campaigns", host, map[string]any{"name": "Ghost", "brand_id": "7d1c7a0e-8c84-4a53-9a58-2a6f7b9e0c11"}), http.StatusNotFound, "NOT_FOUND")
	hc := createCampaign(t, env, host, map[string]any{"name": "By host", "brand_id": a.brandID()})
	if hc["brand_id"] != a.brandID() {
		t.Error("the host's campaign is not the named brand's")
	}
	all := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns?limit=1000", host, nil), http.StatusOK))
	if got := ids(all["campaigns"].([]any)); !contains(got, id) || !contains(got, own["id"].(string)) {
		t.Error("the host does not see every campaign")
	}
	mustStatus(t, env.Call(t, http.MethodDelete, "/campaigns/"+hc["id"].(string), host, nil), http.StatusOK)
}

func TestJoinAndApplications(t *testing.T) {
	env := servertest.Get(t)
	a, _ := newBrand(t, env)
	b, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")
	other := newAccount(t, env, "affiliate")

	auto := createCampaign(t, env, a.token, map[string]any{"name": "Open", "approval_mode": "auto"})
	manual := createCampaign(t, env, a.token, map[string]any{"name": "Curated", "approval_mode": "manual"})
	invite := createCampaign(t, env, a.token, map[string]any{"name": "Private", "visibility": "invite_only"})
	paused := createCampaign(t, env, a.token, map[string]any{"name": "Sleeping", "status": "paused"})

	available := ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/available", aff.token, nil), http.StatusOK))["campaigns"].([]any))
	if !contains(available, auto["id"].(string)) || !contains(available, manual["id"].(string)) || contains(available, invite["id"].(string)) || contains(available, paused["id"].(string)) {
		t.Errorf("available offers: %v", available)
	}
	if page := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/available?limit=1", aff.token, nil), http.StatusOK)); len(page["campaigns"].([]any)) != 1 || page["total"].(float64) < 2 {
		t.Errorf("a page of one offer: %v", page)
	}

	joined := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+auto["id"].(string)+"/join", aff.token, nil), http.StatusOK))["application"].(map[string]any)
	if joined["status"] != "approved" {
		t.Errorf("public auto campaign: %v", joined)
	}
	again := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+auto["id"].(string)+"/join", aff.token, nil), http.StatusOK))["application"].(map[string]any)
	if again["id"] != joined["id"] {
		t.Error("joining twice made a second membership")
	}
	pending := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+manual["id"].(string)+"/join", aff.token, nil), http.StatusOK))["application"].(map[string]any)
	if pending["status"] != "pending" {
		t.Errorf("manual campaign: %v", pending)
	}
	wantError(t, env.Call(t, http.MethodPost, "/campaigns/"+invite["id"].(string)+"/join", aff.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/campaigns/"+paused["id"].(string)+"/join", aff.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/campaigns/"+auto["id"].(string)+"/join", a.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/campaigns/available", a.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/campaigns/my-campaigns", a.token, nil), http.StatusForbidden, "FORBIDDEN")
	// Another brand's campaigns are invisible to the affiliate's generic list too, unless public and active.
	generic := ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns", aff.token, nil), http.StatusOK))["campaigns"].([]any))
	if contains(generic, invite["id"].(string)) || contains(generic, paused["id"].(string)) {
		t.Errorf("an affiliate lists invite-only or paused campaigns it is not in: %v", generic)
	}

	// The statuses show in the affiliate's lists.
	mine := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns/my-campaigns", aff.token, nil), http.StatusOK))["campaigns"].([]any)
	statuses := map[string]any{}
	for _, c := range mine {
		m := c.(map[string]any)
		statuses[m["name"].(string)] = m["membership_status"]
	}
	if len(mine) != 2 || statuses["Open"] != "approved" || statuses["Curated"] != "pending" {
		t.Errorf("my campaigns: %v", statuses)
	}

	// Applications: brand A sees them, brand B and affiliates do not.
	apps := data(mustStatus(t, env.Call(t, http.MethodGet, "/applications?status=pending", a.token, nil), http.StatusOK))["applications"].([]any)
	if got := ids(apps); len(got) != 1 || got[0] != pending["id"] {
		t.Errorf("pending applications: %v", got)
	}
	if n := len(data(mustStatus(t, env.Call(t, http.MethodGet, "/applications", b.token, nil), http.StatusOK))["applications"].([]any)); n != 0 {
		t.Errorf("brand B sees %d of A's applications", n)
	}
	// Narrowed to a campaign or an affiliate, and searched by the campaign's (or affiliate's) name.
	listed := func(query string) []string {
		return ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/applications?"+query, a.token, nil), http.StatusOK))["applications"].([]any))
	}
	if got := listed("campaign_id=" + auto["id"].(string)); len(got) != 1 || got[0] != joined["id"] {
		t.Errorf("applications to one campaign: %v", got)
	}
	if got := listed("affiliate_id=" + joined["affiliate_id"].(string) + "&status=approved"); len(got) != 1 || got[0] != joined["id"] {
		t.Errorf("one affiliate's approved applications: %v", got)
	}
	if got := listed("query=curat"); len(got) != 1 || got[0] != pending["id"] {
		t.Errorf("applications searched by campaign name: %v", got)
	}
	if got := listed("affiliate_id=00000000-0000-4000-8000-000000000001"); len(got) != 0 {
		t.Errorf("an affiliate with no application: %v", got)
	}
	// Another brand naming A's campaign or affiliate still sees only its own applications: none.
	for _, query := range []string{"campaign_id=" + auto["id"].(string), "affiliate_id=" + joined["affiliate_id"].(string), "query=curat"} {
		if n := len(data(mustStatus(t, env.Call(t, http.MethodGet, "/applications?"+query, b.token, nil), http.StatusOK))["applications"].([]any)); n != 0 {
			t.Errorf("brand B sees %d of A's applications with %s", n, query)
		}
	}
	wantError(t, env.Call(t, http.MethodGet, "/applications", aff.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/applications/"+pending["id"].(string)+"/approve", b.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/applications/"+pending["id"].(string)+"/approve", aff.token, nil), http.StatusForbidden, "FORBIDDEN")
	approved := data(mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+pending["id"].(string)+"/approve", a.token, nil), http.StatusOK))["application"].(map[string]any)
	if approved["status"] != "approved" || approved["decided_at"] == nil {
		t.Errorf("approved: %v", approved)
	}

	// A rejected affiliate cannot re-apply.
	rej := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+manual["id"].(string)+"/join", other.token, nil), http.StatusOK))["application"].(map[string]any)
	wantError(t, env.Call(t, http.MethodPost, "/applications/"+rej["id"].(string)+"/reject", b.token, nil), http.StatusNotFound, "NOT_FOUND")
	mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+rej["id"].(string)+"/reject", a.token, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodPost, "/campaigns/"+manual["id"].(string)+"/join", other.token, nil), http.StatusConflict, "CONFLICT")

	// An invited (member) affiliate sees the invite-only campaign; the count of approved affiliates shows.
	got := data(mustStatus(t, env.Call(t, http.MethodGet, "/campaigns", a.token, nil), http.StatusOK))["campaigns"].([]any)
	for _, c := range got {
		m := c.(map[string]any)
		if m["name"] == "Curated" && m["affiliates_count"].(float64) != 1 {
			t.Errorf("affiliates_count = %v", m["affiliates_count"])
		}
	}
}

// An affiliate asking for a campaign it may not see gets, byte for byte, the answer a random id
// gets: nothing tells it the campaign exists.
func TestNoCampaignExistenceOracle(t *testing.T) {
	env := servertest.Get(t)
	brand, domain := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")
	hidden := map[string]string{
		"invite-only":            createCampaign(t, env, brand.token, map[string]any{"name": "Private", "visibility": "invite_only"})["id"].(string),
		"paused":                 createCampaign(t, env, brand.token, map[string]any{"name": "Sleeping", "status": "paused"})["id"].(string),
		"ended":                  createCampaign(t, env, brand.token, map[string]any{"name": "Over", "status": "ended"})["id"].(string),
		"invite-only and paused": createCampaign(t, env, brand.token, map[string]any{"name": "Both", "visibility": "invite_only", "status": "paused"})["id"].(string),
	}
	random := "7d1c7a0e-8c84-4a53-9a58-2a6f7b9e0c11"
	calls := map[string]func(id string) servertest.Response{
		"join": func(id string) servertest.Response {
			return env.Call(t, http.MethodPost, "/campaigns/"+id+"/join", aff.token, nil)
		},
		"generate link": func(id string) servertest.Response {
			return env.Call(t, http.MethodPost, "/affiliate-links/generate", aff.token,
				map[string]any{"campaign_id": id, "destination_url": "https://" + domain + "/"})
		},
	}
	for op, call := range calls {
		want := call(random)
		wantError(t, want, http.StatusNotFound, "NOT_FOUND")
		for name, id := range hidden {
			if got := call(id); got.Status != want.Status || string(got.Raw) != string(want.Raw) {
				t.Errorf("%s, %s campaign: %d %s; a random id: %d %s", op, name, got.Status, got.Raw, want.Status, want.Raw)
			}
		}
	}
	if n := count(t, env, "SELECT count(*) FROM campaign_memberships WHERE brand_id = $1", brand.brandID()); n != 0 {
		t.Errorf("%d memberships made in hidden campaigns", n)
	}
}

func TestAffiliatesTenancy(t *testing.T) {
	env := servertest.Get(t)
	a, _ := newBrand(t, env)
	b, _ := newBrand(t, env)
	host := hostToken(t, env)
	inA := newAccount(t, env, "affiliate")
	outsider := newAccount(t, env, "affiliate")
	c := createCampaign(t, env, a.token, map[string]any{"name": "Join me"})
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", inA.token, nil), http.StatusOK)

	profile := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+inA.id(), inA.token, nil), http.StatusOK))["affiliate"].(map[string]any)
	affID := profile["id"].(string)
	if profile["user_id"] != inA.id() || profile["stats"].(map[string]any)["campaigns_joined"].(float64) != 1 {
		t.Errorf("profile: %v", profile)
	}
	wantError(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+inA.id(), outsider.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+inA.id(), a.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+a.id(), host, nil), http.StatusNotFound, "NOT_FOUND")

	listA := ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates?ts=1", a.token, nil), http.StatusOK))["affiliates"].([]any))
	if len(listA) != 1 || listA[0] != affID {
		t.Errorf("brand A's affiliates: %v", listA)
	}
	if n := len(data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates", b.token, nil), http.StatusOK))["affiliates"].([]any)); n != 0 {
		t.Errorf("brand B sees %d affiliates of others", n)
	}
	wantError(t, env.Call(t, http.MethodGet, "/affiliates", inA.token, nil), http.StatusForbidden, "FORBIDDEN")

	details := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/"+affID+"/details", a.token, nil), http.StatusOK))
	if len(details["applications"].([]any)) != 1 {
		t.Errorf("details: %v", details)
	}
	mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/"+affID+"/details", inA.token, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodGet, "/affiliates/"+affID+"/details", b.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodGet, "/affiliates/"+affID+"/details", outsider.token, nil), http.StatusNotFound, "NOT_FOUND")

	// Affiliates edit themselves only; brands never.
	mustStatus(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, inA.token, map[string]any{"name": "New Name", "email": inA.user["email"]}), http.StatusOK)
	wantError(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, outsider.token, map[string]any{"name": "Hijack", "email": "h@example.com"}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, a.token, map[string]any{"name": "Hijack", "email": "h@example.com"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodDelete, "/affiliates/"+affID, a.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/affiliates", a.token, map[string]any{"name": "x", "email": "x@example.com"}), http.StatusForbidden, "FORBIDDEN")

	// The host creates, searches, edits and deletes.
	email := uniqueEmail("made-by-host")
	made := data(mustStatus(t, env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": "Hosted One", "email": email}), http.StatusCreated))["affiliate"].(map[string]any)
	wantError(t, env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": "Twin", "email": strings.ToUpper(email)}), http.StatusConflict, "CONFLICT")
	wantError(t, env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": "Bad", "email": "nope"}), http.StatusBadRequest, "VALIDATION_ERROR")
	found := ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates?query=hosted", host, nil), http.StatusOK))["affiliates"].([]any))
	if !contains(found, made["id"].(string)) {
		t.Error("host search misses the affiliate")
	}
	// Signing up with that email does not take the host-made record over: only its invitation
	// claims it (TestAffiliateInvite).
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusConflict, "CONFLICT")
	mustStatus(t, env.Call(t, http.MethodDelete, "/affiliates/"+made["id"].(string), host, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodDelete, "/affiliates/"+made["id"].(string), host, nil), http.StatusNotFound, "NOT_FOUND")
}

// TestCatalogueListsSortByName: brands, affiliates and campaigns list newest first, or by name
// ignoring case in either direction; another sort is refused, and a brand sorting still sees only
// what it saw before.
func TestCatalogueListsSortByName(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	owner, _ := newBrand(t, env)
	stranger, _ := newBrand(t, env)
	tag := fmt.Sprintf("sorted%d", seq.Add(1))
	// Made in this order; by bytes "Beta" would come before "alpha".
	for _, word := range []string{"Beta", "alpha", "gamma"} {
		name := tag + " " + word
		mustStatus(t, env.Call(t, http.MethodPost, "/brands", host, map[string]any{"name": name}), http.StatusCreated)
		mustStatus(t, env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": name, "email": uniqueEmail("sorted")}), http.StatusCreated)
		createCampaign(t, env, owner.token, map[string]any{"name": name})
	}
	// The words of the names a list shows, in its order.
	shown := func(path, key, token, query string) string {
		rows := data(mustStatus(t, env.Call(t, http.MethodGet, path+"?query="+tag+"&"+query, token, nil), http.StatusOK))[key].([]any)
		words := make([]string, len(rows))
		for i, row := range rows {
			words[i] = strings.TrimPrefix(row.(map[string]any)["name"].(string), tag+" ")
		}
		return strings.Join(words, " ")
	}
	for _, list := range []struct{ path, key, token string }{
		{"/brands", "brands", host},
		{"/affiliates", "affiliates", host},
		{"/campaigns", "campaigns", owner.token},
	} {
		for query, want := range map[string]string{
			"":                                     "gamma alpha Beta",
			"sort=created_at&order=asc":            "Beta alpha gamma",
			"sort=name&order=asc":                  "alpha Beta gamma",
			"sort=name":                            "gamma Beta alpha",
			"sort=name&order=asc&limit=1&offset=1": "Beta",
		} {
			if got := shown(list.path, list.key, list.token, query); got != want {
				t.Errorf("%s?%s: %q, want %q", list.path, query, got, want)
			}
		}
		wantRefusedParam(t, env, list.token, list.path+"?sort=email", "sort")
		wantRefusedParam(t, env, list.token, list.path+"?sort=name&order=up", "order")
	}
	if got := shown("/campaigns", "campaigns", stranger.token, "sort=name&order=asc"); got != "" {
		t.Errorf("another brand sees the campaigns %q", got)
	}
	if got := ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?sort=name&order=asc", stranger.token, nil), http.StatusOK))["brands"].([]any)); len(got) != 1 || got[0] != stranger.brandID() {
		t.Errorf("a brand sorting brands sees %v", got)
	}
}

// TestCatalogueNamesSortRomanian: names sort by Romanian rules (docs/i18n.md), so Ș comes after S
// and Ț after T instead of after Z as byte order has it, in every page of a sorted list.
func TestCatalogueNamesSortRomanian(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	owner, _ := newBrand(t, env)
	tag := fmt.Sprintf("ro%d", seq.Add(1))
	for _, word := range []string{"Zeta", "Șerban", "Ana", "Ștefan", "Țuică", "Sandu", "Tudor"} {
		name := tag + " " + word
		mustStatus(t, env.Call(t, http.MethodPost, "/brands", host, map[string]any{"name": name}), http.StatusCreated)
		mustStatus(t, env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": name, "email": uniqueEmail("ro")}), http.StatusCreated)
		createCampaign(t, env, owner.token, map[string]any{"name": name})
	}
	for _, list := range []struct{ path, key, token string }{
		{"/brands", "brands", host},
		{"/affiliates", "affiliates", host},
		{"/campaigns", "campaigns", owner.token},
	} {
		for query, want := range map[string]string{
			"sort=name&order=asc":                  "Ana Sandu Șerban Ștefan Tudor Țuică Zeta",
			"sort=name&order=desc":                 "Zeta Țuică Tudor Ștefan Șerban Sandu Ana",
			"sort=name&order=asc&limit=3&offset=2": "Șerban Ștefan Tudor",
		} {
			rows := data(mustStatus(t, env.Call(t, http.MethodGet, list.path+"?query="+tag+"&"+query, list.token, nil), http.StatusOK))[list.key].([]any)
			words := make([]string, len(rows))
			for i, row := range rows {
				words[i] = strings.TrimPrefix(row.(map[string]any)["name"].(string), tag+" ")
			}
			if got := strings.Join(words, " "); got != want {
				t.Errorf("%s?%s: %q, want %q", list.path, query, got, want)
			}
		}
	}
}

func TestAPIKeys(t *testing.T) {
	env := servertest.Get(t)
	a, _ := newBrand(t, env)
	b, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")
	createCampaign(t, env, a.token, map[string]any{"name": "Key visible"})

	created := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/api-keys", a.token, map[string]any{"name": "Shop server"}), http.StatusCreated))
	key := created["key"].(string)
	keyID := created["api_key"].(map[string]any)["id"].(string)
	if !strings.HasPrefix(key, "oak_") || count(t, env, "SELECT count(*) FROM api_keys WHERE prefix = $1 AND key_hash <> $2", key[:10], []byte(key)) != 1 {
		t.Fatalf("key %q not stored hashed", key)
	}
	list := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/api-keys", a.token, nil), http.StatusOK))["api_keys"].([]any)
	if len(list) != 1 || strings.Contains(string(mustStatus(t, env.Call(t, http.MethodGet, "/brands/api-keys", a.token, nil), http.StatusOK).Raw), key) {
		t.Error("the key list shows the secret or misses the key")
	}
	// The key works as X-API-Key and as a bearer token, for its own brand only.
	for _, header := range []string{"X-API-Key", "Authorization"} {
		r := env.CallWithHeader(t, http.MethodGet, "/campaigns", header, key)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", header, r.Status, r.Raw)
		}
		for _, c := range data(r)["campaigns"].([]any) {
			if c.(map[string]any)["brand_id"] != a.brandID() {
				t.Errorf("the key sees another brand's campaign")
			}
		}
	}
	det := data(mustStatus(t, env.CallWithHeader(t, http.MethodGet, "/brands/integration/details", "X-API-Key", key), http.StatusOK))
	if det["brand_uuid"] != a.brandID() || det["api_keys_active"].(float64) != 1 {
		t.Errorf("details by key: %v", det)
	}
	// Keys do not open session-only operations.
	wantError(t, env.CallWithHeader(t, http.MethodGet, "/brands/api-keys", "X-API-Key", key), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, env.CallWithHeader(t, http.MethodGet, "/auth/me", "Authorization", key), http.StatusUnauthorized, "UNAUTHORIZED")

	wantError(t, env.Call(t, http.MethodDelete, "/brands/api-keys/"+keyID, b.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/brands/api-keys", aff.token, map[string]any{"name": "x"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/brands/api-keys", aff.token, nil), http.StatusForbidden, "FORBIDDEN")
	if n := len(data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/api-keys", b.token, nil), http.StatusOK))["api_keys"].([]any)); n != 0 {
		t.Errorf("brand B lists %d of A's keys", n)
	}
	wantError(t, env.Call(t, http.MethodPost, "/brands/api-keys", a.token, map[string]any{"name": " "}), http.StatusBadRequest, "VALIDATION_ERROR")
	// The key was just used (so the server keeps it for a while): revoked, it is refused at once.
	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/api-keys/"+keyID, a.token, nil), http.StatusOK)
	wantError(t, env.CallWithHeader(t, http.MethodGet, "/campaigns", "X-API-Key", key), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, env.CallWithHeader(t, http.MethodGet, "/campaigns", "X-API-Key", "oak_made_up"), http.StatusUnauthorized, "UNAUTHORIZED")
	revoked := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/api-keys", a.token, nil), http.StatusOK))["api_keys"].([]any)
	if k := revoked[0].(map[string]any); k["revoked_at"] == nil || k["last_used_at"] == nil {
		t.Errorf("revoked key: %v", k)
	}
}

func TestDeleteCascades(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	brand, _ := newBrand(t, env)
	aff := newAccount(t, env, "affiliate")
	c := createCampaign(t, env, brand.token, map[string]any{"name": "Doomed"})
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	key := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/api-keys", brand.token, map[string]any{"name": "k"}), http.StatusCreated))["key"].(string)
	mustStatus(t, env.CallWithHeader(t, http.MethodGet, "/campaigns", "X-API-Key", key), http.StatusOK)
	affID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+aff.id(), aff.token, nil))["affiliate"].(map[string]any)["id"].(string)

	// Deleting a campaign takes its memberships.
	c2 := createCampaign(t, env, brand.token, map[string]any{"name": "Also doomed"})
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c2["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodDelete, "/campaigns/"+c2["id"].(string), brand.token, nil), http.StatusOK)
	if count(t, env, "SELECT count(*) FROM campaign_memberships WHERE campaign_id = $1", c2["id"]) != 0 {
		t.Error("campaign memberships survive the campaign")
	}

	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/"+brand.brandID(), host, nil), http.StatusOK)
	// The brand's key, just used (so the server keeps it for a while), is refused at once.
	wantError(t, env.CallWithHeader(t, http.MethodGet, "/campaigns", "X-API-Key", key), http.StatusUnauthorized, "UNAUTHORIZED")
	for table, sql := range map[string]string{
		"campaigns":   "SELECT count(*) FROM campaigns WHERE brand_id = $1",
		"memberships": "SELECT count(*) FROM campaign_memberships WHERE brand_id = $1",
		"api keys":    "SELECT count(*) FROM api_keys WHERE brand_id = $1",
		"domains":     "SELECT count(*) FROM brand_domains WHERE brand_id = $1",
		"users":       "SELECT count(*) FROM users WHERE brand_id = $1",
	} {
		if n := count(t, env, sql, brand.brandID()); n != 0 {
			t.Errorf("%d %s survive their brand", n, table)
		}
	}
	if count(t, env, "SELECT count(*) FROM activity_log WHERE action = 'delete' AND entity_type = 'brand' AND entity_id = $1", brand.brandID()) != 1 {
		t.Error("the brand's deletion is not in the activity log")
	}
	wantError(t, env.Call(t, http.MethodGet, "/auth/me", brand.token, nil), http.StatusUnauthorized, "UNAUTHORIZED")

	mustStatus(t, env.Call(t, http.MethodDelete, "/affiliates/"+affID, host, nil), http.StatusOK)
	if count(t, env, "SELECT count(*) FROM users WHERE id = $1", aff.id()) != 0 {
		t.Error("the affiliate's user survives it")
	}
	wantError(t, env.Call(t, http.MethodGet, "/auth/me", aff.token, nil), http.StatusUnauthorized, "UNAUTHORIZED")
}

func TestDataSummaryAndExport(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	brand, _ := newBrand(t, env)
	createCampaign(t, env, brand.token, map[string]any{"name": "=HYPERLINK(\"http://evil\")"})
	counts := data(mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/summary", host, nil), http.StatusOK))["counts"].(map[string]any)
	if counts["brands"].(float64) < 1 || counts["campaigns"].(float64) < 1 || counts["users"].(float64) < 2 {
		t.Errorf("counts: %v", counts)
	}
	for _, entity := range []string{"users", "brands", "affiliates", "campaigns", "applications"} {
		r := mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/export/"+entity, host, nil), http.StatusOK)
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") || !strings.HasPrefix(string(r.Raw), "id,") {
			t.Errorf("%s export: %s %q", entity, r.Header.Get("Content-Type"), r.Raw[:min(len(r.Raw), 40)])
		}
		if strings.Contains(string(r.Raw), "argon2") || strings.Contains(string(r.Raw), "whsec_") {
			t.Errorf("%s export leaks a secret", entity)
		}
	}
	camps := mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/export/campaigns", host, nil), http.StatusOK)
	if strings.Contains(string(camps.Raw), ",=HYPERLINK") {
		t.Error("a formula is exported as a formula")
	}
	wantError(t, env.Call(t, http.MethodGet, "/admin/data/export/secrets", host, nil), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodGet, "/admin/data/summary", brand.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/admin/data/export/users", brand.token, nil), http.StatusForbidden, "FORBIDDEN")
}

func TestProfileAndPassword(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("profile")
	r := mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated)
	token := data(r)["jwt"].(string)
	user := data(mustStatus(t, env.Call(t, http.MethodPut, "/auth/profile", token, map[string]any{"firstName": "Ioana", "lastName": "Marin"}), http.StatusOK))["user"].(map[string]any)
	if user["firstName"] != "Ioana" || user["lastName"] != "Marin" {
		t.Errorf("profile: %v", user)
	}
	wantError(t, env.Call(t, http.MethodPut, "/auth/profile", token, map[string]any{"firstName": " ", "lastName": "M"}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/auth/change-password", token, map[string]any{"currentPassword": "wrong-one", "newPassword": "next-password"}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/auth/change-password", token, map[string]any{"currentPassword": "correct-horse", "newPassword": "short"}), http.StatusBadRequest, "VALIDATION_ERROR")
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/change-password", token, map[string]any{"currentPassword": "correct-horse", "newPassword": "next-password"}), http.StatusOK)
	if login(t, env, email, "next-password").Status != http.StatusOK {
		t.Error("the new password does not work")
	}
	wantError(t, env.Call(t, http.MethodPut, "/auth/profile", "", map[string]any{"firstName": "a", "lastName": "b"}), http.StatusUnauthorized, "UNAUTHORIZED")
}
