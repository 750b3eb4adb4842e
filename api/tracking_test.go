package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/redirect"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// program is a brand with a campaign and an affiliate approved in it.
type program struct {
	brand     account
	domain    string
	campaign  map[string]any
	affiliate account
	affID     string
}

func newProgram(t *testing.T, env *servertest.Env) program {
	t.Helper()
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{"name": "Tracked", "homepage_url": "https://" + domain + "/home?src=campaign"})
	aff := newAccount(t, env, "affiliate")
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	affID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+aff.id(), aff.token, nil))["affiliate"].(map[string]any)["id"].(string)
	return program{brand: b, domain: domain, campaign: c, affiliate: aff, affID: affID}
}

func (p program) link(t *testing.T, env *servertest.Env, dest string) map[string]any {
	t.Helper()
	r := mustStatus(t, env.Call(t, http.MethodPost, "/tracking-links", p.brand.token, map[string]any{
		"name": "Newsletter", "destination_url": dest, "affiliate_id": p.affID, "campaign_id": p.campaign["id"],
	}), http.StatusCreated)
	return data(r)["link"].(map[string]any)
}

// browserUA is a person's browser (a known bot's clicks are stored as bots and never attribute).
const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

var noFollow = &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// visit opens a tracking link like a browser would, without following the redirect.
func visit(t *testing.T, base, code, userAgent string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/r/"+code, nil)
	if userAgent == "" {
		userAgent = browserUA
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Referer", "https://news.example.org/issue-7")
	return send(t, req)
}

// send sends a request without following a redirect and reads its answer to the end.
func send(t *testing.T, req *http.Request) *http.Response {
	t.Helper()
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		t.Fatal(err)
	}
	if err := resp.Body.Close(); err != nil {
		t.Fatal(err)
	}
	return resp
}

// clickRow answers the row id of the click a signed aff_click names, failing the test when the
// server did not sign it.
func clickRow(t *testing.T, env *servertest.Env, affClick string) string {
	t.Helper()
	c, ok := clickid.NewSigner(env.App.Config.JWTSecret).Read(affClick)
	if !ok {
		t.Fatalf("aff_click %q is not a click id this server made", affClick)
	}
	return c.Click.String()
}

// waitClicks waits until the link's stored clicks (bots included) reach n.
// ageClick moves a stored click back by d (the time is worked out here: Citus refuses an UPDATE
// that computes a timestamp from its column with a time-zone-dependent operator).
func ageClick(t *testing.T, env *servertest.Env, id string, d time.Duration) {
	t.Helper()
	var at time.Time
	if err := env.App.Pool.QueryRow(t.Context(), "SELECT clicked_at FROM clicks WHERE id = $1", id).Scan(&at); err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.Pool.Exec(t.Context(), "UPDATE clicks SET clicked_at = $2 WHERE id = $1", id, at.Add(-d)); err != nil {
		t.Fatal(err)
	}
}

func waitClicks(t *testing.T, env *servertest.Env, linkID string, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1", linkID) >= n {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("clicks of %s did not reach %d", linkID, n)
}

func TestRedirectRecordsClicks(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	link := p.link(t, env, "https://www."+p.domain+"/sale?utm_source=news&x=a%20b")
	if !strings.HasSuffix(link["tracking_url"].(string), "/r/"+link["short_code"].(string)) || len(link["short_code"].(string)) < 7 {
		t.Fatalf("link: %v", link)
	}
	resp := visit(t, env.URL, link["short_code"].(string), "")
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("redirect: %d", resp.StatusCode)
	}
	loc, _ := url.Parse(resp.Header.Get("Location"))
	clickID := loc.Query().Get("aff_click")
	if loc.Host != "www."+p.domain || !strings.HasPrefix(loc.RawQuery, "utm_source=news&x=a%20b&aff_click=") || len(clickID) != clickid.Len {
		t.Fatalf("location %s", loc)
	}
	waitClicks(t, env, link["id"].(string), 1)
	var ua, ref, ipHash string
	var bot bool
	if err := env.App.Pool.QueryRow(context.Background(), "SELECT user_agent, referrer, ip_hash, is_bot FROM clicks WHERE id = $1", clickRow(t, env, clickID)).Scan(&ua, &ref, &ipHash, &bot); err != nil {
		t.Fatalf("click %s not stored: %v", clickID, err)
	}
	if !strings.Contains(ua, "Chrome") || ref != "https://news.example.org/issue-7" || bot || ipHash == "" || strings.Contains(ipHash, "127.0.0.1") {
		t.Errorf("click: ua=%q ref=%q bot=%v ip=%q", ua, ref, bot, ipHash)
	}

	// A bot is recorded as one and not counted.
	visit(t, env.URL, link["short_code"].(string), "Mozilla/5.0 (compatible; Googlebot/2.1)")
	waitClicks(t, env, link["id"].(string), 2)
	if count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1 AND is_bot", link["id"]) != 1 {
		t.Error("the bot's click is not flagged")
	}
	// Both tracking pages show the bot's click apart from the counted one.
	links := data(mustStatus(t, env.Call(t, http.MethodGet, "/tracking-links?limit=100", p.brand.token, nil), http.StatusOK))["links"].([]any)
	if len(links) != 1 || links[0].(map[string]any)["click_count"].(float64) != 1 || links[0].(map[string]any)["bot_clicks"].(float64) != 1 {
		t.Errorf("click_count and bot_clicks: %v", links)
	}
	mine := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliate-links", p.affiliate.token, nil), http.StatusOK))["links"].([]any)
	if len(mine) != 1 || mine[0].(map[string]any)["click_count"].(float64) != 1 || mine[0].(map[string]any)["bot_clicks"].(float64) != 1 {
		t.Errorf("affiliate's links: %v", mine)
	}
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliate-links?limit=1&offset=1", p.affiliate.token, nil), http.StatusOK)); len(got["links"].([]any)) != 0 || got["total"] != float64(1) {
		t.Errorf("affiliate's links past the first: %v", got)
	}

	// The affiliate's statistics count the same click; another brand it works with sees only its own.
	totalClicks := func(token string) float64 {
		r := mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/"+p.affID+"/details", token, nil), http.StatusOK)
		return data(r)["affiliate"].(map[string]any)["stats"].(map[string]any)["total_clicks"].(float64)
	}
	other, otherDomain := newBrand(t, env)
	oc := createCampaign(t, env, other.token, map[string]any{"name": "Other", "homepage_url": "https://" + otherDomain + "/"})
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+oc["id"].(string)+"/join", p.affiliate.token, nil), http.StatusOK)
	if brand, itself, otherBrand := totalClicks(p.brand.token), totalClicks(p.affiliate.token), totalClicks(other.token); brand != 1 || itself != 1 || otherBrand != 0 {
		t.Errorf("total_clicks: brand %v, affiliate %v, other brand %v", brand, itself, otherBrand)
	}
}

func TestRedirectRefusals(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	link := p.link(t, env, "")
	code, id := link["short_code"].(string), link["id"].(string)
	if link["destination_url"] != "https://"+p.domain+"/home?src=campaign" {
		t.Errorf("a blank destination does not use the homepage: %v", link["destination_url"])
	}
	// Unknown codes, and codes no link can have (too short, too long, other characters), get the page.
	for _, c := range []string{"nosuchcode", "short", strings.Repeat("a", 2000), code + "/x", code + ".html", "abc%25defgh"} {
		if r := visit(t, env.URL, c, ""); r.StatusCode != http.StatusNotFound || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(r.Header.Get("Content-Security-Policy"), "default-src 'none'") {
			t.Errorf("code %.40q: %d %s", c, r.StatusCode, r.Header.Get("Content-Type"))
		}
	}
	for _, status := range []string{"paused", "archived"} {
		mustStatus(t, env.Call(t, http.MethodPut, "/tracking-links/"+id, p.brand.token, map[string]any{"status": status}), http.StatusOK)
		if r := visit(t, env.URL, code, ""); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s link: %d", status, r.StatusCode)
		}
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/tracking-links/"+id, p.brand.token, map[string]any{"status": "active"}), http.StatusOK)
	// A campaign that is not active redirects without recording.
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{"status": "paused"}), http.StatusOK)
	r := visit(t, env.URL, code, "")
	if r.StatusCode != http.StatusFound || r.Header.Get("Location") != "https://"+p.domain+"/home?src=campaign" {
		t.Errorf("inactive campaign: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
	time.Sleep(700 * time.Millisecond) // longer than a flush interval
	if n := count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1", id); n != 0 {
		t.Errorf("%d clicks recorded for an inactive campaign", n)
	}
}

// visitHead asks a tracking link where it goes with a HEAD request, as link checkers do.
func visitHead(t *testing.T, base, code string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodHead, base+"/r/"+code, nil)
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close() // only the status and headers are read
	return resp
}

// A HEAD request learns the destination but is never a click, even with a browser's user agent.
func TestHeadIsNotAClick(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	link := p.link(t, env, "https://"+p.domain+"/sale?x=1")
	code, id := link["short_code"].(string), link["id"].(string)
	for range 3 {
		r := visitHead(t, env.URL, code)
		if r.StatusCode != http.StatusFound || r.Header.Get("Location") != "https://"+p.domain+"/sale?x=1" {
			t.Fatalf("HEAD: %d %q", r.StatusCode, r.Header.Get("Location"))
		}
	}
	visit(t, env.URL, code, "") // one GET, so the wait below ends once clicks were written
	waitClicks(t, env, id, 1)
	time.Sleep(700 * time.Millisecond) // longer than a flush interval
	if n := count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1", id); n != 1 {
		t.Errorf("3 HEADs and 1 GET stored %d clicks", n)
	}
}

// applicationID finds the affiliate's application to the program's campaign, as its brand sees it.
func (p program) applicationID(t *testing.T, env *servertest.Env) string {
	t.Helper()
	apps := data(mustStatus(t, env.Call(t, http.MethodGet, "/applications?limit=1000", p.brand.token, nil), http.StatusOK))["applications"].([]any)
	for _, a := range apps {
		if m := a.(map[string]any); m["affiliate_id"] == p.affID && m["campaign_id"] == p.campaign["id"] {
			return m["id"].(string)
		}
	}
	t.Fatalf("no application of %s", p.affID)
	return ""
}

// A rejected affiliate stops earning: its links still send visitors on, without aff_click and
// without a click, and its discount codes no longer attribute. Approved again, both earn again.
func TestRejectedAffiliateStopsEarning(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	link := p.link(t, env, "https://"+p.domain+"/sale?x=1")
	code, id := link["short_code"].(string), link["id"].(string)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"code": "MARA15", "campaign_id": p.campaign["id"], "affiliate_id": p.affID, "discount_type": "percentage", "discount_value": "0.15",
	}), http.StatusCreated)
	// An order naming the code (in another case) goes through the attribution production runs.
	orders := 0
	attributes := func() bool {
		t.Helper()
		orders++
		c := order(t, env, p, map[string]any{"order_id": fmt.Sprintf("mara-%d", orders), "discount_code": "mara15"})
		return c["attribution"] == "discount_code"
	}

	// Earning: the visit (which also caches the link) records a click; the code attributes.
	if loc, _ := url.Parse(visit(t, env.URL, code, "").Header.Get("Location")); loc.Query().Get("aff_click") == "" {
		t.Fatalf("an approved affiliate's link: %s", loc)
	}
	waitClicks(t, env, id, 1)
	if !attributes() {
		t.Fatal("an approved affiliate's code does not attribute")
	}

	app := p.applicationID(t, env)
	mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+app+"/reject", p.brand.token, nil), http.StatusOK)
	for _, ua := range []string{"", "Mozilla/5.0 (compatible; Googlebot/2.1)"} {
		r := visit(t, env.URL, code, ua)
		if r.StatusCode != http.StatusFound || r.Header.Get("Location") != "https://"+p.domain+"/sale?x=1" {
			t.Errorf("a rejected affiliate's link: %d %q", r.StatusCode, r.Header.Get("Location"))
		}
	}
	time.Sleep(700 * time.Millisecond) // longer than a flush interval
	if n := count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1", id); n != 1 {
		t.Errorf("%d clicks stored; the rejected affiliate's visits must add none", n-1)
	}
	if attributes() {
		t.Error("a rejected affiliate's code still attributes")
	}

	mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+app+"/approve", p.brand.token, nil), http.StatusOK)
	if loc, _ := url.Parse(visit(t, env.URL, code, "").Header.Get("Location")); loc.Query().Get("aff_click") == "" {
		t.Errorf("approved again, the link does not earn: %s", loc)
	}
	if !attributes() {
		t.Error("approved again, the code does not attribute")
	}
}

func TestTrackingLinkValidation(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	outsider := newAccount(t, env, "affiliate")
	outsiderID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+outsider.id(), outsider.token, nil))["affiliate"].(map[string]any)["id"].(string)
	base := func() map[string]any {
		return map[string]any{"name": "L", "destination_url": "https://" + p.domain + "/x", "affiliate_id": p.affID, "campaign_id": p.campaign["id"]}
	}
	before := count(t, env, "SELECT count(*) FROM tracking_links")
	for code, mutate := range map[string]func(map[string]any){
		"AFFILIATE_REQUIRED":     func(b map[string]any) { delete(b, "affiliate_id") },
		"NAME_REQUIRED":          func(b map[string]any) { b["name"] = " " },
		"INVALID_URL":            func(b map[string]any) { b["destination_url"] = "not a url" },
		"INVALID_DOMAIN":         func(b map[string]any) { b["destination_url"] = "https://10.0.0.1/x" },
		"DOMAIN_NOT_ALLOWED":     func(b map[string]any) { b["destination_url"] = "https://elsewhere.example.net/x" },
		"AFFILIATE_NOT_APPROVED": func(b map[string]any) { b["affiliate_id"] = outsiderID },
	} {
		body := base()
		mutate(body)
		wantError(t, env.Call(t, http.MethodPost, "/tracking-links", p.brand.token, body), http.StatusBadRequest, code)
	}
	if count(t, env, "SELECT count(*) FROM tracking_links") != before {
		t.Error("a refused link was stored")
	}
	link := p.link(t, env, "https://"+p.domain+"/ok")
	wantError(t, env.Call(t, http.MethodPut, "/tracking-links/"+link["id"].(string), p.brand.token, map[string]any{"destination_url": "https://evil.example.net"}),
		http.StatusBadRequest, "DOMAIN_NOT_ALLOWED")
	wantError(t, env.Call(t, http.MethodPut, "/tracking-links/"+link["id"].(string), p.brand.token, map[string]any{"status": "gone"}),
		http.StatusBadRequest, "VALIDATION_ERROR")
}

func TestTrackingTenancy(t *testing.T) {
	env := servertest.Get(t)
	a := newProgram(t, env)
	b := newProgram(t, env)
	host := hostToken(t, env)
	link := a.link(t, env, "")
	id := link["id"].(string)

	// Brand B cannot use A's campaign or touch A's link.
	wantError(t, env.Call(t, http.MethodPost, "/tracking-links", b.brand.token, map[string]any{
		"name": "x", "affiliate_id": a.affID, "campaign_id": a.campaign["id"]}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPut, "/tracking-links/"+id, b.brand.token, map[string]any{"name": "Taken"}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodDelete, "/tracking-links/"+id, b.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/tracking-links", b.brand.token, nil), http.StatusOK))["links"].([]any); len(got) != 0 {
		t.Errorf("brand B lists %d links of others", len(got))
	}
	// Affiliates see their own links only and cannot manage them through the brand operations.
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/tracking-links", b.affiliate.token, nil), http.StatusOK))["links"].([]any); len(got) != 0 {
		t.Errorf("affiliate B lists %d links of others", len(got))
	}
	wantError(t, env.Call(t, http.MethodPut, "/tracking-links/"+id, a.affiliate.token, map[string]any{"name": "x"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/tracking-links", a.affiliate.token, map[string]any{"name": "x"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodGet, "/affiliate-links", a.brand.token, nil), http.StatusForbidden, "FORBIDDEN")
	// Affiliate B cannot generate a link in A's campaign (not approved there).
	wantError(t, env.Call(t, http.MethodPost, "/affiliate-links/generate", b.affiliate.token, map[string]any{"campaign_id": a.campaign["id"]}),
		http.StatusBadRequest, "AFFILIATE_NOT_APPROVED")
	gen := data(mustStatus(t, env.Call(t, http.MethodPost, "/affiliate-links/generate", a.affiliate.token, map[string]any{"campaign_id": a.campaign["id"]}), http.StatusCreated))["link"].(map[string]any)
	if gen["name"] != "Tracked" || gen["affiliate_id"] != a.affID || gen["destination_url"] != "https://"+a.domain+"/home?src=campaign" {
		t.Errorf("generated link: %v", gen)
	}
	wantError(t, env.Call(t, http.MethodPost, "/affiliate-links/generate", a.brand.token, map[string]any{"campaign_id": a.campaign["id"]}), http.StatusForbidden, "FORBIDDEN")
	// Clicks are the host's to list.
	mustStatus(t, env.Call(t, http.MethodGet, "/admin/data/clicks?limit=100", host, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodGet, "/admin/data/clicks", a.brand.token, nil), http.StatusForbidden, "FORBIDDEN")
	// The host sees every link, and deleting one takes its clicks.
	all := ids(data(mustStatus(t, env.Call(t, http.MethodGet, "/tracking-links?limit=1000", host, nil), http.StatusOK))["links"].([]any))
	if !contains(all, id) {
		t.Error("the host does not see every link")
	}
	visit(t, env.URL, link["short_code"].(string), "")
	waitClicks(t, env, id, 1)
	mustStatus(t, env.Call(t, http.MethodDelete, "/tracking-links/"+id, a.brand.token, nil), http.StatusOK)
	if count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1", id) != 0 {
		t.Error("clicks survive their link")
	}
	if r := visit(t, env.URL, link["short_code"].(string), ""); r.StatusCode != http.StatusNotFound {
		t.Errorf("a deleted link still redirects: %d", r.StatusCode)
	}
}

func TestDiscountCodes(t *testing.T) {
	env := servertest.Get(t)
	a := newProgram(t, env)
	b := newProgram(t, env)
	body := func(code string) map[string]any {
		return map[string]any{"code": code, "campaign_id": a.campaign["id"], "affiliate_id": a.affID, "discount_type": "percentage",
			"discount_value": "0.10", "minimum_order_amount": "50.00", "usage_limit": 100, "usage_limit_per_customer": 1,
			"description": "Ten percent", "is_exclusive": true, "commission_override": "0.15"}
	}
	code := data(mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", a.brand.token, body("ANA10")), http.StatusCreated))["discount_code"].(map[string]any)
	if code["discount_value"] != "0.1" || code["usage_limit"].(float64) != 100 || code["minimum_order_amount"] != "50.00" || code["status"] != "active" || code["brand_name"] == "" {
		t.Errorf("code: %v", code)
	}
	wantError(t, env.Call(t, http.MethodPost, "/discount-codes", a.brand.token, body("ana10")), http.StatusConflict, "CODE_TAKEN")
	// Unique per brand, not across brands.
	other := body("ANA10")
	other["campaign_id"], other["affiliate_id"] = b.campaign["id"], b.affID
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", b.brand.token, other), http.StatusCreated)

	before := count(t, env, "SELECT count(*) FROM discount_codes")
	for name, tc := range map[string]struct {
		mutate func(map[string]any)
		code   string
	}{
		"bad characters":    {func(m map[string]any) { m["code"] = "NO SPACES" }, "INVALID_CODE"},
		"percentage over 1": {func(m map[string]any) { m["code"] = "BIG"; m["discount_value"] = "10" }, "INVALID_AMOUNT"},
		"fixed of no value": {func(m map[string]any) {
			m["code"] = "ZERO"
			m["discount_type"] = "fixed_amount"
			m["discount_value"] = "0"
		}, "INVALID_AMOUNT"},
		"ends before start": {func(m map[string]any) {
			m["code"] = "LATE"
			m["valid_from"] = "2026-12-10T00:00:00Z"
			m["valid_until"] = "2026-12-01T00:00:00Z"
		}, "VALIDATION_ERROR"},
		"usage limit past int32":    {func(m map[string]any) { m["code"] = "HUGE"; m["usage_limit"] = 3000000000 }, "VALIDATION_ERROR"},
		"affiliate not in campaign": {func(m map[string]any) { m["code"] = "STRANGER"; m["affiliate_id"] = b.affID }, "AFFILIATE_NOT_APPROVED"},
	} {
		t.Run(name, func(t *testing.T) {
			m := body("")
			tc.mutate(m)
			wantError(t, env.Call(t, http.MethodPost, "/discount-codes", a.brand.token, m), http.StatusBadRequest, tc.code)
		})
	}
	if count(t, env, "SELECT count(*) FROM discount_codes") != before {
		t.Error("a refused code was stored")
	}

	// Generated codes are unique and random.
	seen := map[string]bool{}
	for range 5 {
		g := data(mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes/generate", a.brand.token, map[string]any{
			"campaign_id": a.campaign["id"], "affiliate_id": a.affID, "discount_type": "free_shipping"}), http.StatusCreated))["discount_code"].(map[string]any)
		if seen[g["code"].(string)] || len(g["code"].(string)) != 8 || g["usage_limit"] != nil {
			t.Errorf("generated: %v", g)
		}
		seen[g["code"].(string)] = true
	}

	// Updating clears a limit left blank (unlimited) and keeps what is not sent.
	upd := data(mustStatus(t, env.Call(t, http.MethodPut, "/discount-codes/"+code["id"].(string), a.brand.token, map[string]any{
		"discount_value": "0.20", "usage_limit": nil}), http.StatusOK))["discount_code"].(map[string]any)
	if upd["usage_limit"] != nil || upd["discount_value"] != "0.2" || upd["code"] != "ANA10" || upd["discount_type"] != "percentage" {
		t.Errorf("updated: %v", upd)
	}

	// A stored fixed amount (four decimals in the database) does not block later updates.
	fx := body("FIXED25")
	fx["discount_type"], fx["discount_value"], fx["commission_override"] = "fixed_amount", "25.00", nil
	fixed := data(mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", a.brand.token, fx), http.StatusCreated))["discount_code"].(map[string]any)
	mustStatus(t, env.Call(t, http.MethodPut, "/discount-codes/"+fixed["id"].(string), a.brand.token, map[string]any{"status": "paused"}), http.StatusOK)

	// Tenancy: the affiliate sees its own codes; other brands and affiliates see none of A's.
	mineA := data(mustStatus(t, env.Call(t, http.MethodGet, "/discount-codes?limit=100", a.affiliate.token, nil), http.StatusOK))["discount_codes"].([]any)
	if len(mineA) != 7 {
		t.Errorf("affiliate A sees %d codes, want 7", len(mineA))
	}
	for _, c := range data(mustStatus(t, env.Call(t, http.MethodGet, "/discount-codes", b.affiliate.token, nil), http.StatusOK))["discount_codes"].([]any) {
		if c.(map[string]any)["brand_id"] == a.brand.brandID() {
			t.Error("affiliate B sees a code of brand A")
		}
	}
	wantError(t, env.Call(t, http.MethodPut, "/discount-codes/"+code["id"].(string), b.brand.token, map[string]any{"description": "x"}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodDelete, "/discount-codes/"+code["id"].(string), b.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/discount-codes", b.brand.token, body("STEAL")), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/discount-codes", a.affiliate.token, body("SELF")), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodDelete, "/discount-codes/"+code["id"].(string), a.affiliate.token, nil), http.StatusForbidden, "FORBIDDEN")
	mustStatus(t, env.Call(t, http.MethodDelete, "/discount-codes/"+code["id"].(string), a.brand.token, nil), http.StatusOK)
	wantError(t, env.Call(t, http.MethodDelete, "/discount-codes/"+code["id"].(string), a.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
}

// serveProcess runs a second server process on the package server's secret and dbURL, with the
// redirect alone on a tracking port of its own too, started and stopped like in production (a
// signal's context ends, it drains and writes out its clicks); stop returns once it has, and fails
// the test if serving failed.
func serveProcess(t *testing.T, env *servertest.Env, dbURL string) (base, trackingBase string, stop func()) {
	t.Helper()
	port, trackingPort := servertest.FreePort(t), servertest.FreePort(t)
	cfg, err := server.LoadConfig(func(name string) string {
		switch name {
		case "DATABASE_URL":
			return dbURL
		case "JWT_SECRET":
			return string(env.App.Config.JWTSecret)
		case "PORT":
			return fmt.Sprint(port)
		case "TRACKING_PORT":
			return fmt.Sprint(trackingPort)
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	app, err := server.NewApp(ctx, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	served := make(chan error, 1)
	go func() { served <- app.Serve(ctx) }()
	base, trackingBase = fmt.Sprintf("http://127.0.0.1:%d", port), fmt.Sprintf("http://127.0.0.1:%d", trackingPort)
	servertest.WaitHealthy(t, base)
	return base, trackingBase, func() {
		cancel()
		if err := <-served; err != nil {
			t.Fatalf("serve: %v", err)
		}
	}
}

// TestNoClickLostOnShutdown runs a real server, sends N concurrent redirects, stops the server
// gracefully and finds exactly N clicks stored.
func TestNoClickLostOnShutdown(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	link := p.link(t, env, "")

	base, trackingBase, stop := serveProcess(t, env, env.App.Config.DatabaseURL)
	const n = 2000 // half on the main port, half on the tracking port
	var wg sync.WaitGroup
	var mu sync.Mutex
	redirects := 0
	sem := make(chan struct{}, 64)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if visit(t, []string{base, trackingBase}[i%2], link["short_code"].(string), "").StatusCode == http.StatusFound {
				mu.Lock()
				redirects++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	stop()
	stored := count(t, env, "SELECT count(*) FROM clicks WHERE link_id = $1", link["id"])
	if redirects != n || stored != n {
		t.Fatalf("%d redirects answered 302 and %d clicks were stored; want %d of each", redirects, stored, n)
	}
}

// TestTrackingPortAnswersLikeTheMainPort: the redirect alone on TRACKING_PORT (fasthttp) answers
// every kind of request as /r/ on the main port does (net/http): status, headers and page.
func TestTrackingPortAnswersLikeTheMainPort(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	code := p.link(t, env, "https://"+p.domain+"/sale?x=1")["short_code"].(string)
	otherCode := other.link(t, env, "")["short_code"].(string)
	// p's brand has a verified tracking domain: there, only its codes redirect.
	domain := "go." + p.domain
	setTrackingDomain(t, env, p.brand, domain)
	base, trackingBase, stop := serveProcess(t, env, env.App.Config.DatabaseURL)
	defer stop()
	signer := clickid.NewSigner(env.App.Config.JWTSecret)
	answer := func(root, method, path string, header http.Header) (status int, h http.Header, body string) {
		req, _ := http.NewRequest(method, root+path, nil)
		req.Header.Set("User-Agent", browserUA)
		if host := header.Get("Host"); host != "" {
			req.Host = host
		}
		for k, v := range header {
			req.Header[k] = v
		}
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }() // read below
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
	}
	for _, tc := range []struct {
		name, method, path string
		header             http.Header
	}{
		{"a link", http.MethodGet, "/r/" + code, nil},
		{"a link, asked by a link checker", http.MethodHead, "/r/" + code, nil},
		{"an unknown code", http.MethodGet, "/r/Unknown123", nil},
		{"an unknown code, in English", http.MethodGet, "/r/Unknown123", http.Header{"Accept-Language": {"en-GB,en;q=0.9"}}},
		{"an impossible code", http.MethodGet, "/r/a%2Fb", nil},
		{"a change", http.MethodPost, "/r/" + code, nil},
		{"a link on its brand's tracking domain", http.MethodGet, "/r/" + code, http.Header{"Host": {domain}}},
		{"another brand's link on that domain", http.MethodGet, "/r/" + otherCode, http.Header{"Host": {domain}}},
		{"the app on that domain", http.MethodGet, "/dashboard", http.Header{"Host": {domain}}},
	} {
		mainStatus, mainHeader, mainBody := answer(base, tc.method, tc.path, tc.header)
		status, header, body := answer(trackingBase, tc.method, tc.path, tc.header)
		if status != mainStatus {
			t.Errorf("%s: the tracking port answered %d, the main port %d", tc.name, status, mainStatus)
			continue
		}
		for _, h := range []string{"Cache-Control", "Content-Type", "Content-Security-Policy", "X-Content-Type-Options", "Allow", "Vary", "Retry-After"} {
			if header.Get(h) != mainHeader.Get(h) {
				t.Errorf("%s: %s %q on the tracking port, %q on the main port", tc.name, h, header.Get(h), mainHeader.Get(h))
			}
		}
		if status == http.StatusNotFound && body != mainBody {
			t.Errorf("%s: the pages differ", tc.name)
		}
		if status == http.StatusFound {
			loc, _ := url.Parse(header.Get("Location"))
			mainLoc, _ := url.Parse(mainHeader.Get("Location"))
			_, signed := signer.Read(loc.Query().Get(redirect.ClickParam))
			wantSigned := tc.method == http.MethodGet
			if loc.Host != mainLoc.Host || loc.Path != mainLoc.Path || loc.Query().Get("x") != "1" || signed != wantSigned {
				t.Errorf("%s: the tracking port sent to %s (signed click id: %v), the main port to %s", tc.name, loc, signed, mainLoc)
			}
		}
	}
	// Headers over MaxHeaderBytes are refused on both ports before the redirect runs: 431, or the
	// connection reset when the server closes it while the client is still sending.
	for _, root := range []string{base, trackingBase} {
		req, _ := http.NewRequest(http.MethodGet, root+"/r/"+code, nil)
		req.Header.Set("X-Huge", strings.Repeat("a", 2*server.MaxHeaderBytes))
		resp, err := noFollow.Do(req)
		if err != nil {
			continue
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("huge headers on %s: %d, want 431", root, resp.StatusCode)
		}
	}
	// A path that is not the redirect's is not served there.
	if status, _, body := answer(trackingBase, http.MethodGet, "/api/v1/system/health", nil); status != http.StatusNotFound || body != redirect.NotFoundPageRO {
		t.Errorf("the API on the tracking port answered %d", status)
	}
}

// TestShortCodesFollowLinks: every link's code is in short_codes (the redirect's lookup without
// the brand) from its creation, and is freed when the link goes: deleted itself, or with its
// campaign, its affiliate or its brand; a freed code redirects nowhere.
func TestShortCodesFollowLinks(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	p := newProgram(t, env)
	codes := func(link map[string]any) int {
		return count(t, env, "SELECT count(*) FROM short_codes WHERE code = $1 AND link_id = $2", link["short_code"], link["id"])
	}
	gone := func(what string, link map[string]any) {
		t.Helper()
		if codes(link) != 0 {
			t.Errorf("the code of a link deleted with its %s is still taken", what)
		}
		if r := visit(t, env.URL, link["short_code"].(string), browserUA); r.StatusCode != http.StatusNotFound {
			t.Errorf("the code of a link deleted with its %s answers %d", what, r.StatusCode)
		}
	}

	own := p.link(t, env, "https://"+p.domain+"/own")
	if codes(own) != 1 {
		t.Fatal("a new link's code is not in short_codes")
	}
	mustStatus(t, env.Call(t, http.MethodDelete, "/tracking-links/"+own["id"].(string), p.brand.token, nil), http.StatusOK)
	gone("own delete", own)

	inCampaign := p.link(t, env, "https://"+p.domain+"/campaign")
	mustStatus(t, env.Call(t, http.MethodDelete, "/campaigns/"+p.campaign["id"].(string), p.brand.token, nil), http.StatusOK)
	gone("campaign", inCampaign)

	q := newProgram(t, env)
	ofAffiliate := q.link(t, env, "https://"+q.domain+"/affiliate")
	mustStatus(t, env.Call(t, http.MethodDelete, "/affiliates/"+q.affID, host, nil), http.StatusOK)
	gone("affiliate", ofAffiliate)

	r := newProgram(t, env)
	ofBrand := r.link(t, env, "https://"+r.domain+"/brand")
	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/"+r.brand.brandID(), host, nil), http.StatusOK)
	gone("brand", ofBrand)
}
