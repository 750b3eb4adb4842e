// Package jobs runs the platform's background work as durable jobs in PostgreSQL, through River
// (github.com/riverqueue/river): a job is a row in river_job, written by the same transaction as
// the change that causes it, worked after commit, retried with backoff when it fails, and never lost
// when a process stops. River's tables come through our migrations (db/migrations/000032_river_jobs).
//
// How to use it:
//
//   - A kind of job is its arguments (a struct with a Kind() string method, JSON-encoded into the
//     row) and its worker (a river.Worker of those arguments, usually embedding
//     river.WorkerDefaults). Register the worker once, where the App is built (server/jobs.go,
//     registerJobs), with jobs.Register(runner, worker), before the runner starts.
//   - Domain code enqueues in its own pgx transaction with Runner.InsertTx(ctx, tx, args, opts): if
//     the transaction rolls back, the job never existed. A service takes a jobs.Inserter (which
//     *Runner is) so that tests can hand it the App's runner.
//   - Work that repeats is a periodic job: Runner.Periodic(every, args, runOnStart). Only the
//     elected leader among the processes inserts it, and each is unique per period, so several
//     processes never run one period twice.
//   - Work a tenant can cause in bulk (a brand's webhook deliveries) runs in a queue of its own
//     (Config.Queues; its args' InsertOpts name it), so the platform's own jobs and mail never wait
//     behind it, and its worker can bound one tenant's share of that queue with Runner.Ahead.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/openaffiliate/platform/gen/queries"
)

// Config sizes the job runner; FromEnv reads it from the environment.
type Config struct {
	// Workers is how many jobs of the default queue run at once in this process (JOBS_WORKERS, 10).
	Workers int
	// Queues are the queues besides the default one, each with how many of its jobs run at once
	// in this process (JOBS_WEBHOOK_WORKERS for the webhook deliveries' queue).
	Queues map[string]int
	// StopTimeout is how long a stopping process waits for the running jobs to finish before it
	// cancels them (JOBS_STOP_TIMEOUT, 30s); a cancelled job is retried by another process later.
	StopTimeout time.Duration
	// RetryPolicy chooses when a failed job runs again; nil is River's (attempt^4 seconds, with
	// jitter: about 1 s, 16 s, 81 s... for 25 attempts). Tests set a short one.
	RetryPolicy river.ClientRetryPolicy
	// FetchPoll is how often an idle runner looks for jobs besides the notifications River listens
	// to; zero is River's default. Tests set a short one.
	FetchPoll time.Duration
	// Logger receives River's own log lines; nil is slog.Default().
	Logger *slog.Logger
}

// Defaults for Config.
const (
	DefaultWorkers     = 10
	DefaultStopTimeout = 30 * time.Second
)

// Inserter enqueues a job in the caller's transaction. *Runner is one.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error
}

// Runner is the process's River client with its registered workers.
type Runner struct {
	pool        *pgxpool.Pool
	client      *river.Client[pgx.Tx]
	workers     *river.Workers
	stopTimeout time.Duration
	periodicIDs map[string]bool
}

// New builds the runner on the pool. Register the workers and periodic jobs, then Start it.
func New(pool *pgxpool.Pool, cfg Config) (*Runner, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.StopTimeout <= 0 {
		cfg.StopTimeout = DefaultStopTimeout
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	workers := river.NewWorkers()
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Workers}}
	for name, n := range cfg.Queues {
		if name == river.QueueDefault || n <= 0 {
			return nil, fmt.Errorf("jobs: queue %q needs a name of its own and at least one worker, got %d", name, n)
		}
		queues[name] = river.QueueConfig{MaxWorkers: n}
	}
	rc := &river.Config{
		Queues:      queues,
		Workers:     workers,
		RetryPolicy: cfg.RetryPolicy,
		Logger:      logger,
	}
	if cfg.FetchPoll > 0 {
		rc.FetchCooldown = min(cfg.FetchPoll, 100*time.Millisecond)
		rc.FetchPollInterval = cfg.FetchPoll
	}
	client, err := river.NewClient(riverpgxv5.New(pool), rc)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return &Runner{pool: pool, client: client, workers: workers, stopTimeout: cfg.StopTimeout, periodicIDs: map[string]bool{}}, nil
}

// Register adds the worker of one kind of job. Call it before Start, once per kind.
func Register[T river.JobArgs](r *Runner, w river.Worker[T]) {
	river.AddWorker(r.workers, w)
}

// Periodic inserts args every interval, unique per period (one job per interval, however many
// processes run); runOnStart also inserts one when the runner starts (still one per period).
// Its worker must be registered.
func (r *Runner) Periodic(every time.Duration, args river.JobArgs, runOnStart bool) {
	id := args.Kind()
	if r.periodicIDs[id] {
		panic("jobs: periodic job " + id + " added twice")
	}
	r.periodicIDs[id] = true
	r.client.PeriodicJobs().Add(river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) {
			return args, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: every}}
		},
		&river.PeriodicJobOpts{ID: id, RunOnStart: runOnStart}))
}

// InsertTx enqueues a job in tx: it exists, and runs, only if tx commits. opts may be nil
// (UniqueOpts there make a job unique by its arguments, period or state).
func (r *Runner) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := r.client.InsertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// Ahead counts the jobs of job's kind whose arguments hold match (such as {"brand_id": "..."})
// that run now and started before job, at most window before it (one started earlier is stuck in
// a process that stopped, not working). A worker that lets at most n such jobs work at once snoozes
// the job when n or more are ahead: ordered by when they started, the earliest always go ahead,
// and two that check at once never both pass for each other. Jobs just finished or snoozed may
// still count for a moment, which only makes the bound stricter.
func (r *Runner) Ahead(ctx context.Context, job *rivertype.JobRow, match any, window time.Duration) (int, error) {
	if job.AttemptedAt == nil {
		return 0, nil
	}
	m, err := json.Marshal(match)
	if err != nil {
		return 0, err
	}
	n, err := queries.New().RunningJobsAhead(ctx, r.pool, queries.RunningJobsAheadParams{
		Kind: job.Kind, Match: m, Since: job.AttemptedAt.Add(-window), AttemptedAt: *job.AttemptedAt, ID: job.ID,
	})
	return int(n), err
}

// Client is the River client, for what Runner does not wrap (listing jobs, cancelling one).
func (r *Runner) Client() *river.Client[pgx.Tx] { return r.client }

// Start works jobs until Stop; ctx bounds only the start.
func (r *Runner) Start(ctx context.Context) error {
	if err := r.client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	return nil
}

// Stop takes no new job and waits up to the stop timeout for the running ones to finish, then
// cancels what still runs (River puts it back to be retried) and waits for that.
func (r *Runner) Stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), r.stopTimeout)
	defer cancel()
	err := r.client.Stop(ctx)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	slog.Warn("jobs still running at the stop timeout: cancelling them", "timeout", r.stopTimeout)
	hard, cancelHard := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelHard()
	return r.client.StopAndCancel(hard)
}

// FixedRetry retries a failed job after the same delay every time: for tests.
type FixedRetry time.Duration

// NextRetry implements river.ClientRetryPolicy.
func (d FixedRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(time.Duration(d)) }
