package server

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/domain/webhooks"
	"github.com/openaffiliate/platform/server/platform/jobs"
)

// registerJobs is the one place where the platform's kinds of background job get their workers,
// and where the work that repeats is scheduled (server/platform/jobs says how to add one). It runs
// once in newApp, before the runner starts in Serve.
func registerJobs(a *App) {
	jobs.Register(a.Jobs, &confirmHeldWorker{app: a})
	jobs.Register(a.Jobs, &recheckDomainsWorker{app: a})
	jobs.Register(a.Jobs, &cleanupWorker{app: a})
	jobs.Register(a.Jobs, webhooks.NewDeliverer(a.Webhooks, a.Jobs))
	jobs.Register(a.Jobs, &email.DigestWorker{Service: a.Email, Now: time.Now})

	// Every minute, and once at start-up, the holding periods that passed are released.
	a.Jobs.Periodic(time.Minute, confirmHeldArgs{}, true)
	// Every DomainRecheck (a day by default), the first time one interval after start-up.
	a.Jobs.Periodic(a.Config.DomainRecheck, recheckDomainsArgs{}, false)
	// Every ten minutes, and once at start-up.
	a.Jobs.Periodic(10*time.Minute, cleanupArgs{}, true)
	// Every hour, and at start-up, yesterday's commission digests are queued (each once).
	if a.Email.Enabled() {
		a.Jobs.Periodic(time.Hour, email.DigestArgs{}, true)
	}
}

// registerMailJobs registers the workers that send mail (and find a password reset request's
// account) as soon as the services exist, before anything in newApp (the dev seed's sign-ups) can
// queue a mail: River refuses to insert a kind it has no worker for.
func registerMailJobs(r *jobs.Runner, mail *email.Service, accts *accounts.Service) {
	jobs.Register(r, &email.SendWorker{Service: mail})
	jobs.Register(r, &accounts.ResetRequestWorker{Service: accts})
}

// confirmHeldArgs: confirm the clean pending conversions whose campaign's holding period has passed.
type confirmHeldArgs struct{}

func (confirmHeldArgs) Kind() string { return "conversions.confirm_held" }

// InsertOpts: a periodic job that fails is tried again a few times; the next period comes anyway.
func (confirmHeldArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

type confirmHeldWorker struct {
	river.WorkerDefaults[confirmHeldArgs]
	app *App
}

// confirmHeldBatch is how many conversions one statement confirms; each batch skips the rows
// another process holds.
const confirmHeldBatch = 500

// Work confirms in batches until a batch comes back short.
func (w *confirmHeldWorker) Work(ctx context.Context, _ *river.Job[confirmHeldArgs]) error {
	total := 0
	for {
		n, err := w.app.Conversions.ConfirmHeld(ctx, confirmHeldBatch)
		total += n
		if err != nil {
			if total > 0 {
				slog.Info("held conversions confirmed", "count", total)
			}
			return err
		}
		if n < confirmHeldBatch {
			break
		}
	}
	if total > 0 {
		slog.Info("held conversions confirmed", "count", total)
	}
	return nil
}

// Timeout: a backlog of many batches may take longer than River's default minute.
func (w *confirmHeldWorker) Timeout(*river.Job[confirmHeldArgs]) time.Duration {
	return 10 * time.Minute
}

// recheckDomainsArgs: check every verified tracking domain's DNS records again.
type recheckDomainsArgs struct{}

func (recheckDomainsArgs) Kind() string { return "trackingdomains.recheck" }

func (recheckDomainsArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

type recheckDomainsWorker struct {
	river.WorkerDefaults[recheckDomainsArgs]
	app *App
}

func (w *recheckDomainsWorker) Work(ctx context.Context, _ *river.Job[recheckDomainsArgs]) error {
	return w.app.RecheckTrackingDomains(ctx)
}

// Timeout: one DNS look-up per verified domain, which may be many.
func (w *recheckDomainsWorker) Timeout(*river.Job[recheckDomainsArgs]) time.Duration {
	return 30 * time.Minute
}

// cleanupArgs: delete expired revoked tokens, old attempt records and idempotency keys.
type cleanupArgs struct{}

func (cleanupArgs) Kind() string { return "platform.cleanup" }

func (cleanupArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

type cleanupWorker struct {
	river.WorkerDefaults[cleanupArgs]
	app *App
}

// Work runs both cleanups; either failing fails the job (and both run again on its retry, harmlessly).
func (w *cleanupWorker) Work(ctx context.Context, _ *river.Job[cleanupArgs]) error {
	accountsErr := w.app.Accounts.Cleanup(ctx)
	if err := w.app.Replays.Cleanup(ctx); err != nil {
		return err
	}
	return accountsErr
}
