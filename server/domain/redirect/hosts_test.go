package redirect

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
)

// On a brand's tracking domain only its codes answer (another brand's pending claim changes
// nothing); on a name a brand claims without proof its codes do not answer; on the platform's host
// name, an unknown one, or none, every code does. The Host header's port, final dot and case do not matter.
func TestVisitOnTrackingDomains(t *testing.T) {
	r, _ := countingRedirector()
	r.links.put("LinkOfA1", resolvedLink{BrandID: brandA, Status: "active", DestinationUrl: "https://brand-a.ro/"}, true)
	for host, want := range map[string]bool{
		"go.brand-a.ro": true, "GO.Brand-A.ro:443": true, "go.brand-a.ro.": true, "links.brand-b.com": false, "LINKS.brand-b.com:8080": false,
		"affiliate.example": true, "": true, "[::1]:8080": true, "127.0.0.1": true, "brand-a.ro": true, "x.go.brand-a.ro": true,
		"claimed.example": false, "Claimed.Example.:80": false, "others.example": true,
	} {
		out, err := r.Visit(context.Background(), Visit{Code: "LinkOfA1", Host: host, Head: true})
		if err != nil || out.Found != want {
			t.Errorf("on %q: found %v, %v; want %v", host, out.Found, err, want)
		}
	}
	if !r.IsTrackingDomain(context.Background(), "Links.Brand-B.com") || r.IsTrackingDomain(context.Background(), "affiliate.example") || r.IsTrackingDomain(context.Background(), "claimed.example") {
		t.Error("IsTrackingDomain")
	}
	if host, ok := r.TrackingDomainOf(context.Background(), brandB); !ok || host != "links.brand-b.com" {
		t.Errorf("brand B's domain: %q, %v", host, ok)
	}
}

// The table of tracking domains is read once, refreshed in the background once it expired (the
// stale one answered meanwhile), and kept while the database cannot be read.
func TestTrackingDomainsTable(t *testing.T) {
	now := time.Now()
	r, _ := countingRedirector()
	r.hosts.now = func() time.Time { return now }
	reads, failing := 0, false
	refreshed := make(chan struct{}, 10)
	r.hosts.load = func(context.Context) ([]queries.LiveTrackingDomainsRow, error) {
		defer func() { refreshed <- struct{}{} }()
		reads++
		if failing {
			return nil, errors.New("connection refused")
		}
		return []queries.LiveTrackingDomainsRow{{Hostname: fmt.Sprintf("go%d.brand-a.ro", reads), BrandID: brandA, Status: trackingdomains.DomainVerified}}, nil
	}
	ctx := context.Background()
	for range 3 {
		if !r.IsTrackingDomain(ctx, "go1.brand-a.ro") {
			t.Fatal("the first table")
		}
	}
	<-refreshed
	if reads != 1 {
		t.Fatalf("%d reads before the table expired", reads)
	}
	now = now.Add(hostsTTL + time.Second)
	if !r.IsTrackingDomain(ctx, "go1.brand-a.ro") { // answered from the stale table while it is read again
		t.Fatal("the stale table")
	}
	<-refreshed
	for r.hosts.refreshing.Load() {
		time.Sleep(time.Millisecond)
	}
	if !r.IsTrackingDomain(ctx, "go2.brand-a.ro") {
		t.Fatal("the refreshed table")
	}
	failing = true
	if err := r.LoadTrackingDomains(ctx); err == nil {
		t.Fatal("a failed read reports no error")
	}
	<-refreshed
	if !r.IsTrackingDomain(ctx, "go2.brand-a.ro") {
		t.Fatal("a failed read dropped the table")
	}
}
