package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/tenancy"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) { servertest.MainWithPool(m, "jobs", nil, &pool) }

// newRunner builds a runner with quick polling and a short fixed retry, stopped and its jobs
// deleted when the test ends (so the next test's runner meets no kind it does not know).
func newRunner(t *testing.T, cfg jobs.Config, register func(*jobs.Runner)) *jobs.Runner {
	t.Helper()
	if cfg.RetryPolicy == nil {
		cfg.RetryPolicy = jobs.FixedRetry(100 * time.Millisecond)
	}
	cfg.FetchPoll = 50 * time.Millisecond
	r, err := jobs.New(pool, cfg)
	if err != nil {
		t.Fatal(err)
	}
	register(r)
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Errorf("stop: %v", err)
		}
		if _, err := pool.Exec(context.Background(), `DELETE FROM river_job`); err != nil {
			t.Error(err)
		}
	})
	return r
}

// eventually waits up to 10 s for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	// Generous: River elects the leader that enqueues periodic jobs every few seconds, later on a busy machine.
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type recordArgs struct{ Name string }

func (recordArgs) Kind() string { return "test.record" }

type recordWorker struct {
	river.WorkerDefaults[recordArgs]
	mu  sync.Mutex
	ran []string
}

func (w *recordWorker) Work(_ context.Context, j *river.Job[recordArgs]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ran = append(w.ran, j.Args.Name)
	return nil
}

func (w *recordWorker) names() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.ran...)
}

// A job inserted in a transaction that rolls back never exists, so never runs; one inserted in a
// transaction that commits runs once.
func TestJobInRolledBackTransactionNeverRuns(t *testing.T) {
	ctx := context.Background()
	w := &recordWorker{}
	r := newRunner(t, jobs.Config{}, func(r *jobs.Runner) { jobs.Register(r, w) })

	insert := func(name string, commit bool) {
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = tx.Rollback(ctx) }() // after Commit, a no-op
		if err := r.InsertTx(ctx, tx, recordArgs{Name: name}, nil); err != nil {
			t.Fatal(err)
		}
		if commit {
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	insert("rolled back", false)
	insert("committed", true)
	eventually(t, "the committed job runs", func() bool { return len(w.names()) > 0 })
	time.Sleep(300 * time.Millisecond) // several polls: the rolled-back one would have run by now
	if got := w.names(); len(got) != 1 || got[0] != "committed" {
		t.Errorf("ran %q, want only the committed job", got)
	}
	var rows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE args->>'Name' = 'rolled back'`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 0 {
		t.Errorf("%d rows of the rolled-back job", rows)
	}
}

type flakyArgs struct{}

func (flakyArgs) Kind() string { return "test.flaky" }

type flakyWorker struct {
	river.WorkerDefaults[flakyArgs]
	attempts, succeeded atomic.Int32
}

// Work fails its first two attempts and succeeds on the third.
func (w *flakyWorker) Work(context.Context, *river.Job[flakyArgs]) error {
	if w.attempts.Add(1) < 3 {
		return errors.New("the receiver is down")
	}
	w.succeeded.Add(1)
	return nil
}

// A failing job is retried after the policy's delay, succeeds once, and is not run again; the
// host's counts show it retrying with its error, then completed.
func TestFailingJobIsRetriedThenSucceedsOnce(t *testing.T) {
	ctx := context.Background()
	w := &flakyWorker{}
	r := newRunner(t, jobs.Config{RetryPolicy: jobs.FixedRetry(300 * time.Millisecond)}, func(r *jobs.Runner) { jobs.Register(r, w) })
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.InsertTx(ctx, tx, flakyArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	host, ok := tenancy.Of(auth.User{ID: uuid.New(), AccountType: auth.RoleHost}).AsHost()
	if !ok {
		t.Fatal("no host scope")
	}
	eventually(t, "the first attempt fails", func() bool { return w.attempts.Load() >= 1 })
	eventually(t, "the host sees it retrying with its error", func() bool {
		stats, err := r.Stats(ctx, host)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range stats {
			if k.Kind == "test.flaky" && k.States["retryable"]+k.States["available"]+k.States["running"] == 1 &&
				k.LastError == "the receiver is down" && k.LastErrorAttempt >= 1 && k.LastErrorAt != nil {
				return true
			}
		}
		return false
	})
	eventually(t, "it succeeds", func() bool { return w.succeeded.Load() == 1 })
	time.Sleep(500 * time.Millisecond) // more than a retry delay: a second success would show
	if a, s := w.attempts.Load(), w.succeeded.Load(); a != 3 || s != 1 {
		t.Errorf("%d attempts and %d successes, want 3 and 1", a, s)
	}
	eventually(t, "the host sees it completed", func() bool {
		stats, err := r.Stats(ctx, host)
		if err != nil {
			t.Fatal(err)
		}
		return len(stats) == 1 && stats[0].States["completed"] == 1 && len(stats[0].States) == 1 && stats[0].LastError == "the receiver is down"
	})
	if _, err := r.Stats(ctx, tenancy.HostScope{}); err == nil {
		t.Error("the zero HostScope read the job counts")
	}
}

type tickArgs struct{}

func (tickArgs) Kind() string { return "test.tick" }

type tickWorker struct {
	river.WorkerDefaults[tickArgs]
	runs atomic.Int32
}

func (w *tickWorker) Work(context.Context, *river.Job[tickArgs]) error {
	w.runs.Add(1)
	return nil
}

// A periodic job runs at start-up and then every interval.
func TestPeriodicJobRuns(t *testing.T) {
	w := &tickWorker{}
	newRunner(t, jobs.Config{}, func(r *jobs.Runner) {
		jobs.Register(r, w)
		r.Periodic(time.Second, tickArgs{}, true)
	})
	eventually(t, "it runs at start-up and again after its interval", func() bool { return w.runs.Load() >= 2 })
}

type slowArgs struct{}

func (slowArgs) Kind() string { return "test.slow" }

type slowWorker struct {
	river.WorkerDefaults[slowArgs]
	started   chan struct{}
	finished  atomic.Bool
	cancelled atomic.Bool
	hold      time.Duration
}

func (w *slowWorker) Work(ctx context.Context, _ *river.Job[slowArgs]) error {
	close(w.started)
	select {
	case <-time.After(w.hold):
		w.finished.Store(true)
		return nil
	case <-ctx.Done():
		w.cancelled.Store(true)
		return ctx.Err()
	}
}

// Stop lets a running job finish within the stop timeout; past it, the job is cancelled (and left
// available for the next process) and Stop returns.
func TestGracefulStop(t *testing.T) {
	for _, c := range []struct {
		name          string
		hold, timeout time.Duration
		finished      bool
		state         string
	}{
		{"finishes within the timeout", 700 * time.Millisecond, 10 * time.Second, true, "completed"},
		{"cancelled past the timeout", time.Hour, time.Second, false, "available"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			w := &slowWorker{started: make(chan struct{}), hold: c.hold}
			r, err := jobs.New(pool, jobs.Config{StopTimeout: c.timeout, FetchPoll: 50 * time.Millisecond, RetryPolicy: jobs.FixedRetry(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			jobs.Register(r, w)
			if err := r.Start(ctx); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _, _ = pool.Exec(context.Background(), `DELETE FROM river_job`) })
			tx, err := pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.InsertTx(ctx, tx, slowArgs{}, nil); err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			select {
			case <-w.started:
			case <-time.After(10 * time.Second):
				t.Fatal("the job did not start")
			}
			start := time.Now()
			if err := r.Stop(); err != nil {
				t.Fatalf("stop: %v", err)
			}
			took := time.Since(start)
			if w.finished.Load() != c.finished || w.cancelled.Load() == c.finished {
				t.Errorf("finished %v, cancelled %v; want finished %v", w.finished.Load(), w.cancelled.Load(), c.finished)
			}
			if took > c.timeout+5*time.Second {
				t.Errorf("stop took %s with a %s timeout", took, c.timeout)
			}
			var state string
			if err := pool.QueryRow(ctx, `SELECT state::text FROM river_job WHERE kind = 'test.slow'`).Scan(&state); err != nil {
				t.Fatal(err)
			}
			if state != c.state {
				t.Errorf("job left %s, want %s", state, c.state)
			}
		})
	}
}

// Our migration 000032 holds River's own migrations for the version in go.mod: the file has each
// version's SQL in order, River finds nothing pending, and the schema it made is the one
// rivermigrate makes in an empty database.
func TestRiverMigrationMatchesModule(t *testing.T) {
	ctx := context.Background()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		t.Fatal(err)
	}
	up, err := os.ReadFile("../../../db/migrations/000032_river_jobs.up.sql")
	if err != nil {
		t.Fatal(err)
	}
	down, err := os.ReadFile("../../../db/migrations/000032_river_jobs.down.sql")
	if err != nil {
		t.Fatal(err)
	}
	restUp, restDown := string(up), string(down)
	versions := migrator.AllVersions()
	for i, v := range versions {
		sql := strings.TrimSpace(strings.ReplaceAll(v.SQLUp, "/* TEMPLATE: schema */", ""))
		at := strings.Index(restUp, sql)
		if at < 0 {
			t.Errorf("River's migration %03d (%s) is not in 000032_river_jobs.up.sql in order: add the new versions in a new migration", v.Version, v.Name)
			continue
		}
		restUp = restUp[at+len(sql):]
		d := versions[len(versions)-1-i]
		sql = strings.TrimSpace(strings.ReplaceAll(d.SQLDown, "/* TEMPLATE: schema */", ""))
		if at = strings.Index(restDown, sql); at < 0 {
			t.Errorf("River's down migration %03d is not in 000032_river_jobs.down.sql in order", d.Version)
			continue
		}
		restDown = restDown[at+len(sql):]
	}
	res, err := migrator.Validate(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK {
		t.Errorf("River sees migrations pending after ours: %v", res.Messages)
	}

	// The same schema as rivermigrate's in a database of its own.
	url, drop, err := servertest.CreateDatabase(ctx, "jobsriver")
	if err != nil {
		t.Fatal(err)
	}
	defer drop()
	other, err := server.OpenPool(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	otherMigrator, err := rivermigrate.New(riverpgxv5.New(other), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := otherMigrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		t.Fatal(err)
	}
	ours, theirs := riverSchema(t, pool), riverSchema(t, other)
	if ours != theirs {
		t.Errorf("River's schema after our migrations differs from rivermigrate's:\nours:\n%s\nrivermigrate's:\n%s", ours, theirs)
	}
}

// riverSchema describes River's tables, columns, indexes, constraints, types, functions and
// triggers, and the recorded migration versions, as text.
func riverSchema(t *testing.T, p *pgxpool.Pool) string {
	t.Helper()
	var out strings.Builder
	for _, q := range []string{
		`SELECT c.relname || ' ' || c.relkind::text || ' ' || c.relpersistence::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		  WHERE n.nspname = 'public' AND c.relname LIKE 'river%' AND c.relkind IN ('r', 'S') ORDER BY 1`,
		`SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || udt_name || ' ' || is_nullable || ' ' || coalesce(column_default, '')
		   FROM information_schema.columns WHERE table_schema = 'public' AND table_name LIKE 'river%' ORDER BY table_name, ordinal_position`,
		`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename LIKE 'river%' ORDER BY indexname`,
		`SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
		  WHERE conrelid::regclass::text LIKE 'river%' ORDER BY 1`,
		`SELECT t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
		  WHERE t.typname LIKE 'river%' GROUP BY t.typname ORDER BY 1`,
		`SELECT p.proname || ' ' || md5(p.prosrc) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
		  WHERE n.nspname = 'public' AND p.proname LIKE 'river%' ORDER BY 1`,
		`SELECT tgrelid::regclass || ' ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text LIKE 'river%' ORDER BY 1`,
		`SELECT line || ' ' || version FROM river_migration ORDER BY line, version`,
	} {
		rows, err := p.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&out, s)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out.String()
}

// Two processes with the same periodic job run each period once between them, not once each.
func TestPeriodicJobRunsOncePerPeriodAcrossProcesses(t *testing.T) {
	w1, w2 := &tickWorker{}, &tickWorker{}
	start := time.Now()
	newRunner(t, jobs.Config{}, func(r *jobs.Runner) {
		jobs.Register(r, w1)
		r.Periodic(time.Second, tickArgs{}, true)
	})
	newRunner(t, jobs.Config{}, func(r *jobs.Runner) {
		jobs.Register(r, w2)
		r.Periodic(time.Second, tickArgs{}, true)
	})
	eventually(t, "three periods run", func() bool { return w1.runs.Load()+w2.runs.Load() >= 3 })
	time.Sleep(500 * time.Millisecond)
	runs, periods := int64(w1.runs.Load()+w2.runs.Load()), int64(time.Since(start)/time.Second)+1
	if runs > periods {
		t.Errorf("%d runs in %d periods (%d and %d): a period ran twice", runs, periods, w1.runs.Load(), w2.runs.Load())
	}
}

// shareArgs is a job of one key (a tenant) that holds a worker for a while.
type shareArgs struct{ Key string }

func (shareArgs) Kind() string { return "test.share" }

func (shareArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: "shared"} }

// shareWorker lets at most one job of a key work at once (Runner.Ahead), snoozing the others,
// and records how many of each key worked at once.
type shareWorker struct {
	river.WorkerDefaults[shareArgs]
	runner  *jobs.Runner
	mu      sync.Mutex
	working map[string]int
	most    map[string]int
	done    atomic.Int32
}

func (w *shareWorker) Work(ctx context.Context, j *river.Job[shareArgs]) error {
	ahead, err := w.runner.Ahead(ctx, j.JobRow, map[string]string{"Key": j.Args.Key}, time.Minute)
	if err != nil {
		return err
	}
	if ahead >= 1 {
		return river.JobSnooze(50 * time.Millisecond)
	}
	w.mu.Lock()
	w.working[j.Args.Key]++
	w.most[j.Args.Key] = max(w.most[j.Args.Key], w.working[j.Args.Key])
	w.mu.Unlock()
	time.Sleep(150 * time.Millisecond)
	w.mu.Lock()
	w.working[j.Args.Key]--
	w.mu.Unlock()
	w.done.Add(1)
	return nil
}

// blockArgs holds a default-queue worker until released.
type blockArgs struct{}

func (blockArgs) Kind() string { return "test.block" }

type blockWorker struct {
	river.WorkerDefaults[blockArgs]
	started chan struct{}
	release chan struct{}
}

func (w *blockWorker) Work(context.Context, *river.Job[blockArgs]) error {
	w.started <- struct{}{}
	<-w.release
	return nil
}

// A queue of its own runs its jobs while the default queue's workers are all busy; with Ahead,
// a key's jobs work one at a time (the others snoozed, not failed) while another key's go on.
func TestQueuesAndOneKeysShare(t *testing.T) {
	ctx := context.Background()
	block := &blockWorker{started: make(chan struct{}, 1), release: make(chan struct{})}
	share := &shareWorker{working: map[string]int{}, most: map[string]int{}}
	r := newRunner(t, jobs.Config{Workers: 1, Queues: map[string]int{"shared": 3}}, func(r *jobs.Runner) {
		jobs.Register(r, block)
		jobs.Register(r, share)
		share.runner = r
	})
	defer close(block.release)
	insert := func(args ...river.JobArgs) {
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = tx.Rollback(ctx) }()
		for _, a := range args {
			if err := r.InsertTx(ctx, tx, a, nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	insert(blockArgs{})
	select {
	case <-block.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the default queue's job did not start")
	}
	insert(shareArgs{Key: "a"}, shareArgs{Key: "a"}, shareArgs{Key: "a"}, shareArgs{Key: "a"}, shareArgs{Key: "b"})
	eventually(t, "the shared queue's jobs all work, though the default queue is full", func() bool { return share.done.Load() == 5 })
	share.mu.Lock()
	defer share.mu.Unlock()
	if share.most["a"] != 1 || share.most["b"] != 1 {
		t.Errorf("at most %d of key a and %d of key b worked at once, want 1 each", share.most["a"], share.most["b"])
	}
	var attempts, snoozed int
	eventually(t, "the jobs are recorded completed", func() bool {
		if err := pool.QueryRow(ctx, `SELECT coalesce(sum(attempt), 0), count(*) FILTER (WHERE metadata ? 'snoozes') FROM river_job
			WHERE kind = 'test.share' AND state = 'completed'`).Scan(&attempts, &snoozed); err != nil {
			t.Fatal(err)
		}
		return attempts >= 5
	})
	if attempts != 5 || snoozed == 0 {
		t.Errorf("%d attempts (%d jobs snoozed), want one attempt each and some snoozed", attempts, snoozed)
	}
	if _, err := jobs.New(pool, jobs.Config{Queues: map[string]int{"shared": 0}}); err == nil {
		t.Error("a queue without workers was accepted")
	}
}
