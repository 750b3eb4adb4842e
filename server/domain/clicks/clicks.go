// Package clicks buffers recorded clicks in memory and writes them to PostgreSQL in batches,
// so a redirect never waits on its own INSERT. The buffer is bounded: when it is full,
// Record waits (back-pressure) instead of dropping a click; Close writes out everything. Several
// buffers, each with its own COPY writer, take the clicks side by side (Options.Writers).
package clicks

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/dbtx"
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
	Capacity      int           // clicks held in memory at most, all writers together (default 65536)
	BatchSize     int           // clicks per COPY at most (default 5000)
	FlushInterval time.Duration // longest a click waits for its write (default 100ms, at most 1s)
	// Writers is how many buffers and COPY writers run side by side, each on one of the pool's
	// connections while it writes (default DefaultWriters()): one COPY stream is one PostgreSQL
	// backend on one core, which caps the clicks one process can store.
	Writers int
}

// MaxWriters bounds Options.Writers (CLICK_WRITERS).
const MaxWriters = 64

// DefaultWriters is one writer for every 4 of the cores Go runs on (GOMAXPROCS): one COPY stream
// kept up with the redirects of 4 server cores, not 8 (docs/benchmarks.md, issue 24 point 5).
func DefaultWriters() int { return min((runtime.GOMAXPROCS(0)+3)/4, MaxWriters) }

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
	if o.Writers <= 0 {
		o.Writers = DefaultWriters()
	}
	o.Writers = min(o.Writers, MaxWriters, o.Capacity)
	return o
}

// ErrClosed is returned by Record after Close.
var ErrClosed = errors.New("clicks: recorder is closed")

// Recorder is the buffer and its writers: Options.Writers shards, each a bounded queue drained
// by its own COPY writer, so the clicks of many cores reach PostgreSQL over several connections.
type Recorder struct {
	shards []*shard
}

// shard is one bounded queue and its writer.
type shard struct {
	pool   *pgxpool.Pool
	opts   Options
	queue  chan Click
	mu     sync.RWMutex // guards closed against concurrent sends
	closed bool
	nudge  chan struct{} // wakes the writer before its tick: a batch is waiting, or Close was called
	done   chan struct{}
	// copy stores one batch: copyBatch, unless a test makes it fail for a while.
	copy func(ctx context.Context, batch []Click) error
}

// NewRecorder starts the writers.
func NewRecorder(pool *pgxpool.Pool, opts Options) *Recorder {
	opts = opts.withDefaults()
	r := &Recorder{shards: make([]*shard, opts.Writers)}
	capacity := (opts.Capacity + opts.Writers - 1) / opts.Writers
	for i := range r.shards {
		s := &shard{pool: pool, opts: opts, queue: make(chan Click, capacity), nudge: make(chan struct{}, 1), done: make(chan struct{})}
		s.copy = s.copyBatch
		r.shards[i] = s
		go s.run()
	}
	return r
}

// Record queues a click; when its buffer is full it waits until there is room or ctx ends
// (back-pressure). A click goes to the shard its link picks (a link id's last byte is random), so
// one link's clicks are stored by one writer, one batch after another: a visitor is counted unique
// once per link and day (RollupClicks), which two batches of one link committing side by side could
// not see of each other.
func (r *Recorder) Record(ctx context.Context, c Click) error {
	s := r.shards[int(c.LinkID[15])%len(r.shards)]
	if queued, err := s.offer(c); queued || err != nil {
		return err
	}
	return s.wait(ctx, c)
}

// offer queues a click if the shard has room, without waiting.
func (s *shard) offer(c Click) (bool, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return false, ErrClosed
	}
	select {
	case s.queue <- c:
	default:
		s.wake() // full: the writer is already nudged, but make sure before anyone waits
		return false, nil
	}
	if len(s.queue) >= s.opts.BatchSize {
		s.wake()
	}
	return true, nil
}

// wait queues a click once the shard has room, or returns when ctx ends.
func (s *shard) wait(ctx context.Context, c Click) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	select {
	case s.queue <- c:
	case <-ctx.Done():
		return ctx.Err()
	}
	if len(s.queue) >= s.opts.BatchSize {
		s.wake()
	}
	return nil
}

// wake nudges the writer without waiting.
func (s *shard) wake() {
	select {
	case s.nudge <- struct{}{}:
	default:
	}
}

// Close stops accepting clicks and returns once every shard's queued clicks are written (or ctx ends).
func (r *Recorder) Close(ctx context.Context) error {
	for _, s := range r.shards {
		s.mu.Lock()
		if !s.closed {
			s.closed = true
			close(s.queue)
		}
		s.mu.Unlock()
		s.wake()
	}
	for _, s := range r.shards {
		select {
		case <-s.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Pending is how many clicks wait in the buffers.
func (r *Recorder) Pending() int {
	n := 0
	for _, s := range r.shards {
		n += len(s.queue)
	}
	return n
}

// run writes what the queue holds at every tick, or sooner when nudged. It never waits on the
// queue itself: a redirect's send only wakes it once a batch is waiting, not for every click.
func (s *shard) run() {
	defer close(s.done)
	ticker := time.NewTicker(s.opts.FlushInterval)
	defer ticker.Stop()
	batch := make([]Click, 0, s.opts.BatchSize)
	for {
		select {
		case <-ticker.C:
		case <-s.nudge:
		}
	drain:
		for {
			select {
			case c, open := <-s.queue:
				if !open {
					s.write(batch)
					return
				}
				batch = append(batch, c)
				if len(batch) >= s.opts.BatchSize {
					s.write(batch)
					batch = batch[:0]
				}
			default:
				break drain
			}
		}
		s.write(batch)
		batch = batch[:0]
	}
}

func pgUUID(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: true} }

var columns = []string{"id", "clicked_at", "link_id", "campaign_id", "affiliate_id", "brand_id", "ip_hash", "user_agent", "referrer", "is_bot"}

// write copies a batch, retrying with backoff while the database refuses: clicks are never dropped.
// While it retries, the queue fills and Record applies back-pressure.
func (s *shard) write(batch []Click) {
	if len(batch) == 0 {
		return
	}
	backoff := 100 * time.Millisecond
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := s.copy(ctx, batch)
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

// copyBatch stores a batch in a transaction of its own.
func (s *shard) copyBatch(ctx context.Context, batch []Click) error {
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return Store(ctx, tx, batch) })
}

// Store copies clicks with one COPY and writes their rollup deltas (RollupClicks), in the caller's
// transaction: the one way a click is stored (the writers' batches; tests). The row's values point
// into the batch and its ids, and the row is reused (pgx encodes each row before it asks for the
// next): a value put into an interface by copy would cost an allocation each, ten per click.
func Store(ctx context.Context, tx pgx.Tx, batch []Click) error {
	// pgtype values encode directly; uuid.UUID would go through driver.Valuer, a string and an
	// error per value, which cost a fifth of the server's CPU under load.
	ids := make([]pgtype.UUID, 5*len(batch))
	clicks := make([]uuid.UUID, len(batch))
	row := make([]any, len(columns))
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"clicks"}, columns, pgx.CopyFromSlice(len(batch), func(i int) ([]any, error) {
		c, id := &batch[i], ids[5*i:5*i+5]
		clicks[i] = c.ID
		id[0], id[1], id[2], id[3], id[4] = pgUUID(c.ID), pgUUID(c.LinkID), pgUUID(c.CampaignID), pgUUID(c.AffiliateID), pgUUID(c.BrandID)
		row[0], row[1], row[2], row[3], row[4], row[5] = &id[0], &c.At, &id[1], &id[2], &id[3], &id[4]
		row[6], row[7], row[8], row[9] = &c.IPHash, &c.UserAgent, &c.Referrer, c.IsBot
		return row, nil
	}))
	if err != nil {
		return err
	}
	return queries.New().RollupClicks(ctx, tx, clicks)
}
