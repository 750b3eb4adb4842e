package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/testkit/servertest"
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
	added := mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(b.brandID()), b.token, map[string]any{"hostname": host}), http.StatusOK)
	proveTrackingDomain(env, data(added)["tracking_domain"].(map[string]any))
	r := mustStatus(t, env.Call(t, http.MethodPost, trackingDomainPath(b.brandID())+"/check", b.token, nil), http.StatusOK)
	d := data(r)["tracking_domain"].(map[string]any)
	if d["status"] != "verified" {
		t.Fatalf("%s not verified: %v", host, d)
	}
	return d
}

// proveTrackingDomain publishes the DNS records a tracking domain's answer names: the CNAME to the
// platform and the TXT record holding the brand's token (replacing the TXT records the name had).
func proveTrackingDomain(env *servertest.Env, d map[string]any) {
	env.DNS.SetCNAME(d["hostname"].(string), platformHost)
	env.DNS.SetTXT("_openaffiliate."+d["hostname"].(string), txtValue(d))
}

// txtValue is what a tracking domain's TXT record must hold.
func txtValue(d map[string]any) string {
	txt, _ := d["txt_record"].(map[string]any)
	value, _ := txt["value"].(string)
	return value
}

// checkDomain asks for a check of a brand's tracking domain and answers the domain.
func checkDomain(t *testing.T, env *servertest.Env, b account) map[string]any {
	t.Helper()
	return data(mustStatus(t, env.Call(t, http.MethodPost, trackingDomainPath(b.brandID())+"/check", b.token, nil), http.StatusOK))["tracking_domain"].(map[string]any)
}

// tlsDomain answers the status GET /system/tls-domain gives a host name.
func tlsDomain(t *testing.T, env *servertest.Env, host string) int {
	t.Helper()
	return env.Call(t, http.MethodGet, "/system/tls-domain?domain="+host, "", nil).Status
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
	record, txt := added["dns_record"].(map[string]any), added["txt_record"].(map[string]any)
	if added["hostname"] != domain || added["status"] != "pending" || record["type"] != "CNAME" || record["name"] != domain || record["value"] != platformHost {
		t.Fatalf("added: %v", added)
	}
	if txt["type"] != "TXT" || txt["name"] != "_openaffiliate."+domain || !strings.HasPrefix(txt["value"].(string), "openaffiliate-verification=") ||
		len(txt["value"].(string)) != len("openaffiliate-verification=")+32 || added["expires_at"] == nil {
		t.Fatalf("added: %v", added)
	}
	// Pending, the domain is no brand's yet: like any unknown host it answers every code, except
	// the claiming brand's (a claim without proof does not put its links on the name).
	if visitOn(t, env, domain, "/r/"+codeB).StatusCode != http.StatusFound {
		t.Fatal("a pending domain refuses another brand's code")
	}
	if got := visitOn(t, env, domain, "/r/"+codeA).StatusCode; got != http.StatusNotFound {
		t.Fatalf("a pending domain answers its claimant's code: %d", got)
	}
	if got := linkURL(t, env, a.brand.token, linkA["id"].(string)); got != "http://affiliate.test/r/"+codeA {
		t.Fatalf("a link while its domain is pending: %s", got)
	}

	// The CNAME alone says where traffic goes, not whose the name is.
	env.DNS.SetCNAME(domain, platformHost+".")
	if d := checkDomain(t, env, a.brand); d["status"] != "pending" || d["check_result"] != "no_txt" {
		t.Fatalf("checked with the CNAME alone: %v", d)
	}
	env.DNS.SetTXT(txt["name"].(string), "google-site-verification=x", txt["value"].(string))
	checked := checkDomain(t, env, a.brand)
	if checked["status"] != "verified" || checked["check_result"] != "points_here" || checked["verified_at"] == nil || checked["checked_at"] == nil || checked["expires_at"] != nil {
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
	// The brand's token is its own for good: added again (or another name), the same TXT value.
	again := data(mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(a.brand.brandID()), a.brand.token, map[string]any{"hostname": "links." + a.domain}), http.StatusOK))["tracking_domain"].(map[string]any)
	if txtValue(again) != txt["value"] {
		t.Errorf("the token changed: %v, was %v", again["txt_record"], txt["value"])
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
	// Another brand cannot take it once verified; the same name again changes nothing.
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
	env.DNS.SetAddrs("old-host.example.net", "93.184.215.14")
	if d := check(); d["status"] != "pending" || d["check_result"] != "points_elsewhere" || d["found_target"] != "old-host.example.net" || d["verified_at"] != nil || d["expires_at"] == nil {
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

// The takeover: brand A verified a name, removed it and left its CNAME (and its TXT record) in
// DNS. Brand B adds the same name: the CNAME alone does not verify it, B's codes are not answered
// on it, and no certificate is issued for it, until B publishes its own token.
func TestTrackingDomainTakeover(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	linkB := b.link(t, env, "")
	codeB := linkB["short_code"].(string)
	domain := "go." + a.domain
	verified := setTrackingDomain(t, env, a.brand, domain)
	mustStatus(t, env.Call(t, http.MethodDelete, trackingDomainPath(a.brand.brandID()), a.brand.token, nil), http.StatusOK)

	claimed := data(mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(b.brand.brandID()), b.brand.token, map[string]any{"hostname": domain}), http.StatusOK))["tracking_domain"].(map[string]any)
	if d := checkDomain(t, env, b.brand); d["status"] != "pending" || d["check_result"] != "no_txt" || d["verified_at"] != nil {
		t.Fatalf("B's check with A's CNAME and A's TXT record: %v", d)
	}
	tokenA, tokenB := txtValue(verified), txtValue(claimed)
	if claimed["status"] != "pending" || tokenA == tokenB {
		t.Fatalf("B's claim: %v (A's token %v)", claimed, tokenA)
	}
	if got := visitOn(t, env, domain, "/r/"+codeB).StatusCode; got != http.StatusNotFound {
		t.Errorf("B's code on A's old domain: %d", got)
	}
	if got := tlsDomain(t, env, domain); got != http.StatusNotFound {
		t.Errorf("tls-domain of B's unproved claim: %d", got)
	}
	if got := linkURL(t, env, b.brand.token, linkB["id"].(string)); got != "http://affiliate.test/r/"+codeB {
		t.Errorf("B's link is shown on the claimed name: %s", got)
	}
	// With its own token published (next to A's), the name is B's.
	env.DNS.SetTXT("_openaffiliate."+domain, tokenA, tokenB)
	if d := checkDomain(t, env, b.brand); d["status"] != "verified" {
		t.Fatalf("B's check with its token: %v", d)
	}
	if got := visitOn(t, env, domain, "/r/"+codeB).StatusCode; got != http.StatusFound {
		t.Errorf("B's code on its verified domain: %d", got)
	}
}

// The squat: brand B claims A's name first (A's CNAME already points at the platform). A can still
// add it and verify it with its token; B cannot verify it, even with its token published too; a
// pending claim expires.
func TestTrackingDomainSquat(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	codeA, codeB := a.link(t, env, "")["short_code"].(string), b.link(t, env, "")["short_code"].(string)
	domain := "go." + a.domain
	env.DNS.SetCNAME(domain, platformHost)

	squat := data(mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(b.brand.brandID()), b.brand.token, map[string]any{"hostname": domain}), http.StatusOK))["tracking_domain"].(map[string]any)
	if d := checkDomain(t, env, b.brand); d["status"] != "pending" || d["check_result"] != "no_txt" {
		t.Fatalf("the squatter's check: %v", d)
	}
	own := data(mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(a.brand.brandID()), a.brand.token, map[string]any{"hostname": domain}), http.StatusOK))["tracking_domain"].(map[string]any)
	if own["status"] != "pending" {
		t.Fatalf("the owner's claim: %v", own)
	}
	proveTrackingDomain(env, own)
	if d := checkDomain(t, env, a.brand); d["status"] != "verified" || d["check_result"] != "points_here" {
		t.Fatalf("the owner's check: %v", d)
	}
	if d := checkDomain(t, env, b.brand); d["status"] != "pending" || d["check_result"] != "no_txt" {
		t.Errorf("the squatter's check after the owner verified: %v", d)
	}
	// Even with the squatter's token in DNS too, a verified name stays its owner's.
	env.DNS.SetTXT("_openaffiliate."+domain, txtValue(own), txtValue(squat))
	wantError(t, env.Call(t, http.MethodPost, trackingDomainPath(b.brand.brandID())+"/check", b.brand.token, nil), http.StatusConflict, "CONFLICT")
	if d := data(mustStatus(t, env.Call(t, http.MethodGet, trackingDomainPath(b.brand.brandID()), b.brand.token, nil), http.StatusOK))["tracking_domain"].(map[string]any); d["status"] != "pending" {
		t.Errorf("the squatter's claim: %v", d)
	}
	for code, want := range map[string]int{codeA: http.StatusFound, codeB: http.StatusNotFound} {
		if got := visitOn(t, env, domain, "/r/"+code).StatusCode; got != want {
			t.Errorf("%s on the owner's domain: %d, want %d", code, got, want)
		}
	}
	if got := tlsDomain(t, env, domain); got != http.StatusOK {
		t.Errorf("tls-domain: %d", got)
	}

	// A pending claim expires after 7 days: it is no claim any more, and the daily check deletes it.
	if _, err := env.App.Pool.Exec(context.Background(), `UPDATE tracking_domains SET expires_at = now() - interval '1 second' WHERE brand_id = $1`, b.brand.brandID()); err != nil {
		t.Fatal(err)
	}
	if d := data(mustStatus(t, env.Call(t, http.MethodGet, trackingDomainPath(b.brand.brandID()), b.brand.token, nil), http.StatusOK)); d["tracking_domain"] != nil {
		t.Errorf("an expired claim: %v", d)
	}
	wantError(t, env.Call(t, http.MethodPost, trackingDomainPath(b.brand.brandID())+"/check", b.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
	if err := env.App.RecheckTrackingDomains(context.Background()); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := env.App.Pool.QueryRow(context.Background(), `SELECT count(*) FROM tracking_domains WHERE brand_id = $1`, b.brand.brandID()).Scan(&left); err != nil || left != 0 {
		t.Errorf("the expired claim was not deleted: %d, %v", left, err)
	}
}

// The expired proof: the daily check finds a verified domain's TXT record gone. The domain goes back
// to pending, its brand's codes are no longer answered on it, no certificate is issued for it, and
// the brand (only it) is notified. A lookup that fails changes nothing.
func TestTrackingDomainRecheckDropsLostProof(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	linkA := a.link(t, env, "")
	codeA := linkA["short_code"].(string)
	domain := "go." + a.domain
	setTrackingDomain(t, env, a.brand, domain)
	recheck := func() {
		t.Helper()
		if err := env.App.RecheckTrackingDomains(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	getA := func() map[string]any {
		t.Helper()
		return data(mustStatus(t, env.Call(t, http.MethodGet, trackingDomainPath(a.brand.brandID()), a.brand.token, nil), http.StatusOK))["tracking_domain"].(map[string]any)
	}

	env.DNS.Fail(domain)
	recheck()
	if d := getA(); d["status"] != "verified" || d["check_result"] != "lookup_failed" {
		t.Fatalf("after a failed lookup: %v", d)
	}
	env.DNS.SetCNAME(domain, platformHost)
	recheck()
	if d := getA(); d["status"] != "verified" || d["check_result"] != "points_here" {
		t.Fatalf("still proved: %v", d)
	}

	env.DNS.SetTXT("_openaffiliate." + domain)
	recheck()
	d := getA()
	expires, err := time.Parse(time.RFC3339Nano, fmt.Sprint(d["expires_at"]))
	if d["status"] != "pending" || d["check_result"] != "no_txt" || d["verified_at"] != nil || err != nil ||
		expires.Before(time.Now().Add(6*24*time.Hour)) || expires.After(time.Now().Add(8*24*time.Hour)) {
		t.Fatalf("after the TXT record went: %v", d)
	}
	if got := visitOn(t, env, domain, "/r/"+codeA).StatusCode; got != http.StatusNotFound {
		t.Errorf("A's code on its unproved domain: %d", got)
	}
	if got := linkURL(t, env, a.brand.token, linkA["id"].(string)); got != "http://affiliate.test/r/"+codeA {
		t.Errorf("A's link: %s", got)
	}
	if got := tlsDomain(t, env, domain); got != http.StatusNotFound {
		t.Errorf("tls-domain: %d", got)
	}
	notes := data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications", a.brand.token, nil), http.StatusOK))
	list := notes["notifications"].([]any)
	if len(list) != 1 || notes["unread"] != float64(1) {
		t.Fatalf("A's notifications: %v", notes)
	}
	n := list[0].(map[string]any)
	params := n["params"].(map[string]any)
	if n["kind"] != "tracking_domain_unverified" || params["hostname"] != domain || params["brand_name"] == nil {
		t.Errorf("A's notification: %v", n)
	}
	// Only A hears it; A marks it read.
	for _, other := range []account{b.brand, a.affiliate} {
		if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications", other.token, nil), http.StatusOK))["notifications"].([]any); len(got) != 0 {
			t.Errorf("another account's notifications: %v", got)
		}
		wantError(t, env.Call(t, http.MethodPost, "/notifications/read", other.token, map[string]any{"ids": []string{n["id"].(string)}}), http.StatusNotFound, "NOT_FOUND")
	}
	if r := data(mustStatus(t, env.Call(t, http.MethodPost, "/notifications/read", a.brand.token, map[string]any{"ids": []string{n["id"].(string)}}), http.StatusOK)); r["unread"] != float64(0) {
		t.Errorf("marked read: %v", r)
	}
	// Checked again, still gone: no second notification.
	recheck()
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/notifications", a.brand.token, nil), http.StatusOK))["notifications"].([]any); len(got) != 1 {
		t.Errorf("notifications after a second check: %d", len(got))
	}
}

// Checks are limited per brand: the eleventh in 15 minutes answers 429 with Retry-After; another
// brand's checks are not counted with them.
func TestTrackingDomainCheckRateLimited(t *testing.T) {
	env := servertest.Get(t)
	a, b := newProgram(t, env), newProgram(t, env)
	for _, p := range []program{a, b} {
		mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(p.brand.brandID()), p.brand.token, map[string]any{"hostname": "go." + p.domain}), http.StatusOK)
	}
	for range 10 {
		checkDomain(t, env, a.brand)
	}
	r := env.Call(t, http.MethodPost, trackingDomainPath(a.brand.brandID())+"/check", a.brand.token, nil)
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 900 {
		t.Errorf("Retry-After = %q", r.Header.Get("Retry-After"))
	}
	checkDomain(t, env, b.brand)
}

// A CNAME pointing elsewhere is answered `points_elsewhere`; the target is shown only when it is a
// public name, never an internal, private, loopback or unresolvable one.
func TestTrackingDomainCheckHidesInternalTargets(t *testing.T) {
	env := servertest.Get(t)
	a := newProgram(t, env)
	domain := "go." + a.domain
	mustStatus(t, env.Call(t, http.MethodPut, trackingDomainPath(a.brand.brandID()), a.brand.token, map[string]any{"hostname": domain}), http.StatusOK)
	for target, addrs := range map[string][]string{
		"db.internal":              {"93.184.215.14"},
		"redis.svc.cluster.local":  {"93.184.215.14"},
		"db-7.example.net":         {"10.0.0.7"},
		"loop.example.net":         {"127.0.0.1"},
		"metadata.example.net":     {"169.254.169.254"},
		"shared.example.net":       {"100.64.1.1"},
		"v6.example.net":           {"2001:db8::1", "fd00::1"},
		"unresolvable.example.net": nil,
	} {
		env.DNS.SetCNAME(domain, target)
		env.DNS.SetAddrs(target, addrs...)
		if d := checkDomain(t, env, a.brand); d["check_result"] != "points_elsewhere" || d["found_target"] != nil {
			t.Errorf("CNAME to %s (%v): %v", target, addrs, d)
		}
	}
	env.DNS.SetCNAME(domain, "Shop.Example.NET.")
	env.DNS.SetAddrs("shop.example.net", "93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c")
	if d := checkDomain(t, env, a.brand); d["check_result"] != "points_elsewhere" || d["found_target"] != "shop.example.net" {
		t.Errorf("CNAME to a public name: %v", d)
	}
}
