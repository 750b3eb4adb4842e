package clicks_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/clicks"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

func openPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	dbURL, drop, err := servertest.CreateDatabase(ctx, "clicks")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(drop)
	pool, err := server.OpenPool(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := server.Migrate(pool); err != nil {
		t.Fatal(err)
	}
	return pool
}

func click() clicks.Click {
	return clicks.Click{ID: uuid.Must(uuid.NewV7()), At: time.Now(), LinkID: uuid.New(), CampaignID: uuid.New(),
		AffiliateID: uuid.New(), BrandID: uuid.New(), IPHash: "h", UserAgent: "Mozilla/5.0"}
}

func stored(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM clicks").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A lone click is written by the next tick, without waiting for a batch to fill.
func TestLoneClickIsWrittenWithinAFlushInterval(t *testing.T) {
	pool := openPool(t)
	r := clicks.NewRecorder(pool, clicks.Options{FlushInterval: 50 * time.Millisecond})
	defer func() {
		if err := r.Close(context.Background()); err != nil {
			t.Error(err)
		}
	}()
	if err := r.Record(context.Background(), click()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for stored(t, pool) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the click was not written")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A buffer far smaller than the load makes senders wait (back-pressure); none is dropped, and
// Close writes out what is left.
func TestSmallBufferAppliesBackPressureAndLosesNothing(t *testing.T) {
	pool := openPool(t)
	r := clicks.NewRecorder(pool, clicks.Options{Capacity: 8, BatchSize: 4, FlushInterval: time.Second})
	const senders, each = 8, 250
	var wg sync.WaitGroup
	for range senders {
		wg.Go(func() {
			for range each {
				if err := r.Record(context.Background(), click()); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := stored(t, pool); got != senders*each {
		t.Fatalf("stored %d clicks, want %d", got, senders*each)
	}
	if err := r.Record(context.Background(), click()); err != clicks.ErrClosed {
		t.Errorf("Record after Close: %v", err)
	}
}

// A sender whose context ends while the buffer is full gets the context's error.
func TestFullBufferHonoursTheSendersContext(t *testing.T) {
	pool := openPool(t)
	pool.Close() // the writer cannot drain: every COPY fails and is retried
	r := clicks.NewRecorder(pool, clicks.Options{Capacity: 2, BatchSize: 1, FlushInterval: time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		err = r.Record(ctx, click())
	}
	if err != context.DeadlineExceeded {
		t.Fatalf("Record on a full buffer: %v", err)
	}
}

// storedOnce checks that every sent click is stored, each exactly once.
func storedOnce(t *testing.T, pool *pgxpool.Pool, sent []uuid.UUID) {
	t.Helper()
	var rows, distinct int
	if err := pool.QueryRow(context.Background(), "SELECT count(*), count(DISTINCT id) FROM clicks").Scan(&rows, &distinct); err != nil {
		t.Fatal(err)
	}
	var found int
	if err := pool.QueryRow(context.Background(), "SELECT count(DISTINCT id) FROM clicks WHERE id = ANY ($1::uuid[])", sent).Scan(&found); err != nil {
		t.Fatal(err)
	}
	missing := len(sent) - found
	if rows != len(sent) || distinct != len(sent) || missing != 0 {
		t.Fatalf("sent %d clicks: stored %d rows, %d distinct, %d missing", len(sent), rows, distinct, missing)
	}
}

// send records each clicks from each of senders goroutines until Close refuses them, and answers
// the ids of the clicks Record accepted.
func send(t *testing.T, r *clicks.Recorder, senders, each int) []uuid.UUID {
	t.Helper()
	var mu sync.Mutex
	var sent []uuid.UUID
	var wg sync.WaitGroup
	for range senders {
		wg.Go(func() {
			mine := make([]uuid.UUID, 0, each)
			defer func() { mu.Lock(); sent = append(sent, mine...); mu.Unlock() }()
			for range each {
				c := click()
				switch err := r.Record(context.Background(), c); err {
				case nil:
					mine = append(mine, c.ID)
				case clicks.ErrClosed:
					return
				default:
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return sent
}

// Several writers: clicks recorded while Close runs are each stored exactly once, or refused
// with ErrClosed; none accepted is lost.
func TestSeveralWritersStoreEveryClickOnceThroughClose(t *testing.T) {
	pool := openPool(t)
	r := clicks.NewRecorder(pool, clicks.Options{Capacity: 64, BatchSize: 16, FlushInterval: 20 * time.Millisecond, Writers: 4})
	if got := clicks.Writers(r); got != 4 {
		t.Fatalf("%d writers, want 4", got)
	}
	done := make(chan []uuid.UUID)
	go func() { done <- send(t, r, 8, 2000) }()
	time.Sleep(150 * time.Millisecond) // Close while the senders are still at it
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	sent := <-done
	if len(sent) == 0 || len(sent) == 8*2000 {
		t.Logf("%d clicks accepted before Close (the test wants Close to land mid-way)", len(sent))
	}
	if r.Pending() != 0 {
		t.Errorf("%d clicks pending after Close", r.Pending())
	}
	storedOnce(t, pool, sent)
}

// A writer whose COPY fails for a while retries: its clicks are stored once it succeeds (its
// links' visitors wait meanwhile, back-pressure), and nothing is lost.
func TestAFailingWriterLosesNothing(t *testing.T) {
	pool := openPool(t)
	r := clicks.NewRecorder(pool, clicks.Options{Capacity: 32, BatchSize: 4, FlushInterval: 10 * time.Millisecond, Writers: 4})
	failed := clicks.FailWrites(r, 0, 4) // about 1.5 s of retries with the writer's backoff
	sent := send(t, r, 8, 250)
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if failed.Load() != 4 {
		t.Errorf("the writer failed %d times, want 4", failed.Load())
	}
	if len(sent) != 8*250 {
		t.Fatalf("%d clicks accepted, want %d", len(sent), 8*250)
	}
	storedOnce(t, pool, sent)
}

// Writers default to one per 4 of Go's cores and never outnumber the buffer's places.
func TestWritersDefaultAndBound(t *testing.T) {
	pool := openPool(t)
	for _, tc := range []struct {
		opts clicks.Options
		want int
	}{{clicks.Options{}, clicks.DefaultWriters()}, {clicks.Options{Writers: 3}, 3}, {clicks.Options{Writers: 8, Capacity: 2}, 2}} {
		r := clicks.NewRecorder(pool, tc.opts)
		if got := clicks.Writers(r); got != tc.want {
			t.Errorf("%+v: %d writers, want %d", tc.opts, got, tc.want)
		}
		if err := r.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// One link's clicks go through one writer: a visitor clicking a link many times in a day is one
// unique click in the rollups however many writers store the batches (each batch's RollupClicks
// sees the batches of its link committed before it).
func TestOneLinkOneWriterCountsAVisitorOnce(t *testing.T) {
	pool := openPool(t)
	r := clicks.NewRecorder(pool, clicks.Options{Capacity: 64, BatchSize: 2, FlushInterval: time.Millisecond, Writers: 4})
	link, brand, campaign, affiliate, at := uuid.New(), uuid.New(), uuid.New(), uuid.New(), time.Now()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				c := click()
				c.LinkID, c.BrandID, c.CampaignID, c.AffiliateID, c.At, c.IPHash = link, brand, campaign, affiliate, at, "one-visitor"
				if err := r.Record(context.Background(), c); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	var total, unique int
	if err := pool.QueryRow(context.Background(), `SELECT coalesce(sum(clicks), 0), coalesce(sum(unique_clicks), 0)
		FROM stats_deltas WHERE link_id = $1`, link).Scan(&total, &unique); err != nil {
		t.Fatal(err)
	}
	if total != 400 || unique != 1 {
		t.Errorf("400 clicks of one visitor on one link: rolled up as %d clicks, %d unique; want 400 and 1", total, unique)
	}
}
