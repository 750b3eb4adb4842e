package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/openaffiliate/platform/server/servertest"
)

// platformHost is PUBLIC_URL's host name in the test servers.
const platformHost = "affiliate.test"

// visitOn opens a tracking link as a browser that reached the server under host (a tracking
// domain, the platform's host name, or any other), without following the redirect.
func visitOn(t *testing.T, env *servertest.Env, host, path string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, env.URL+path, nil)
	req.Host = host
	req.Header.Set("User-Agent", browserUA)
	return send(t, req)
}

func trackingDomainPath(brandID string) string { return "/brands/" + brandID + "/tracking-domain" }

// setTrackingDomain gives a brand a tracking domain and verifies it through the fake DNS.
func setTrackingDomain(t *testing.T, env *servertest.Env, b account, host string) map[string]any {
	t.Helper()
	mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(b.brandID()), b.token, map[string]any{"hostname": host}), http.StatusOK)
	env.DNS.SetCNAME(host, platformHost)
	r := mustStatus(t, env.Call(t, http.MethodPost, trackingDomainPath(b.brandID())+"/check", b.token, nil), http.StatusOK)
	return data(r)["tracking_domain"].(map[string]any)
}

func linkURL(t *testing.T, env *servertest.Env, token, id string) string {
	t.Helper()
	for _, l := range data(mustStatus(t, env.Call(t, http.MethodGet, "/tracking-links?limit=1000", token, nil), http.StatusOK))["links"].([]any) {
		if link := l.(map[string]any); link["id"] == id {
			return link["tracking_url"].(string)
		}
	}
	t.Fatalf("link %s not listed", id)
	return ""
}

// A brand's verified tracking domain answers its own codes and no other brand's; the platform's
// host name (and any host no brand has) answers every code; the brand's links are shown on it.
func TestTrackingDomainServesItsBrandsCodesOnly(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	linkA, linkB := a.link(t, env, ""), b.link(t, env, "")
	codeA, codeB := linkA["short_code"].(string), linkB["short_code"].(string)
	domain := "go." + a.domain

	r := data(mustStatus(t, env.Call(t, http.MethodGet, trackingDomainPath(a.brand.brandID()), a.brand.token, nil), http.StatusOK))
	if r["cname_target"] != platformHost || r["tracking_domain"] != nil {
		t.Fatalf("before a domain is added: %v", r)
	}
	added := data(mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(a.brand.brandID()), a.brand.token,
		map[string]any{"hostname": " GO." + strings.ToUpper(a.domain) + ". "}), http.StatusOK))["tracking_domain"].(map[string]any)
	record := added["dns_record"].(map[string]any)
	if added["hostname"] != domain || added["status"] != "pending" || record["type"] != "CNAME" || record["name"] != domain || record["value"] != platformHost {
		t.Fatalf("added: %v", added)
	}
	// Pending, the domain is no brand's yet: like any unknown host it answers every code.
	if visitOn(t, env, domain, "/r/"+codeB).StatusCode != http.StatusFound {
		t.Fatal("a pending domain refuses another brand's code")
	}
	if got := linkURL(t, env, a.brand.token, linkA["id"].(string)); got != "http://affiliate.test/r/"+codeA {
		t.Fatalf("a link while its domain is pending: %s", got)
	}

	env.DNS.SetCNAME(domain, platformHost+".")
	checked := data(mustStatus(t, env.Call(t, http.MethodPost, trackingDomainPath(a.brand.brandID())+"/check", a.brand.token, nil), http.StatusOK))["tracking_domain"].(map[string]any)
	if checked["status"] != "verified" || checked["check_result"] != "points_here" || checked["verified_at"] == nil || checked["checked_at"] == nil {
		t.Fatalf("checked: %v", checked)
	}

	for _, c := range []struct {
		host, code string
		want       int
	}{
		{domain, codeA, http.StatusFound},
		{"GO." + strings.ToUpper(a.domain) + ":443", codeA, http.StatusFound},
		{domain, codeB, http.StatusNotFound},
		{domain + ".", codeB, http.StatusNotFound},
		{platformHost, codeA, http.StatusFound},
		{platformHost, codeB, http.StatusFound},
		{"127.0.0.1", codeB, http.StatusFound},
	} {
		if got := visitOn(t, env, c.host, "/r/"+c.code).StatusCode; got != c.want {
			t.Errorf("%s on %s: %d, want %d", c.code, c.host, got, c.want)
		}
	}
	// Another brand's code answers the page an unknown code does, in the visitor's language.
	for lang, want := range map[string]string{"": "Acest link nu este disponibil", "en-GB,en;q=0.9,ro;q=0.5": "This link is not available"} {
		req, _ := http.NewRequest(http.MethodGet, env.URL+"/r/"+codeB, nil)
		req.Host = domain
		req.Header.Set("Accept-Language", lang)
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close() // read to the end above
		if err != nil || resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), want) {
			t.Errorf("another brand's code (Accept-Language %q): %d %s", lang, resp.StatusCode, body)
		}
	}
	// The links are shown on the domain, the other brand's on the platform's address.
	if got := linkURL(t, env, a.brand.token, linkA["id"].(string)); got != "http://"+domain+"/r/"+codeA {
		t.Errorf("brand A's link: %s", got)
	}
	if got := linkURL(t, env, b.brand.token, linkB["id"].(string)); got != "http://affiliate.test/r/"+codeB {
		t.Errorf("brand B's link: %s", got)
	}
	details := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/integration/details", a.brand.token, nil), http.StatusOK))
	if details["tracking_base_url"] != "http://"+domain+"/r/" {
		t.Errorf("integration details: %v", details["tracking_base_url"])
	}
	// Only tracking links answer on the domain; the app and its API stay on the platform's address.
	for _, path := range []string{"/", "/auth", "/api/v1/system/health", "/track.js"} {
		if got := visitOn(t, env, domain, path).StatusCode; got != http.StatusNotFound {
			t.Errorf("%s on the tracking domain: %d", path, got)
		}
	}
	if got := visitOn(t, env, platformHost, "/api/v1/system/health").StatusCode; got != http.StatusOK {
		t.Errorf("the API on the platform's host: %d", got)
	}
	// A reverse proxy may get certificates for the platform's host and verified domains only.
	for host, want := range map[string]int{domain: http.StatusOK, platformHost: http.StatusOK, "go." + b.domain: http.StatusNotFound, "10.0.0.1": http.StatusNotFound} {
		if got := env.Call(t, http.MethodGet, "/system/tls-domain?domain="+host, "", nil).Status; got != want {
			t.Errorf("tls-domain %s: %d, want %d", host, got, want)
		}
	}

	// Removed, the domain is no brand's: the links go back to the platform's address.
	mustStatus(t, env.Call(t, http.MethodDelete, trackingDomainPath(a.brand.brandID()), a.brand.token, nil), http.StatusOK)
	if got := visitOn(t, env, domain, "/r/"+codeB).StatusCode; got != http.StatusFound {
		t.Errorf("a removed domain: %d", got)
	}
	if got := linkURL(t, env, a.brand.token, linkA["id"].(string)); got != "http://affiliate.test/r/"+codeA {
		t.Errorf("a link after its domain was removed: %s", got)
	}
	if got := env.Call(t, http.MethodGet, "/system/tls-domain?domain="+domain, "", nil).Status; got != http.StatusNotFound {
		t.Errorf("tls-domain of a removed domain: %d", got)
	}
}

func TestTrackingDomainInputAndChecks(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	path := trackingDomainPath(a.brand.brandID())
	for _, bad := range []string{"", "https://go.shop.ro/x", "go.shop.ro:8443", "10.0.0.1", "*.shop.ro", "localhost", "shop", "go_x.shop.ro",
		platformHost, "GO." + platformHost, strings.Repeat("a", 64) + ".ro"} {
		r := env.Call(t, http.MethodPut, path, a.brand.token, map[string]any{"hostname": bad})
		wantError(t, r, http.StatusBadRequest, "INVALID_DOMAIN")
		if d := r.Body["details"].([]any)[0].(map[string]any); d["field"] != "hostname" {
			t.Errorf("%q: details %v", bad, d)
		}
	}

	domain := "go." + a.domain
	verified := setTrackingDomain(t, env, a.brand, domain)
	// Another brand cannot take it; the same name again changes nothing.
	r := env.Call(t, http.MethodPut, trackingDomainPath(b.brand.brandID()), b.brand.token, map[string]any{"hostname": strings.ToUpper(domain)})
	wantError(t, r, http.StatusConflict, "CONFLICT")
	if d := r.Body["details"].([]any)[0].(map[string]any); d["field"] != "hostname" {
		t.Errorf("conflict details %v", d)
	}
	again := data(mustStatus(t, env.Call(t, http.MethodPut, path, a.brand.token, map[string]any{"hostname": domain}), http.StatusOK))["tracking_domain"].(map[string]any)
	if again["status"] != "verified" || again["verified_at"] != verified["verified_at"] {
		t.Errorf("the same name again: %v", again)
	}

	check := func() map[string]any {
		t.Helper()
		return data(mustStatus(t, env.Call(t, http.MethodPost, path+"/check", a.brand.token, nil), http.StatusOK))["tracking_domain"].(map[string]any)
	}
	// A lookup that fails changes nothing; a record gone or pointing elsewhere makes it pending.
	env.DNS.Fail(domain)
	if d := check(); d["status"] != "verified" || d["check_result"] != "lookup_failed" {
		t.Errorf("failed lookup: %v", d)
	}
	env.DNS.SetCNAME(domain, "old-host.example.net")
	if d := check(); d["status"] != "pending" || d["check_result"] != "points_elsewhere" || d["found_target"] != "old-host.example.net" || d["verified_at"] != nil {
		t.Errorf("pointing elsewhere: %v", d)
	}
	if got := visitOn(t, env, domain, "/r/"+b.link(t, env, "")["short_code"].(string)).StatusCode; got != http.StatusFound {
		t.Errorf("a domain that went back to pending still restricts codes: %d", got)
	}
	env.DNS.SetCNAME(domain, "")
	if d := check(); d["status"] != "pending" || d["check_result"] != "no_cname" {
		t.Errorf("no record: %v", d)
	}
	// A record pointing at what the platform's host name is an alias of counts.
	env.DNS.SetCNAME(platformHost, "lb-7.cloud.example.net")
	env.DNS.SetCNAME(domain, "lb-7.cloud.example.net")
	if d := check(); d["status"] != "verified" || d["check_result"] != "points_here" {
		t.Errorf("through the platform's alias: %v", d)
	}
	env.DNS.SetCNAME(platformHost, "")

	// Replacing the domain starts the new one pending; the old one is no brand's any more.
	other := "links." + a.domain
	replaced := data(mustStatus(t, env.Call(t, http.MethodPut, path, a.brand.token, map[string]any{"hostname": other}), http.StatusOK))["tracking_domain"].(map[string]any)
	if replaced["hostname"] != other || replaced["status"] != "pending" || replaced["checked_at"] != nil {
		t.Errorf("replaced: %v", replaced)
	}
	mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(b.brand.brandID()), b.brand.token, map[string]any{"hostname": domain}), http.StatusOK)
}

// Another brand's tracking domain answers 404 to every operation; affiliates may call none; the
// host manages any brand's.
func TestTrackingDomainTenancy(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	host := hostToken(t, env)
	path := trackingDomainPath(a.brand.brandID())
	setTrackingDomain(t, env, a.brand, "go."+a.domain)

	calls := []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, path, nil},
		{http.MethodPut, path, map[string]any{"hostname": "go." + b.domain}},
		{http.MethodPost, path + "/check", nil},
		{http.MethodDelete, path, nil},
	}
	for _, c := range calls {
		wantError(t, env.Call(t, c.method, c.path, b.brand.token, c.body), http.StatusNotFound, "NOT_FOUND")
		wantError(t, env.Call(t, c.method, c.path, a.affiliate.token, c.body), http.StatusForbidden, "FORBIDDEN")
		wantError(t, env.Call(t, c.method, c.path, "", c.body), http.StatusUnauthorized, "UNAUTHORIZED")
	}
	if d := data(mustStatus(t, env.Call(t, http.MethodGet, path, a.brand.token, nil), http.StatusOK))["tracking_domain"].(map[string]any); d["hostname"] != "go."+a.domain || d["status"] != "verified" {
		t.Fatalf("brand B's calls changed A's domain: %v", d)
	}
	if d := data(mustStatus(t, env.Call(t, http.MethodGet, path, host, nil), http.StatusOK))["tracking_domain"].(map[string]any); d["hostname"] != "go."+a.domain {
		t.Errorf("the host reads: %v", d)
	}
	mustStatus(t, env.Call(t, http.MethodDelete, path, host, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodDelete, path, a.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, path+"/check", a.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
}
