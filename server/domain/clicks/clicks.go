// Package clicks buffers recorded clicks in memory and writes them to PostgreSQL in batches,
// so a redirect never waits on its own INSERT. The buffer is bounded: when it is full,
// Record waits (back-pressure) instead of dropping a click; Close writes out everything.
package clicks

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
)

// Click is one visit of a tracking link.
type Click struct {
	ID          uuid.UUID
	At          time.Time
	LinkID      uuid.UUID
	CampaignID  uuid.UUID
	AffiliateID uuid.UUID
	BrandID     uuid.UUID
	IPHash      string
	UserAgent   string
	Referrer    string
	IsBot       bool
}

// Options size the buffer and pace the writes.
type Options struct {
	Capacity      int           // clicks held in memory at most (default 65536)
	BatchSize     int           // clicks per COPY at most (default 5000)
	FlushInterval time.Duration // longest a click waits for its write (default 100ms, at most 1s)
}

func (o Options) withDefaults() Options {
	if o.Capacity <= 0 {
		o.Capacity = 65536
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 5000
	}
	if o.FlushInterval <= 0 || o.FlushInterval > time.Second {
		o.FlushInterval = 100 * time.Millisecond
	}
	return o
}

// ErrClosed is returned by Record after Close.
var ErrClosed = errors.New("clicks: recorder is closed")

// Recorder is the buffer and its writer.
type Recorder struct {
	pool   *pgxpool.Pool
	opts   Options
	queue  chan Click
	mu     sync.RWMutex // guards closed against concurrent sends
	closed bool
	nudge  chan struct{} // wakes the writer before its tick: a batch is waiting, or Close was called
	done   chan struct{}
}

// NewRecorder starts the writer.
func NewRecorder(pool *pgxpool.Pool, opts Options) *Recorder {
	opts = opts.withDefaults()
	r := &Recorder{pool: pool, opts: opts, queue: make(chan Click, opts.Capacity), nudge: make(chan struct{}, 1), done: make(chan struct{})}
	go r.run()
	return r
}

// Record queues a click; when the buffer is full it waits until there is room or ctx ends.
func (r *Recorder) Record(ctx context.Context, c Click) error {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.closed {
		return ErrClosed
	}
	select {
	case r.queue <- c:
	default:
		r.wake() // full: the writer is already nudged, but make sure before waiting
		select {
		case r.queue <- c:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if len(r.queue) >= r.opts.BatchSize {
		r.wake()
	}
	return nil
}

// wake nudges the writer without waiting.
func (r *Recorder) wake() {
	select {
	case r.nudge <- struct{}{}:
	default:
	}
}

// Close stops accepting clicks and returns once every queued click is written (or ctx ends).
func (r *Recorder) Close(ctx context.Context) error {
	r.mu.Lock()
	if !r.closed {
		r.closed = true
		close(r.queue)
	}
	r.mu.Unlock()
	r.wake()
	select {
	case <-r.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Pending is how many clicks wait in the buffer.
func (r *Recorder) Pending() int { return len(r.queue) }

// run writes what the queue holds at every tick, or sooner when nudged. It never waits on the
// queue itself: a redirect's send only wakes it once a batch is waiting, not for every click.
func (r *Recorder) run() {
	defer close(r.done)
	ticker := time.NewTicker(r.opts.FlushInterval)
	defer ticker.Stop()
	batch := make([]Click, 0, r.opts.BatchSize)
	for {
		select {
		case <-ticker.C:
		case <-r.nudge:
		}
	drain:
		for {
			select {
			case c, open := <-r.queue:
				if !open {
					r.write(batch)
					return
				}
				batch = append(batch, c)
				if len(batch) >= r.opts.BatchSize {
					r.write(batch)
					batch = batch[:0]
				}
			default:
				break drain
			}
		}
		r.write(batch)
		batch = batch[:0]
	}
}

func pgUUID(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: true} }

// Store copies clicks and writes their rollup deltas, in the caller's transaction: the one way a
// click is stored (the writer's batches; tests).
func Store(ctx context.Context, tx pgx.Tx, batch []Click) error {
	ids := make([]uuid.UUID, len(batch))
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"clicks"}, columns, pgx.CopyFromSlice(len(batch), func(i int) ([]any, error) {
		c := batch[i]
		ids[i] = c.ID
		// pgtype values encode directly; uuid.UUID would go through driver.Valuer, a string and an
		// error per value, which cost a fifth of the server's CPU under load.
		return []any{pgUUID(c.ID), c.At, pgUUID(c.LinkID), pgUUID(c.CampaignID), pgUUID(c.AffiliateID), pgUUID(c.BrandID),
			c.IPHash, c.UserAgent, c.Referrer, c.IsBot}, nil
	}))
	if err != nil {
		return err
	}
	return queries.New().RollupClicks(ctx, tx, ids)
}

var columns = []string{"id", "clicked_at", "link_id", "campaign_id", "affiliate_id", "brand_id", "ip_hash", "user_agent", "referrer", "is_bot"}

// write copies a batch, retrying with backoff while the database refuses: clicks are never dropped.
// While it retries, the queue fills and Record applies back-pressure.
func (r *Recorder) write(batch []Click) {
	if len(batch) == 0 {
		return
	}
	backoff := 100 * time.Millisecond
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error { return Store(ctx, tx, batch) })
		cancel()
		var pgErr *pgconn.PgError
		if err == nil || errors.As(err, &pgErr) && pgErr.Code == "23505" {
			// A unique violation means an earlier attempt committed this very batch (COPY is all or nothing).
			return
		}
		slog.Error("clicks: write failed, retrying", "clicks", len(batch), "attempt", attempt, "err", err)
		time.Sleep(backoff)
		backoff = min(backoff*2, 5*time.Second)
	}
}
