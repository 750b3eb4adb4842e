package redirect

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/trackingdomains"
)

// hostsTTL is how long a process keeps the tracking domains before it reads them again: a domain
// claimed, verified or removed through another process is seen within it.
const hostsTTL = 10 * time.Second

// hostTable is every verified tracking domain with its brand, and every unexpired pending claim.
// A brand has at most one, so the table is as small as the number of brands and is read whole,
// unlike links (which are cached per code): a request for a host name no brand has then costs a map
// read and no database read, so random Host headers cannot fill memory or load the database.
type hostTable struct {
	hosts   map[string]hostEntry // host name -> who verified or claims it
	hostOf  map[uuid.UUID]string // brand -> its verified host name
	expires time.Time
}

// hostEntry is who has a host name: the brand that verified it, and the brands that claim it
// without proof (pending).
type hostEntry struct {
	owner     uuid.UUID // uuid.Nil while no brand has verified it
	claimants []uuid.UUID
}

// verified reports whether a brand proved the host name its own.
func (e hostEntry) verified() bool { return e.owner != uuid.Nil }

// serves reports whether a brand's codes answer on the host name: on a verified domain only its
// owner's; on a name claimed but not proved, any brand's but the claimants' (a claim without proof
// must not put a brand's links on someone else's name), as on any host name no brand has.
func (e hostEntry) serves(brand uuid.UUID) bool {
	if e.verified() {
		return brand == e.owner
	}
	return !slices.Contains(e.claimants, brand)
}

// hostCache holds the current table: a stale one goes on being answered while one refresh runs in
// the background (and while the database is out of reach); only the first read waits for it.
type hostCache struct {
	current    atomic.Pointer[hostTable]
	refreshing atomic.Bool
	mu         sync.Mutex // one read of the database at a time
	now        func() time.Time
	// load reads the verified domains and unexpired claims; tests replace it.
	load func(ctx context.Context) ([]queries.LiveTrackingDomainsRow, error)
}

// table answers the current table, reading it first when there is none yet.
func (c *hostCache) table(ctx context.Context) (*hostTable, error) {
	return c.tableAt(ctx, c.now())
}

// tableAt is table with the clock already read.
func (c *hostCache) tableAt(ctx context.Context, now time.Time) (*hostTable, error) {
	t := c.current.Load()
	if t == nil {
		return c.reload(ctx)
	}
	if now.After(t.expires) && c.refreshing.CompareAndSwap(false, true) {
		go func() {
			defer c.refreshing.Store(false)
			_, _ = c.reload(ctx) // not cancelled with the request; a failure keeps the stale table, tried again in a second
		}()
	}
	return t, nil
}

// reload reads the table from the database now.
func (c *hostCache) reload(ctx context.Context) (*hostTable, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), lookupTimeout)
	defer cancel()
	rows, err := c.load(ctx)
	if err != nil {
		if old := c.current.Load(); old != nil {
			c.current.Store(&hostTable{hosts: old.hosts, hostOf: old.hostOf, expires: c.now().Add(outageRetry)})
		}
		return nil, databaseError{err}
	}
	t := &hostTable{hosts: make(map[string]hostEntry, len(rows)), hostOf: make(map[uuid.UUID]string, len(rows)), expires: c.now().Add(hostsTTL)}
	for _, r := range rows {
		e := t.hosts[r.Hostname]
		if r.Status == trackingdomains.DomainVerified {
			e.owner, t.hostOf[r.BrandID] = r.BrandID, r.Hostname
		} else {
			e.claimants = append(e.claimants, r.BrandID)
		}
		t.hosts[r.Hostname] = e
	}
	c.current.Store(t)
	return t, nil
}

// expire makes the next read refresh the table (in the background).
func (c *hostCache) expire() {
	if old := c.current.Load(); old != nil {
		c.current.Store(&hostTable{hosts: old.hosts, hostOf: old.hostOf})
	}
}

// maxHostLen is the longest DNS name.
const maxHostLen = 253

// entry answers who verified or claims the host name a request's Host header names; ports, a
// final dot and upper case are ignored. It does not allocate.
func (t *hostTable) entry(host string) (hostEntry, bool) {
	if len(t.hosts) == 0 || host == "" || host[0] == '[' { // no domains, or an IPv6 literal
		return hostEntry{}, false
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	host = strings.TrimSuffix(host, ".")
	if len(host) > maxHostLen {
		return hostEntry{}, false
	}
	var buf [maxHostLen]byte
	lower := buf[:len(host)]
	for i := 0; i < len(host); i++ {
		c := host[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	e, ok := t.hosts[string(lower)] // the compiler looks the bytes up without a string
	return e, ok
}
