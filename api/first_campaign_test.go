package api_test

import (
	"fmt"
	"net/http"
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

// A campaign affiliates can join sends visitors somewhere: active needs a homepage, paused and ended may lack one.
func TestActiveCampaignNeedsHomepage(t *testing.T) {
	env := servertest.Get(t)
	b, domain := newBrand(t, env)
	for _, status := range []any{nil, "", "active"} {
		body := map[string]any{"name": "Nowhere"}
		if status != nil {
			body["status"] = status
		}
		wantFieldError(t, fmt.Sprintf("created with status %v", status), env.Call(t, http.MethodPost, "/campaigns", b.token, body), "homepage_url")
	}
	wantFieldError(t, "active without a homepage", env.Call(t, http.MethodPost, "/campaigns", b.token, map[string]any{"name": "Blank", "homepage_url": " "}), "homepage_url")
	host := hostToken(t, env)
	wantFieldError(t, "active without a homepage", env.Call(t, http.MethodPost, "/campaigns", host, map[string]any{"name": "By host", "brand_id": b.brandID(), "status": "active"}), "homepage_url")

	paused := createCampaign(t, env, b.token, map[string]any{"name": "Later", "status": "paused"})
	path := "/campaigns/" + paused["id"].(string)
	// Paused, it may change without a homepage; set active, it needs one.
	mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"name": "Later still"}), http.StatusOK)
	wantFieldError(t, "active without a homepage", env.Call(t, http.MethodPut, path, b.token, map[string]any{"status": "active"}), "homepage_url")
	wantFieldError(t, "active without a homepage", env.Call(t, http.MethodPut, path, host, map[string]any{"name": "Later", "status": "active"}), "homepage_url")
	active := data(mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"status": "active", "homepage_url": "https://" + domain + "/"}), http.StatusOK))["campaign"].(map[string]any)
	if active["status"] != "active" || active["homepage_url"] != "https://"+domain+"/" {
		t.Fatalf("activated: %v", active)
	}
	// An active campaign's homepage cannot be emptied.
	wantFieldError(t, "active without a homepage", env.Call(t, http.MethodPut, path, b.token, map[string]any{"homepage_url": ""}), "homepage_url")
	ended := data(mustStatus(t, env.Call(t, http.MethodPut, path, b.token, map[string]any{"status": "ended", "homepage_url": ""}), http.StatusOK))["campaign"].(map[string]any)
	if ended["homepage_url"] != nil {
		t.Fatalf("ended: %v", ended)
	}

	// Another brand cannot tell the campaign exists, whatever it sends.
	other, _ := newBrand(t, env)
	wantError(t, env.Call(t, http.MethodPut, path, other.token, map[string]any{"status": "active"}), http.StatusNotFound, "NOT_FOUND")
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
