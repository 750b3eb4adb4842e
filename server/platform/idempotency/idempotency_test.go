package idempotency_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/idempotency"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// pool has two connections, fewer than the requests a test runs at once, so a design that holds
// a connection while it waits would starve it.
var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	servertest.MainWithPool(m, "idempotency", url.Values{"pool_max_conns": {"2"}}, &pool)
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)} }

func request(body string) idempotency.Request {
	return idempotency.Request{Caller: uuid.New(), Key: "key-" + uuid.NewString(), Method: http.MethodPost, Path: "/api/v1/campaigns", Body: []byte(body)}
}

// counter is a handler that counts its runs and answers status with the run's number.
type counter struct {
	runs   atomic.Int32
	status int
}

func (c *counter) run() idempotency.Response {
	n := c.runs.Add(1)
	return idempotency.Response{Status: c.status, ContentType: "application/json", Body: fmt.Appendf(nil, `{"run":%d}`, n)}
}

func do(t *testing.T, s *idempotency.Store, r idempotency.Request, run func() idempotency.Response) (idempotency.Response, bool) {
	t.Helper()
	resp, replayed, err := s.Do(context.Background(), r, run)
	if err != nil {
		t.Fatalf("Do: %v", err)
	}
	return resp, replayed
}

func TestIdemConcurrentRequestsRunOnce(t *testing.T) {
	s := idempotency.New(pool, []byte("test-secret"), time.Now)
	r := request(`{"name":"Spring sale"}`)
	var runs atomic.Int32
	run := func() idempotency.Response {
		n := runs.Add(1)
		// The handler needs a connection of its own while the others wait.
		if _, err := pool.Exec(context.Background(), "SELECT pg_sleep(0.2)"); err != nil {
			t.Error(err)
		}
		return idempotency.Response{Status: http.StatusCreated, ContentType: "application/json", Body: fmt.Appendf(nil, `{"run":%d}`, n)}
	}
	const n = 20
	resps := make([]idempotency.Response, n)
	replays := make([]bool, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			resps[i], replays[i], errs[i] = s.Do(context.Background(), r, run)
		})
	}
	close(start)
	wg.Wait()
	if got := runs.Load(); got != 1 {
		t.Fatalf("the handler ran %d times", got)
	}
	replayed := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("request %d: %v", i, errs[i])
		}
		if resps[i].Status != http.StatusCreated || string(resps[i].Body) != `{"run":1}` || resps[i].ContentType != "application/json" {
			t.Errorf("request %d answered %+v", i, resps[i])
		}
		if replays[i] {
			replayed++
		}
	}
	if replayed != n-1 {
		t.Errorf("%d answers replayed, want %d", replayed, n-1)
	}
}

func TestIdemReplayAndReuse(t *testing.T) {
	s := idempotency.New(pool, []byte("test-secret"), newClock().now)
	h := &counter{status: http.StatusCreated}
	r := request(`{"a":1}`)
	first, replayed := do(t, s, r, h.run)
	if replayed || first.Status != http.StatusCreated {
		t.Fatalf("first: %+v replayed=%v", first, replayed)
	}
	again, replayed := do(t, s, r, h.run)
	if !replayed || again.Status != first.Status || string(again.Body) != string(first.Body) || again.ContentType != first.ContentType {
		t.Errorf("repeat: %+v replayed=%v, first %+v", again, replayed, first)
	}

	for name, change := range map[string]func(*idempotency.Request){
		"body":   func(r *idempotency.Request) { r.Body = []byte(`{"a":2}`) },
		"path":   func(r *idempotency.Request) { r.Path += "?x=1" },
		"method": func(r *idempotency.Request) { r.Method = http.MethodPut },
	} {
		other := r
		change(&other)
		if _, _, err := s.Do(context.Background(), other, h.run); !errors.Is(err, idempotency.ErrKeyReused) {
			t.Errorf("another %s under the same key: %v", name, err)
		}
	}

	// The same key from another caller is another key.
	other := r
	other.Caller = uuid.New()
	if resp, replayed := do(t, s, other, h.run); replayed || string(resp.Body) != `{"run":2}` {
		t.Errorf("another caller: %+v replayed=%v", resp, replayed)
	}
	if got := h.runs.Load(); got != 2 {
		t.Errorf("the handler ran %d times, want 2", got)
	}
}

func TestIdemClientErrorsStoredServerErrorsNot(t *testing.T) {
	s := idempotency.New(pool, []byte("test-secret"), newClock().now)
	for _, tc := range []struct {
		status int
		stored bool
	}{
		{http.StatusBadRequest, true}, {http.StatusNotFound, true}, {http.StatusConflict, true}, {http.StatusNoContent, true},
		{http.StatusInternalServerError, false}, {http.StatusServiceUnavailable, false}, {http.StatusTooManyRequests, false},
	} {
		h := &counter{status: tc.status}
		r := request(`{}`)
		do(t, s, r, h.run)
		resp, replayed := do(t, s, r, h.run)
		if replayed != tc.stored || resp.Status != tc.status {
			t.Errorf("%d: repeat replayed=%v status %d, want replayed=%v", tc.status, replayed, resp.Status, tc.stored)
		}
		if want := map[bool]int32{true: 1, false: 2}[tc.stored]; h.runs.Load() != want {
			t.Errorf("%d: the handler ran %d times, want %d", tc.status, h.runs.Load(), want)
		}
	}
}

func TestIdemPanicReleasesKey(t *testing.T) {
	s := idempotency.New(pool, []byte("test-secret"), newClock().now)
	r := request(`{}`)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic did not reach the caller")
			}
		}()
		_, _, _ = s.Do(context.Background(), r, func() idempotency.Response { panic("handler bug") })
	}()
	h := &counter{status: http.StatusCreated}
	if _, replayed := do(t, s, r, h.run); replayed || h.runs.Load() != 1 {
		t.Errorf("after a panic the key is still taken: replayed=%v runs=%d", replayed, h.runs.Load())
	}
}

func TestIdemExpiryAndCleanup(t *testing.T) {
	clk := newClock()
	s := idempotency.New(pool, []byte("test-secret"), clk.now)
	h := &counter{status: http.StatusCreated}
	r := request(`{}`)
	do(t, s, r, h.run)
	clk.add(23 * time.Hour)
	if _, replayed := do(t, s, r, h.run); !replayed {
		t.Error("not replayed after 23 hours")
	}
	if err := s.Cleanup(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rows(t, r) != 1 {
		t.Error("cleanup deleted a key younger than 24 hours")
	}
	clk.add(2 * time.Hour)
	if resp, replayed := do(t, s, r, h.run); replayed || string(resp.Body) != `{"run":2}` {
		t.Errorf("after 25 hours: %+v replayed=%v", resp, replayed)
	}
	// A key unused for 25 hours is deleted; a different request may then use it.
	clk.add(25 * time.Hour)
	if err := s.Cleanup(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rows(t, r) != 0 {
		t.Error("cleanup kept a key older than 24 hours")
	}
}

func TestIdemWaitsForRunningRequest(t *testing.T) {
	clk := newClock()
	s := idempotency.New(pool, []byte("test-secret"), clk.now)
	s.MaxWait = 50 * time.Millisecond
	r := request(`{"a":1}`)
	started, finish := make(chan struct{}), make(chan struct{})
	h := &counter{status: http.StatusCreated}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _, _ = s.Do(context.Background(), r, func() idempotency.Response {
			close(started)
			<-finish
			return h.run()
		})
	}()
	<-started
	bounded, stop := context.WithTimeout(context.Background(), 5*time.Second)
	defer stop()
	if _, _, err := s.Do(bounded, r, h.run); !errors.Is(err, idempotency.ErrInProgress) {
		t.Errorf("a repeat while the first runs longer than MaxWait: %v", err)
	}
	other := r
	other.Body = []byte(`{"a":2}`)
	if _, _, err := s.Do(context.Background(), other, h.run); !errors.Is(err, idempotency.ErrKeyReused) {
		t.Errorf("a different request while the first runs: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, _, err := s.Do(ctx, r, h.run); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a waiting repeat whose client left: %v", err)
	}
	close(finish)
	<-done
	if _, replayed := do(t, s, r, h.run); !replayed || h.runs.Load() != 1 {
		t.Errorf("after the first finished: replayed=%v runs=%d", replayed, h.runs.Load())
	}
}

func TestIdemLeaseOfDeadHolderIsTakenOver(t *testing.T) {
	clk := newClock()
	s := idempotency.New(pool, []byte("test-secret"), clk.now)
	s.MaxWait = 0
	r := request(`{}`)
	// A holder that claimed the key and died: its claim stays, never renewed.
	if _, err := queries.New().ClaimIdempotencyKey(context.Background(), pool, queries.ClaimIdempotencyKeyParams{
		CallerID: r.Caller, Key: r.Key, Method: r.Method, Path: r.Path, BodyHmac: s.BodyHash(r.Body), ClaimID: uuid.New(),
		Now: clk.now(), LockedUntil: clk.now().Add(s.Lease), ExpiredBefore: clk.now().Add(-idempotency.TTL),
	}); err != nil {
		t.Fatal(err)
	}
	h := &counter{status: http.StatusCreated}
	bounded, stop := context.WithTimeout(context.Background(), 5*time.Second)
	defer stop()
	if _, _, err := s.Do(bounded, r, h.run); !errors.Is(err, idempotency.ErrInProgress) {
		t.Fatalf("within the lease: %v", err)
	}
	clk.add(s.Lease + time.Second)
	other := r
	other.Body = []byte(`{"other":true}`)
	if _, _, err := s.Do(context.Background(), other, h.run); !errors.Is(err, idempotency.ErrKeyReused) {
		t.Errorf("a different request takes over a dead claim: %v", err)
	}
	if _, replayed := do(t, s, r, h.run); replayed || h.runs.Load() != 1 {
		t.Errorf("the same request after the lease: replayed=%v runs=%d", replayed, h.runs.Load())
	}
}

func TestIdemLeaseRenewedWhileRunning(t *testing.T) {
	s := idempotency.New(pool, []byte("test-secret"), time.Now)
	s.Lease = time.Second
	s.MaxWait = 10 * time.Second
	r := request(`{}`)
	var runs atomic.Int32
	slow := func() idempotency.Response {
		runs.Add(1)
		time.Sleep(2500 * time.Millisecond) // two and a half leases
		return idempotency.Response{Status: http.StatusCreated}
	}
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if _, _, err := s.Do(context.Background(), r, slow); err != nil {
				t.Error(err)
			}
		})
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	if got := runs.Load(); got != 1 {
		t.Errorf("a slow request's key was taken over: %d runs", got)
	}
}

func rows(t *testing.T, r idempotency.Request) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM idempotency_keys WHERE caller_id = $1 AND key = $2", r.Caller, r.Key).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
