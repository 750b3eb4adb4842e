// Package change tells this process's caches that data they hold changed: the services that
// change data publish an Event, and each cache subscribes once, at start-up (server/run.go).
package change

import (
	"context"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Kind is what changed.
type Kind int

// The kinds of change a cache can hold stale.
const (
	// Campaigns: a campaign, an affiliate's membership of one, a brand or an affiliate changed or
	// went, or the host paused or resumed every campaign; any cached link may earn differently.
	Campaigns Kind = iota + 1
	// Link: one tracking link changed or went (Event.Code is its short code).
	Link
	// TrackingDomains: a brand's tracking domain was claimed, verified or removed.
	TrackingDomains
	// Rates: the host changed the exchange rates.
	Rates
	// Credentials: a brand API key was revoked, a brand's webhook secret changed, or a brand went;
	// a cached key or webhook secret may let in a caller that is no longer let in.
	Credentials
)

// Event is one change.
type Event struct {
	Kind Kind
	Code string // Link: the link's short code
}

// Invalidator is a cache that drops what an event makes stale.
type Invalidator interface {
	Invalidate(ctx context.Context, e Event)
}

// Bus delivers each published event to every subscriber, in the publisher's goroutine, so a
// change is seen by this process's caches when the call that made it returns.
type Bus struct {
	mu   sync.RWMutex
	subs []Invalidator
}

// Subscribe adds a cache.
func (b *Bus) Subscribe(i Invalidator) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs = append(b.subs, i)
}

// Publish tells every subscriber of the change.
func (b *Bus) Publish(ctx context.Context, e Event) {
	b.mu.RLock()
	subs := b.subs
	b.mu.RUnlock()
	for _, s := range subs {
		s.Invalidate(ctx, e)
	}
}

var (
	perPoolMu sync.Mutex
	perPool   = map[*pgxpool.Pool]*Bus{}
)

// Of answers the bus of a database: one per pool, as the emergency switches are, so every
// service of that database publishes to the same caches without each constructor taking it.
func Of(pool *pgxpool.Pool) *Bus {
	perPoolMu.Lock()
	defer perPoolMu.Unlock()
	b, ok := perPool[pool]
	if !ok {
		b = &Bus{}
		perPool[pool] = b
	}
	return b
}
