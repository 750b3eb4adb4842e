package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// A brand that gives its shop's address at sign-up can put its first campaign's homepage there.
func TestSignupWithShopDomain(t *testing.T) {
	env := servertest.Get(t)
	body := signupBody("brand", uniqueEmail("brand"))
	body["domain"] = " https://Shop-First.Example.com/ro/ "
	r := mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", body), http.StatusCreated)
	token := data(r)["jwt"].(string)
	brand := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?limit=1", token, nil), http.StatusOK))["brands"].([]any)[0].(map[string]any)
	if brand["domain"] != "shop-first.example.com" {
		t.Fatalf("domain: %v", brand["domain"])
	}
	if domains := brand["domains"].([]any); len(domains) != 1 || domains[0] != "shop-first.example.com" {
		t.Fatalf("domains: %v", domains)
	}
	// Saving the settings without the (deprecated) domain keeps it.
	mustStatus(t, env.Call(t, http.MethodPut, "/brands/setup", token, map[string]any{"company_name": "Renamed SRL"}), http.StatusOK)
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?limit=1", token, nil), http.StatusOK))["brands"].([]any)[0].(map[string]any)["domain"]; got != "shop-first.example.com" {
		t.Fatalf("domain after setup without one: %v", got)
	}
	c := createCampaign(t, env, token, map[string]any{"name": "First", "homepage_url": "https://shop-first.example.com/ro"})
	if c["status"] != "active" {
		t.Fatalf("status: %v", c["status"])
	}

	// Without one the brand starts with no domains; a bad one is refused, naming the field, and stores nothing.
	plain := newAccount(t, env, "brand")
	got := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/"+plain.brandID()+"/domains", plain.token, nil), http.StatusOK))
	if len(got["domains"].([]any)) != 0 {
		t.Fatalf("domains without one at sign-up: %v", got)
	}
	for _, bad := range []string{"not a domain", "ftp://shop.example.com", "https://shop.example.com:8443/", "192.168.0.1"} {
		email := uniqueEmail("brand")
		body := signupBody("brand", email)
		body["domain"] = bad
		wantFieldError(t, bad, env.Call(t, http.MethodPost, "/auth/signup", "", body), "domain")
		if n := count(t, env, "SELECT count(*) FROM users WHERE email = $1", email); n != 0 {
			t.Fatalf("%q: a refused sign-up stored its user", bad)
		}
	}
}

// A campaign made from a name and a blank status (all the host's admin dialog sends) is active
// without a homepage (docs/product.md §4); its links then name their page: a link
// without one is refused with DESTINATION_REQUIRED naming destination_url, for the brand and the
// affiliate, on creation and on a change, and nothing is stored.
func TestBlankStatusCampaignActiveWithoutHomepage(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	r := mustStatus(t, env.Call(t, http.MethodPost, "/campaigns", b.token, map[string]any{"name": "Spring sale", "status": ""}), http.StatusCreated)
	c := data(r)["campaign"].(map[string]any)
	if c["status"] != "active" || c["homepage_url"] != nil {
		t.Fatalf("a campaign from a name and a blank status: %v", c)
	}
	host := hostToken(t, env)
	byHost := data(mustStatus(t, env.Call(t, http.MethodPost, "/campaigns", host, map[string]any{"name": "By host", "brand_id": b.brandID(), "status": ""}), http.StatusCreated))["campaign"].(map[string]any)
	if byHost["status"] != "active" {
		t.Fatalf("the host's campaign: %v", byHost)
	}
	// A paused one is resumed without a homepage too.
	paused := createCampaign(t, env, b.token, map[string]any{"name": "Later", "status": "paused"})
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+paused["id"].(string), b.token, map[string]any{"status": "active"}), http.StatusOK)

	aff := newAccount(t, env, "affiliate")
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	affID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+aff.id(), aff.token, nil))["affiliate"].(map[string]any)["id"].(string)
	before := count(t, env, "SELECT count(*) FROM tracking_links WHERE campaign_id = $1", c["id"])
	wantDestinationRequired := func(what string, r servertest.Response) {
		t.Helper()
		wantError(t, r, http.StatusBadRequest, "DESTINATION_REQUIRED")
		details, _ := r.Body["details"].([]any)
		if len(details) == 0 || details[0].(map[string]any)["field"] != "destination_url" || !strings.Contains(r.Body["error"].(string), "no homepage") {
			t.Errorf("%s: %s; want the destination_url named and the missing homepage said", what, r.Raw)
		}
	}
	for _, dest := range []any{nil, "", "  "} {
		brandLink := map[string]any{"name": "Newsletter", "affiliate_id": affID, "campaign_id": c["id"]}
		affLink := map[string]any{"campaign_id": c["id"]}
		if dest != nil {
			brandLink["destination_url"], affLink["destination_url"] = dest, dest
		}
		wantDestinationRequired(fmt.Sprintf("the brand's link to %q", dest), env.Call(t, http.MethodPost, "/tracking-links", b.token, brandLink))
		wantDestinationRequired(fmt.Sprintf("the affiliate's link to %q", dest), env.Call(t, http.MethodPost, "/affiliate-links/generate", aff.token, affLink))
	}
	if n := count(t, env, "SELECT count(*) FROM tracking_links WHERE campaign_id = $1", c["id"]); n != before {
		t.Fatalf("refused links stored: %d", n-before)
	}

	// With its page named, the link is made and redirects there.
	page := "https://" + domain + "/spring"
	link := data(mustStatus(t, env.Call(t, http.MethodPost, "/affiliate-links/generate", aff.token, map[string]any{"campaign_id": c["id"], "destination_url": page}), http.StatusCreated))["link"].(map[string]any)
	if loc, _ := url.Parse(visit(t, env.URL, link["short_code"].(string), "").Header.Get("Location")); loc == nil || loc.Host != domain || loc.Path != "/spring" {
		t.Errorf("the link redirects to %v", loc)
	}
	// Its destination cannot be emptied either: there is no homepage to fall back on.
	wantDestinationRequired("a link's destination emptied", env.Call(t, http.MethodPut, "/tracking-links/"+link["id"].(string), b.token, map[string]any{"destination_url": ""}))

	// Another brand cannot tell the campaign exists, whatever it sends.
	other, _ := newBrand(t, env)
	wantError(t, env.Call(t, http.MethodPut, "/campaigns/"+c["id"].(string), other.token, map[string]any{"status": "active"}), http.StatusNotFound, "NOT_FOUND")
}

// The host's brands table shows a brand's shop domains, and its search finds a brand by any of them.
func TestHostFindsBrandByAnyShopDomain(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	extra := "extra-" + domain
	mustStatus(t, env.Call(t, http.MethodPut, "/brands/"+b.brandID()+"/domains", b.token, map[string]any{"domains": []string{domain, extra}}), http.StatusOK)
	found := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?query="+strings.ToUpper(extra), hostToken(t, env), nil), http.StatusOK))["brands"].([]any)
	if len(found) != 1 || found[0].(map[string]any)["id"] != b.brandID() {
		t.Fatalf("search by a shop domain: %v", found)
	}
	if got := found[0].(map[string]any)["domains"].([]any); len(got) != 2 {
		t.Fatalf("domains: %v", got)
	}
	// A brand's own search never reaches another brand.
	other, _ := newBrand(t, env)
	if mine := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands?query="+extra, other.token, nil), http.StatusOK))["brands"].([]any); len(mine) != 0 {
		t.Fatalf("another brand found it: %v", mine)
	}
}
