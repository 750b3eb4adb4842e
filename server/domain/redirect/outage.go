package redirect

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"
)

// While the database cannot be reached, a known link is served from its last good cache entry
// (for up to staleMax after that entry expired) and its clicks wait in the recorder's buffer
// until the database is back. A failed read is tried again at most every outageRetry, so visitors
// do not each wait for a connection that fails, and no read waits longer than lookupTimeout.
const (
	staleMax      = 10 * time.Minute
	outageRetry   = time.Second
	lookupTimeout = 2 * time.Second
)

// ErrUnavailable is what a visit answers when its link cannot be read and no cached copy may stand
// in for it: the redirect shows UnavailablePageRO (or EN), and the visitor may try again shortly.
var ErrUnavailable = errors.New("redirect: the link cannot be read now")

// databaseError marks a failed read of the database (as opposed to a link that does not exist).
type databaseError struct{ err error }

func (e databaseError) Error() string { return "redirect: read link: " + e.err.Error() }
func (e databaseError) Unwrap() error { return e.err }

// outage tracks a period in which reads of the database fail: when it began, when to try a read
// again, and how many visits were answered from stale cache entries, so it is logged once when it
// begins and once when it ends, not once per visit.
type outage struct {
	mu      sync.Mutex
	since   time.Time // zero while the database answers
	retryAt time.Time
	stale   int
}

// waiting reports whether an outage is under way and its next read is not due yet.
func (o *outage) waiting(now time.Time) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return !o.since.IsZero() && now.Before(o.retryAt)
}

func (o *outage) failed(ctx context.Context, now time.Time, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.since.IsZero() {
		o.since = now
		slog.WarnContext(ctx, "redirect: the database cannot be reached; known links are served from the cache and their clicks kept until it is back",
			"err", err, "stale_max", staleMax)
	}
	o.retryAt = now.Add(outageRetry)
}

func (o *outage) servedStale() {
	o.mu.Lock()
	o.stale++
	o.mu.Unlock()
}

func (o *outage) recovered(ctx context.Context, now time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.since.IsZero() {
		return
	}
	slog.InfoContext(ctx, "redirect: the database answers again", "outage", now.Sub(o.since).Round(time.Millisecond), "visits_served_from_cache", o.stale)
	o.since, o.stale = time.Time{}, 0
}

// UnavailablePageRO and UnavailablePageEN are what a visit answers (503) when its link cannot be
// read: the database is out of reach and the link is not in the cache.
const (
	UnavailablePageRO = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>Link indisponibil momentan</title>` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
		`<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#333">` +
		`<h1 style="font-size:1.5rem">Linkul este indisponibil pentru moment</h1>` +
		`<p>Încearcă din nou în câteva secunde.</p></body></html>`
	UnavailablePageEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link unavailable</title>` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
		`<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#333">` +
		`<h1 style="font-size:1.5rem">This link is unavailable for a moment</h1>` +
		`<p>Please try again in a few seconds.</p></body></html>`
)
