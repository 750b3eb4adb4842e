// Package redirect is the click redirect, the product's hottest path: it resolves a short code
// through a bounded cache (one database read per code at a time), records the click into the
// buffer of package clicks and answers where to send the visitor, with a signed click id. It keeps
// the live table of brands' tracking domains and claims, which decides which codes answer on which
// host name (and which host is a tracking domain, for the front door), and it serves known links
// from the cache while the database is out of reach.
package redirect

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/clicks"
	"github.com/openaffiliate/platform/server/platform/change"
)

// ClickParam is the query parameter the redirect adds to the destination.
const ClickParam = "aff_click"

// Redirector answers GET /r/{short_code}: it records the click and redirects.
type Redirector struct {
	pool     *pgxpool.Pool
	recorder *clicks.Recorder
	hashIP   func(string) string
	ids      *clickid.Signer
	now      func() time.Time
	links    *linkCache
	lookups  singleflight.Group // one database read per code at a time, however many visitors wait
	outage   outage
	hosts    hostCache // the verified tracking domains and pending claims
	// find reads a short code's link; tests wrap it to count the reads that reach the database.
	find func(ctx context.Context, code string) (queries.ResolveShortCodeRow, error)
}

// NewRedirector makes the redirect handler's core; ids signs the click ids it hands out.
func NewRedirector(pool *pgxpool.Pool, recorder *clicks.Recorder, hashIP func(string) string, ids *clickid.Signer, now func() time.Time) *Redirector {
	r := &Redirector{pool: pool, recorder: recorder, hashIP: hashIP, ids: ids, now: now, links: newLinkCache(now, cacheMax, negativeMax)}
	r.find = func(ctx context.Context, code string) (queries.ResolveShortCodeRow, error) {
		return queries.New().ResolveShortCode(ctx, r.pool, code)
	}
	r.hosts.now = now
	r.hosts.load = func(ctx context.Context) ([]queries.LiveTrackingDomainsRow, error) {
		return queries.New().LiveTrackingDomains(ctx, r.pool, r.now())
	}
	return r
}

// Short codes are 7 to 32 characters of [A-Za-z0-9_-] (the tracking_links check; generated ones have 8).
const (
	minCodeLen = 7
	maxCodeLen = 32
)

// ValidCode reports whether a short code has a form a link can have; the redirect answers any
// other 404 without reading the database or the cache, so junk codes cannot fill memory.
func ValidCode(code string) bool {
	if len(code) < minCodeLen || len(code) > maxCodeLen {
		return false
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		codeChar := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
		if !codeChar {
			return false
		}
	}
	return true
}

// Invalidate drops what a change makes stale: a link's cached short code; after a campaign change
// every cached code, and the tracking domains are read again soon; after a tracking domain's
// change they are read again now (if the database cannot be read now, within a second).
func (r *Redirector) Invalidate(ctx context.Context, e change.Event) {
	switch e.Kind {
	case change.Link:
		r.links.forget(e.Code)
	case change.Campaigns:
		r.links.forgetAll()
		r.hosts.expire()
	case change.TrackingDomains:
		_ = r.LoadTrackingDomains(ctx)
	}
}

// LoadTrackingDomains reads the verified tracking domains and pending claims now: at start-up, and
// after one changed through this process (other processes see the change within hostsTTL).
func (r *Redirector) LoadTrackingDomains(ctx context.Context) error {
	_, err := r.hosts.reload(ctx)
	return err
}

// hostEntry answers who verified or claims a host name; any other host (the platform's, or one no
// brand has) is no tracking domain.
func (r *Redirector) hostEntry(ctx context.Context, host string) (hostEntry, bool, error) {
	return r.hostEntryAt(ctx, host, r.hosts.now())
}

// hostEntryAt is hostEntry with the clock already read.
func (r *Redirector) hostEntryAt(ctx context.Context, host string, now time.Time) (hostEntry, bool, error) {
	t, err := r.hosts.tableAt(ctx, now)
	if err != nil { // never read yet, and the database is out of reach
		return hostEntry{}, false, ErrUnavailable
	}
	e, ok := t.entry(host)
	return e, ok, nil
}

// IsTrackingDomain reports whether host is a brand's verified tracking domain, on which only
// tracking links answer; when the domains cannot be read it answers false.
func (r *Redirector) IsTrackingDomain(ctx context.Context, host string) bool {
	e, ok, _ := r.hostEntry(ctx, host)
	return ok && e.verified()
}

// TrackingDomainOf answers a brand's verified tracking domain, if it has one.
func (r *Redirector) TrackingDomainOf(ctx context.Context, brand uuid.UUID) (string, bool) {
	t, err := r.hosts.table(ctx)
	if err != nil {
		return "", false
	}
	host, ok := t.hostOf[brand]
	return host, ok
}

// Visit is one request to a tracking link.
type Visit struct {
	Code, IP, UserAgent, Referrer string
	// Host is the request's Host header: on a brand's tracking domain only that brand's codes answer.
	Host string
	// Head is a HEAD request (a link checker or preview): it learns where the link goes, but
	// is never a click.
	Head bool
}

// Outcome is what the redirect answers: a location, or not found.
type Outcome struct {
	Location string
	ClickID  uuid.UUID // the click's row id; zero when no click was recorded
	Found    bool
}

// Visit resolves a short code, records the click when the link and its campaign are active and
// its affiliate still earns in the campaign, and answers where to send the visitor: with the
// signed click id (package clickid) when a click was recorded, else the bare destination. On a
// brand's verified tracking domain another brand's code is not found; on a name brands claim
// without proof their own codes are not found; on any other host every code answers.
func (r *Redirector) Visit(ctx context.Context, v Visit) (Outcome, error) {
	if !ValidCode(v.Code) {
		return Outcome{}, nil
	}
	now := r.now() // one clock read per visit: the cache, the domains and the click share it
	link, found, err := r.resolve(ctx, v.Code, now)
	if err != nil || !found || link.Status != "active" {
		return Outcome{}, err
	}
	if e, known, err := r.hostEntryAt(ctx, v.Host, now); err != nil || known && !e.serves(link.BrandID) {
		return Outcome{}, err
	}
	if link.CampaignStatus != "active" || !link.Earning || v.Head {
		return Outcome{Location: link.DestinationUrl, Found: true}, nil
	}
	id, err := uuid.NewV7()
	if err != nil {
		return Outcome{}, err
	}
	bot := IsBot(v.UserAgent)
	location := link.before + r.ids.Make(clickid.Claims{Click: id, Link: link.ID, Bot: bot}) + link.after
	click := clicks.Click{
		ID: id, At: now, LinkID: link.ID, CampaignID: link.CampaignID, AffiliateID: link.AffiliateID,
		BrandID: link.BrandID, IPHash: r.hashIP(v.IP), UserAgent: truncate(v.UserAgent, 512),
		Referrer: truncate(v.Referrer, 1024), IsBot: bot,
	}
	if err := r.recorder.Record(ctx, click); err != nil {
		return Outcome{}, err
	}
	return Outcome{Location: location, ClickID: id, Found: true}, nil
}

// resolvedLink is a short code's link with its redirect location split around the click id.
type resolvedLink struct {
	ID, BrandID, CampaignID, AffiliateID   uuid.UUID
	DestinationUrl, Status, CampaignStatus string
	Earning                                bool
	before, after                          string
}

func resolvedOf(r queries.ResolveShortCodeRow) resolvedLink {
	return resolvedLink{ID: r.ID, BrandID: r.BrandID, CampaignID: r.CampaignID, AffiliateID: r.AffiliateID,
		DestinationUrl: r.DestinationUrl, Status: r.Status, CampaignStatus: r.CampaignStatus, Earning: r.Earning}
}

// clickIDMark stands in for the click id while the location template is built; QueryEscape keeps it as is.
const clickIDMark = "CLICKIDMARK"

func (r *Redirector) resolve(ctx context.Context, code string, now time.Time) (resolvedLink, bool, error) {
	if e, ok := r.links.get(code, now); ok {
		return e.link, e.found, nil
	}
	if r.outage.waiting(now) {
		return r.stale(code)
	}
	v, err, _ := r.lookups.Do(code, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), lookupTimeout)
		defer cancel()
		link, found, err := r.lookup(ctx, code)
		return cacheEntry{link: link, found: found}, err
	})
	var dbErr databaseError
	if errors.As(err, &dbErr) {
		r.outage.failed(ctx, r.now(), dbErr.err)
		return r.stale(code)
	}
	if err != nil {
		return resolvedLink{}, false, err
	}
	r.outage.recovered(ctx, r.now())
	e := v.(cacheEntry)
	return e.link, e.found, nil
}

// stale answers a code's last good link while the database cannot be read, else ErrUnavailable.
func (r *Redirector) stale(code string) (resolvedLink, bool, error) {
	e, ok := r.links.stale(code)
	if !ok {
		return resolvedLink{}, false, ErrUnavailable
	}
	r.outage.servedStale()
	return e.link, true, nil
}

func (r *Redirector) lookup(ctx context.Context, code string) (resolvedLink, bool, error) {
	row, err := r.find(ctx, code)
	found := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return resolvedLink{}, false, databaseError{err}
	}
	link := resolvedOf(row)
	if found && !redirectable(row.DestinationUrl) {
		// Links are stored with a destination (links.checkDestination); one without answers as
		// unknown rather than sending the visitor nowhere or failing.
		slog.WarnContext(ctx, "a link without a destination to redirect to answers not found", "code", code)
		found, link = false, resolvedLink{}
	}
	if found {
		location, err := WithClickID(row.DestinationUrl, clickIDMark)
		if err != nil {
			return resolvedLink{}, false, err
		}
		link.before, link.after, _ = strings.Cut(location, clickIDMark)
	}
	r.links.put(code, link, found)
	return link, found, nil
}

// redirectable says whether a stored destination is somewhere to send a visitor: an absolute
// http(s) URL with a host.
func redirectable(destination string) bool {
	u, err := url.Parse(destination)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// WithClickID adds aff_click=<id> to a URL's query, keeping its other parameters as they are
// (in order and encoding) and replacing an aff_click it already had.
func WithClickID(destination, id string) (string, error) {
	u, err := url.Parse(destination)
	if err != nil {
		return "", err
	}
	kept := make([]string, 0, 4)
	if u.RawQuery != "" {
		for _, part := range strings.Split(u.RawQuery, "&") {
			key, _, _ := strings.Cut(part, "=")
			if k, err := url.QueryUnescape(key); err == nil && k == ClickParam {
				continue
			}
			if part != "" {
				kept = append(kept, part)
			}
		}
	}
	kept = append(kept, ClickParam+"="+url.QueryEscape(id))
	u.RawQuery = strings.Join(kept, "&")
	u.ForceQuery = false
	return u.String(), nil
}

// botMarks are lower-case pieces of the user agents of crawlers, link previewers and scripts.
var botMarks = bytesOf("bot", "crawl", "spider", "slurp", "facebookexternalhit", "embedly", "quora link preview",
	"whatsapp", "skypeuripreview", "pinterest", "vkshare", "w3c_validator", "headlesschrome", "phantomjs",
	"python-requests", "python-urllib", "go-http-client", "curl/", "wget/", "libwww", "httpclient", "okhttp",
	"java/", "lighthouse", "pingdom", "uptimerobot", "preview")

func bytesOf(marks ...string) [][]byte {
	out := make([][]byte, len(marks))
	for i, m := range marks {
		out[i] = []byte(m)
	}
	return out
}

// IsBot reports whether a user agent is a known crawler, link previewer or script; an empty one counts as a bot.
// It runs on every click, so it lower-cases into a stack buffer instead of allocating.
func IsBot(userAgent string) bool {
	ua := strings.TrimSpace(userAgent)
	if ua == "" {
		return true
	}
	var buf [512]byte
	lower := buf[:0]
	for i := 0; i < len(ua) && len(lower) < len(buf); i++ {
		c := ua[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower = append(lower, c)
	}
	for _, m := range botMarks {
		if bytes.Contains(lower, m) {
			return true
		}
	}
	return false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// The small page unknown, paused and archived codes answer (and another brand's code on a tracking
// domain), in Romanian and in English: English when the visitor's Accept-Language names English
// before Romanian (PrefersEnglish), else Romanian.
const (
	NotFoundPageRO = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>Link indisponibil</title>` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
		`<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#333">` +
		`<h1 style="font-size:1.5rem">Acest link nu este disponibil</h1>` +
		`<p>Este posibil să fi fost pus pe pauză sau șters.</p></body></html>`
	NotFoundPageEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not available</title>` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
		`<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#333">` +
		`<h1 style="font-size:1.5rem">This link is not available</h1>` +
		`<p>It may have been paused or removed.</p></body></html>`
)

// PrefersEnglish reports whether an Accept-Language header names English before Romanian
// (browsers list languages in the order the user prefers them). It does not allocate.
func PrefersEnglish(header string) bool {
	for header != "" {
		var tag string
		tag, header, _ = strings.Cut(header, ",")
		tag = strings.TrimSpace(tag)
		if i := strings.IndexAny(tag, "-_;"); i >= 0 { // en-US;q=0.9 is en
			tag = tag[:i]
		}
		switch {
		case strings.EqualFold(tag, "en"):
			return true
		case strings.EqualFold(tag, "ro"):
			return false
		}
	}
	return false
}

// HTTPStatus of a redirect.
const HTTPStatus = http.StatusFound

// linkCache keeps resolved short codes for a few seconds, so the redirect reads the database
// at most once per code per TTL in each process; changes made through this process invalidate
// at once, changes made elsewhere are seen within the TTL. Known and unknown codes are kept
// apart, each under its own cap, so a flood of unknown codes cannot push out the real links.
type linkCache struct {
	mu      sync.RWMutex
	known   boundedMap
	unknown boundedMap
	now     func() time.Time
}

type cacheEntry struct {
	link    resolvedLink
	found   bool
	expires time.Time
}

// Cache lifetimes and caps: found codes, and unknown ones (shorter, so a new link works quickly
// everywhere, and fewer: a known link's entry is worth more than a guess's).
const (
	cacheTTL    = 5 * time.Second
	negativeTTL = time.Second
	cacheMax    = 100_000
	negativeMax = 10_000
)

func newLinkCache(now func() time.Time, knownMax, unknownMax int) *linkCache {
	return &linkCache{known: newBoundedMap(knownMax), unknown: newBoundedMap(unknownMax), now: now}
}

// get answers a code's entry unless it expired by now.
func (c *linkCache) get(code string, now time.Time) (cacheEntry, bool) {
	c.mu.RLock()
	e, ok := c.known.entries[code]
	if !ok {
		e, ok = c.unknown.entries[code]
	}
	c.mu.RUnlock()
	if !ok || now.After(e.expires) {
		return cacheEntry{}, false
	}
	return e, true
}

// stale answers a known code's entry that expired less than staleMax ago (or has not expired).
func (c *linkCache) stale(code string) (cacheEntry, bool) {
	c.mu.RLock()
	e, ok := c.known.entries[code]
	c.mu.RUnlock()
	if !ok || c.now().Sub(e.expires) > staleMax {
		return cacheEntry{}, false
	}
	return e, true
}

func (c *linkCache) put(code string, link resolvedLink, found bool) {
	now := c.now()
	c.mu.Lock()
	if found {
		delete(c.unknown.entries, code)
		c.known.put(code, cacheEntry{link: link, found: true, expires: now.Add(cacheTTL)}, now)
	} else {
		delete(c.known.entries, code)
		c.unknown.put(code, cacheEntry{expires: now.Add(negativeTTL)}, now)
	}
	c.mu.Unlock()
}

// sizes answers how many known and unknown codes are cached.
func (c *linkCache) sizes() (known, unknown int) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.known.entries), len(c.unknown.entries)
}

func (c *linkCache) forget(code string) {
	c.mu.Lock()
	delete(c.known.entries, code)
	delete(c.unknown.entries, code)
	c.mu.Unlock()
}

func (c *linkCache) forgetAll() {
	c.mu.Lock()
	c.known = newBoundedMap(c.known.max)
	c.unknown = newBoundedMap(c.unknown.max)
	c.mu.Unlock()
}

// boundedMap is a map that never holds more than max entries: when full, a put first drops
// the expired entries it meets while scanning a few, else one entry at random (Go's map order).
type boundedMap struct {
	entries map[string]cacheEntry
	max     int
}

func newBoundedMap(max int) boundedMap {
	return boundedMap{entries: make(map[string]cacheEntry), max: max}
}

// evictScan bounds how many entries one put looks at to find expired ones.
const evictScan = 8

func (m *boundedMap) put(code string, e cacheEntry, now time.Time) {
	if _, ok := m.entries[code]; !ok && len(m.entries) >= m.max {
		scanned, evicted := 0, false
		var victim string
		for k, old := range m.entries {
			if now.After(old.expires) {
				delete(m.entries, k)
				evicted = true
			} else if victim == "" {
				victim = k
			}
			if scanned++; scanned >= evictScan {
				break
			}
		}
		if !evicted {
			delete(m.entries, victim)
		}
	}
	m.entries[code] = e
}
