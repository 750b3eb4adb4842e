package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/domain/clickid"
	"github.com/openaffiliate/platform/server/domain/redirect"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// TestRedirectsThroughDatabaseOutage: a server process reaches its database through a proxy that
// is cut, under load on both its ports, for longer than the link cache keeps an entry. Every visit of a link it knew
// before is redirected, a link it never read answers the 503 page, and every redirected click is
// stored once the database is back.
func TestRedirectsThroughDatabaseOutage(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	var codes []string
	for range 3 {
		codes = append(codes, p.link(t, env, "")["short_code"].(string))
	}
	never := p.link(t, env, "")["short_code"].(string) // not visited before the outage
	proxy, viaProxy := servertest.StartProxy(t, env.App.Config.DatabaseURL)
	base, trackingBase, stop := serveProcess(t, env, viaProxy)
	signer := clickid.NewSigner(env.App.Config.JWTSecret)
	for _, code := range codes {
		if r := visit(t, base, code, ""); r.StatusCode != http.StatusFound {
			t.Fatalf("before the outage %s answered %d", code, r.StatusCode)
		}
	}

	// Four visitors click the known links, about 2,000 visits a second in all, before, during and
	// after the outage: the clicks of the outage fit in the recorder's buffer (65,536 clicks; a
	// full buffer holds visits back until the database takes its writes again).
	var (
		mu        sync.Mutex
		clickIDs  []string
		statuses  = map[int]int{}
		during    atomic.Bool
		duringN   atomic.Int64
		finished  = make(chan struct{})
		failures  atomic.Int64
		lastError atomic.Value
	)
	waitVisitors := clickUntil(finished, 4, func(i int) {
		resp, err := noFollow.Get([]string{base, trackingBase}[i%2] + "/r/" + codes[i%len(codes)]) // both ports
		if err != nil {
			failures.Add(1)
			lastError.Store(err.Error())
			return
		}
		_ = resp.Body.Close()
		id := ""
		if loc, err := url.Parse(resp.Header.Get("Location")); err == nil {
			id = loc.Query().Get(redirect.ClickParam)
		}
		mu.Lock()
		statuses[resp.StatusCode]++
		if c, ok := signer.Read(id); ok {
			clickIDs = append(clickIDs, c.Click.String())
		}
		mu.Unlock()
		if during.Load() {
			duringN.Add(1)
		}
	})
	time.Sleep(time.Second)
	proxy.Cut()
	during.Store(true)
	outageStarted := time.Now()
	time.Sleep(7 * time.Second) // longer than the link cache keeps an entry (5 s)
	unavailable := visit(t, base, never, "")
	during.Store(false)
	proxy.Restore()
	outage := time.Since(outageStarted)
	time.Sleep(2 * time.Second)
	close(finished)
	waitVisitors()

	if unavailable.StatusCode != http.StatusServiceUnavailable || unavailable.Header.Get("Retry-After") == "" ||
		!strings.HasPrefix(unavailable.Header.Get("Content-Type"), "text/html") {
		t.Errorf("a link never read before the outage answered %d (Retry-After %q, %s); want the 503 page",
			unavailable.StatusCode, unavailable.Header.Get("Retry-After"), unavailable.Header.Get("Content-Type"))
	}
	mu.Lock()
	answered, ids := statuses[http.StatusFound], append([]string(nil), clickIDs...)
	mu.Unlock()
	if failures.Load() > 0 || len(statuses) != 1 || answered != len(ids) || duringN.Load() == 0 {
		t.Fatalf("visits answered %v (%d redirects with a click id, %d during the outage, %d failed: %v); want only 302s with a signed click id",
			statuses, len(ids), duringN.Load(), failures.Load(), lastError.Load())
	}

	// Every redirected click is stored once the database is back (the buffer retries its writes).
	deadline := time.Now().Add(30 * time.Second)
	stored := 0
	for time.Now().Before(deadline) {
		if stored = count(t, env, "SELECT count(*) FROM clicks WHERE id = ANY($1::uuid[])", ids); stored == len(ids) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if stored != len(ids) {
		t.Fatalf("%d of %d redirected clicks were stored", stored, len(ids))
	}
	stop()
	t.Logf("outage of %s under load: %d visits redirected (%d while the database was out of reach), %d clicks stored; a link never read answered 503",
		outage.Round(100*time.Millisecond), answered, duringN.Load(), stored)
}

// clickUntil has n visitors call visit one after the other, each about every 2 ms, with a number
// that differs for every call, until stop is closed; the answer waits for them to finish.
func clickUntil(stop <-chan struct{}, n int, visit func(i int)) (wait func()) {
	var wg sync.WaitGroup
	for v := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := v; ; i += n {
				select {
				case <-stop:
					return
				default:
				}
				visit(i)
				time.Sleep(2 * time.Millisecond)
			}
		}()
	}
	return wg.Wait
}
