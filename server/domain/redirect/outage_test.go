package redirect

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/clickid"
)

// While the database fails, a known link is answered from its expired cache entry for up to
// staleMax, the database is tried again at most every outageRetry, a code never read answers
// ErrUnavailable, and the first read that works ends the outage.
func TestOutageServesKnownLinksFromTheCache(t *testing.T) {
	now := time.Now()
	r := NewRedirector(nil, nil, func(s string) string { return s }, clickid.NewSigner([]byte("test-secret")), func() time.Time { return now })
	reads, down := 0, false
	r.hosts.load = func(context.Context) ([]queries.LiveTrackingDomainsRow, error) { return nil, nil } // read at start-up
	if err := r.LoadTrackingDomains(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.find = func(_ context.Context, code string) (queries.ResolveShortCodeRow, error) {
		reads++
		if down {
			return queries.ResolveShortCodeRow{}, errors.New("connection refused")
		}
		return queries.ResolveShortCodeRow{Status: "active", DestinationUrl: "https://shop.example.com/" + code}, nil
	}
	visit := func(code string) (Outcome, error) {
		return r.Visit(context.Background(), Visit{Code: code, Head: true})
	}
	if out, err := visit("Known123"); err != nil || out.Location != "https://shop.example.com/Known123" {
		t.Fatalf("before the outage: %+v, %v", out, err)
	}

	down = true
	now = now.Add(cacheTTL + time.Second) // the entry expired
	for range 3 {
		if out, err := visit("Known123"); err != nil || out.Location != "https://shop.example.com/Known123" {
			t.Fatalf("a known link during the outage: %+v, %v", out, err)
		}
	}
	if _, err := visit("Never123"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("a code never read during the outage: %v, want ErrUnavailable", err)
	}
	if reads != 2 {
		t.Fatalf("%d reads; want 2: one that failed, then none until outageRetry has passed", reads)
	}
	now = now.Add(outageRetry)
	_, _ = visit("Known123")
	if reads != 3 {
		t.Fatalf("%d reads after outageRetry; want one more", reads)
	}

	now = now.Add(staleMax) // the entry expired more than staleMax ago
	if _, err := visit("Known123"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("an entry past staleMax: %v, want ErrUnavailable", err)
	}

	down = false
	now = now.Add(outageRetry)
	if out, err := visit("Known123"); err != nil || out.Location != "https://shop.example.com/Known123" {
		t.Fatalf("after the outage: %+v, %v", out, err)
	}
	if r.outage.waiting(now) || !r.outage.since.IsZero() {
		t.Fatal("the outage did not end with the first read that worked")
	}
}
