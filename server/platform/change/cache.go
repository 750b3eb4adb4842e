package change

import (
	"context"
	"sync"
	"time"
)

// Cache keeps values read from the database for a while, by key, and forgets them all when an
// event of its kind is published: for what nearly every request reads and seldom changes (a brand
// API key, a webhook secret). Subscribe it to the pool's Bus.
type Cache[K comparable, V any] struct {
	kind Kind
	ttl  time.Duration
	max  int

	mu   sync.Mutex
	kept map[K]kept[V]
	// forgotten counts the times the cache was emptied: a value read while it was emptied (perhaps
	// before the change committed) is answered but not kept.
	forgotten uint64
}

type kept[V any] struct {
	value  V
	readAt time.Time
}

// NewCache makes a cache of values kept for ttl, at most max of them (past it, it is emptied and
// refilled by the keys in use), that forgets them all on an event of kind.
func NewCache[K comparable, V any](kind Kind, ttl time.Duration, max int) *Cache[K, V] {
	return &Cache[K, V]{kind: kind, ttl: ttl, max: max, kept: map[K]kept[V]{}}
}

// Get answers the value kept for key, or reads it with read and keeps it; an error is not kept.
func (c *Cache[K, V]) Get(key K, read func() (V, error)) (V, error) {
	c.mu.Lock()
	k, ok := c.kept[key]
	forgotten := c.forgotten
	c.mu.Unlock()
	if ok && time.Since(k.readAt) < c.ttl {
		return k.value, nil
	}
	v, err := read()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.forgotten == forgotten {
		if len(c.kept) >= c.max {
			clear(c.kept)
		}
		c.kept[key] = kept[V]{value: v, readAt: time.Now()}
	}
	return v, nil
}

// Update changes the value kept for key, if one is, without making it newer.
func (c *Cache[K, V]) Update(key K, change func(*V)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.kept[key]; ok {
		change(&k.value)
		c.kept[key] = k
	}
}

// Invalidate forgets every value on an event of the cache's kind.
func (c *Cache[K, V]) Invalidate(_ context.Context, e Event) {
	if e.Kind != c.kind {
		return
	}
	c.mu.Lock()
	clear(c.kept)
	c.forgotten++
	c.mu.Unlock()
}
