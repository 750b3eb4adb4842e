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
