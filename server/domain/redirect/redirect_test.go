package redirect

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
	"github.com/openaffiliate/platform/server/platform/change"
)

func TestWithClickID(t *testing.T) {
	for dest, want := range map[string]string{
		"https://shop.example.com":                        "https://shop.example.com?aff_click=ID",
		"https://shop.example.com/p?x=1&y=a%20b":          "https://shop.example.com/p?x=1&y=a%20b&aff_click=ID",
		"https://shop.example.com/p?aff_click=old&x=1":    "https://shop.example.com/p?x=1&aff_click=ID",
		"https://shop.example.com/p?b=2&a=1#section":      "https://shop.example.com/p?b=2&a=1&aff_click=ID#section",
		"https://shop.example.com/p?":                     "https://shop.example.com/p?aff_click=ID",
		"https://shop.example.com/p?flag&utm_source=news": "https://shop.example.com/p?flag&utm_source=news&aff_click=ID",
	} {
		got, err := WithClickID(dest, "ID")
		if err != nil || got != want {
			t.Errorf("WithClickID(%q) = %q, %v; want %q", dest, got, err, want)
		}
	}
}

// FuzzWithClickID: whatever the destination, the result keeps its other parameters in order and
// carries exactly one aff_click with the click id.
func FuzzWithClickID(f *testing.F) {
	for _, seed := range []string{"https://a.example.com", "https://a.example.com/p?x=1&y=2", "https://a.example.com/?aff_click=1&aff_click=2",
		"https://a.example.com/p?q=%ZZ", "https://a.example.com/p?&&x=%20#frag", "https://a.example.com/p?aff%5Fclick=3"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, dest string) {
		u, err := url.Parse(dest)
		if err != nil {
			return
		}
		got, err := WithClickID(dest, "0193-id")
		if err != nil {
			t.Fatalf("WithClickID(%q): %v", dest, err)
		}
		out, err := url.Parse(got)
		if err != nil {
			t.Fatalf("result %q does not parse: %v", got, err)
		}
		var ids []string
		for _, part := range strings.Split(out.RawQuery, "&") {
			k, v, _ := strings.Cut(part, "=")
			if key, err := url.QueryUnescape(k); err == nil && key == ClickParam {
				ids = append(ids, v)
			}
		}
		if len(ids) != 1 || ids[0] != "0193-id" {
			t.Fatalf("%q -> %q: aff_click values %v", dest, got, ids)
		}
		if out.Host != u.Host || out.Path != u.Path || out.Fragment != u.Fragment {
			t.Fatalf("%q -> %q changed more than the query", dest, got)
		}
		// Every other non-empty parameter is kept, in order.
		var before, after []string
		for _, part := range strings.Split(u.RawQuery, "&") {
			k, _, _ := strings.Cut(part, "=")
			if key, err := url.QueryUnescape(k); part != "" && (err != nil || key != ClickParam) {
				before = append(before, part)
			}
		}
		for _, part := range strings.Split(out.RawQuery, "&") {
			k, _, _ := strings.Cut(part, "=")
			if key, err := url.QueryUnescape(k); part != "" && (err != nil || key != ClickParam) {
				after = append(after, part)
			}
		}
		if strings.Join(before, "&") != strings.Join(after, "&") {
			t.Fatalf("%q -> %q: parameters %v became %v", dest, got, before, after)
		}
	})
}

func TestIsBot(t *testing.T) {
	for _, ua := range []string{"", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "facebookexternalhit/1.1",
		"curl/8.5.0", "python-requests/2.31", "Slackbot-LinkExpanding 1.0", "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0"} {
		if !IsBot(ua) {
			t.Errorf("IsBot(%q) = false", ua)
		}
	}
	for _, ua := range []string{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"} {
		if IsBot(ua) {
			t.Errorf("IsBot(%q) = true", ua)
		}
	}
}

// IsBot runs on every click: it must not allocate.
func TestIsBotDoesNotAllocate(t *testing.T) {
	ua := "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
	if n := testing.AllocsPerRun(100, func() { IsBot(ua) }); n != 0 {
		t.Errorf("IsBot allocates %v times", n)
	}
}

// Brands with a verified tracking domain in the tests' table.
var (
	brandA = uuid.MustParse("0193a000-0000-7000-8000-00000000000a")
	brandB = uuid.MustParse("0193a000-0000-7000-8000-00000000000b")
)

// countingRedirector answers every code as unknown and counts the reads that reach the database;
// brand A's tracking domain is go.brand-a.ro, brand B's links.brand-b.com.
func countingRedirector() (*Redirector, *int) {
	r := NewRedirector(nil, nil, func(s string) string { return s }, clickid.NewSigner([]byte("test-secret")), time.Now)
	reads := new(int)
	r.find = func(context.Context, string) (queries.ResolveShortCodeRow, error) {
		*reads++
		return queries.ResolveShortCodeRow{}, pgx.ErrNoRows
	}
	r.hosts.load = func(context.Context) ([]queries.LiveTrackingDomainsRow, error) {
		return []queries.LiveTrackingDomainsRow{{Hostname: "go.brand-a.ro", BrandID: brandA, Status: trackingdomains.DomainVerified}, {Hostname: "links.brand-b.com", BrandID: brandB, Status: trackingdomains.DomainVerified},
			{Hostname: "links.brand-b.com", BrandID: brandA, Status: trackingdomains.DomainPending}, {Hostname: "claimed.example", BrandID: brandA, Status: trackingdomains.DomainPending},
			{Hostname: "others.example", BrandID: brandB, Status: trackingdomains.DomainPending}}, nil
	}
	return r, reads
}

// A code no link can have is answered not found without a database read or a cache entry.
func TestVisitRefusesImpossibleCodes(t *testing.T) {
	r, reads := countingRedirector()
	for _, code := range []string{"", "abc", "abcdef", strings.Repeat("a", 33), strings.Repeat("x", 900_000),
		"abc/defgh", "abcd%20efg", "abcdéfgh", "abc defgh", "abcdefg.html", "abcdefgh\x00"} {
		out, err := r.Visit(context.Background(), Visit{Code: code})
		if err != nil || out.Found {
			t.Errorf("Visit(%.40q) = %+v, %v", code, out, err)
		}
	}
	if known, unknown := r.links.sizes(); *reads != 0 || known+unknown != 0 {
		t.Fatalf("impossible codes: %d database reads, %d cached", *reads, known+unknown)
	}
	// A code of a possible form is looked up once, then answered from the cache.
	for range 3 {
		_, _ = r.Visit(context.Background(), Visit{Code: "Ab3_-xyZ"}) // the lookup count is what is checked
	}
	if _, unknown := r.links.sizes(); *reads != 1 || unknown != 1 {
		t.Errorf("a possible code: %d reads, %d cached as unknown", *reads, unknown)
	}
}

// However many distinct unknown codes arrive, the unknown-code cache stays under its cap,
// and a cached link is not pushed out by them.
func TestUnknownCodesCacheIsBounded(t *testing.T) {
	r, reads := countingRedirector()
	r.links.put("KnownLnk", resolvedLink{}, true)
	for i := range 3 * negativeMax {
		code := fmt.Sprintf("unknown%08d", i)
		if out, _ := r.Visit(context.Background(), Visit{Code: code}); out.Found {
			t.Fatalf("%s found", code)
		}
		if _, unknown := r.links.sizes(); unknown > negativeMax {
			t.Fatalf("after %d unknown codes the cache holds %d (cap %d)", i+1, unknown, negativeMax)
		}
	}
	if *reads != 3*negativeMax {
		t.Errorf("%d reads for %d distinct codes", *reads, 3*negativeMax)
	}
	if _, ok := r.links.get("KnownLnk", time.Now()); !ok {
		t.Error("unknown codes pushed a known link out of the cache")
	}
}

// The link cache keeps its cap too, and an expired entry is what goes first.
func TestLinkCacheIsBounded(t *testing.T) {
	now := time.Now()
	c := newLinkCache(func() time.Time { return now }, 4, 2)
	for i := range 100 {
		c.put(fmt.Sprintf("link%04d", i), resolvedLink{}, true)
		if known, _ := c.sizes(); known > 4 {
			t.Fatalf("%d links cached (cap 4)", known)
		}
	}
	c.forgetAll()
	c.put("old-link", resolvedLink{}, true)
	now = now.Add(cacheTTL + time.Second)
	for _, code := range []string{"new-lnk1", "new-lnk2", "new-lnk3", "new-lnk4"} {
		c.put(code, resolvedLink{}, true)
	}
	for _, code := range []string{"new-lnk1", "new-lnk2", "new-lnk3", "new-lnk4"} {
		if _, ok := c.get(code, now); !ok {
			t.Errorf("%s was evicted while an expired entry was cached", code)
		}
	}
}

// The redirect is the hottest path: refusing a code, or answering a cached one (a HEAD, which
// records no click), does not allocate, whatever host it is asked on.
func TestRefusingAndCachedCodesDoNotAllocate(t *testing.T) {
	r, _ := countingRedirector()
	ctx := context.Background()
	_, _ = r.Visit(ctx, Visit{Code: "Unknown1"}) // cached as unknown
	r.links.put("LinkOfA1", resolvedLink{BrandID: brandA, Status: "active", DestinationUrl: "https://brand-a.ro/"}, true)
	for _, code := range []string{strings.Repeat("x", 4000), "bad/code", "Unknown1", "LinkOfA1"} {
		for _, host := range []string{"", "affiliate.example", "go.brand-a.ro", "GO.BRAND-A.RO:443", "links.brand-b.com", strings.Repeat("h", 300)} {
			if n := testing.AllocsPerRun(100, func() { _, _ = r.Visit(ctx, Visit{Code: code, Host: host, Head: true}) }); n != 0 {
				t.Errorf("Visit(%.20q) on %.20q allocates %v times", code, host, n)
			}
		}
	}
}

// The not-found page is Romanian unless the visitor names English before Romanian.
func TestNotFoundPageLanguage(t *testing.T) {
	for header, english := range map[string]bool{
		"": false, "ro-RO,ro;q=0.9,en-US;q=0.8": false, "en-US,en;q=0.9": true, "de-DE,de;q=0.9,en;q=0.8": true,
		"de-DE, RO;q=0.8, en;q=0.7": false, "EN_gb": true, "fr": false, "eng": false, "*": false,
	} {
		if got := PrefersEnglish(header); got != english {
			t.Errorf("PrefersEnglish(%q) = %v", header, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { PrefersEnglish("de-DE,de;q=0.9,en-GB;q=0.8,ro;q=0.7") }); n != 0 {
		t.Errorf("PrefersEnglish allocates %v times", n)
	}
}

// The redirect's caches drop what a published change makes stale: a changed link's code alone;
// after a campaign change every code; after a tracking domain's change the domains are read now.
func TestPublishedChangesInvalidateTheRedirect(t *testing.T) {
	r, reads := countingRedirector()
	domainReads := 0
	load := r.hosts.load
	r.hosts.load = func(ctx context.Context) ([]queries.LiveTrackingDomainsRow, error) {
		domainReads++
		return load(ctx)
	}
	bus := &change.Bus{}
	bus.Subscribe(r)
	ctx := context.Background()
	visit := func(code string) {
		t.Helper()
		if _, err := r.Visit(ctx, Visit{Code: code, Head: true}); err != nil {
			t.Fatal(err)
		}
	}
	visit("CodeOne1")
	visit("CodeTwo2")
	bus.Publish(ctx, change.Event{Kind: change.Link, Code: "CodeOne1"})
	visit("CodeOne1")
	visit("CodeTwo2")
	if *reads != 3 {
		t.Fatalf("%d reads after one link's change; want 3 (the changed code read again, the other cached)", *reads)
	}
	bus.Publish(ctx, change.Event{Kind: change.Campaigns})
	visit("CodeOne1")
	visit("CodeTwo2")
	if *reads != 5 {
		t.Fatalf("%d reads after a campaign change; want 5 (every code read again)", *reads)
	}
	before := domainReads
	bus.Publish(ctx, change.Event{Kind: change.TrackingDomains})
	if domainReads != before+1 {
		t.Errorf("a tracking domain's change read the domains %d times; want once, at once", domainReads-before)
	}
	bus.Publish(ctx, change.Event{Kind: change.Rates})
	visit("CodeOne1")
	if *reads != 5 {
		t.Errorf("a change of rates dropped cached links")
	}
}

// A link stored without a destination it can redirect to (blank, relative or unreadable) answers
// not found, without an error or a click, for a visit and a HEAD alike: never a redirect to
// nowhere (a blank one sent visitors back to /r/ with a new click id each time) nor a failure.
func TestLinkWithoutDestinationIsNotFound(t *testing.T) {
	r := NewRedirector(nil, nil, func(s string) string { return s }, clickid.NewSigner([]byte("test-secret")), time.Now)
	r.hosts.load = func(context.Context) ([]queries.LiveTrackingDomainsRow, error) { return nil, nil }
	if err := r.LoadTrackingDomains(context.Background()); err != nil {
		t.Fatal(err)
	}
	destinations := map[string]string{"Blank123": "", "Spaces12": "  ", "Relative": "/landing", "NoScheme": "shop.example.com/x", "Broken12": "https://shop.example.com/%zz"}
	r.find = func(_ context.Context, code string) (queries.ResolveShortCodeRow, error) {
		return queries.ResolveShortCodeRow{Status: "active", CampaignStatus: "active", Earning: true, DestinationUrl: destinations[code]}, nil
	}
	for code := range destinations {
		for _, head := range []bool{true, false} {
			// The recorder is nil: a click recorded here would panic.
			out, err := r.Visit(context.Background(), Visit{Code: code, Head: head})
			if err != nil || out.Found || out.Location != "" {
				t.Errorf("%s (head %v): %+v, %v; want not found", code, head, out, err)
			}
		}
	}
}
