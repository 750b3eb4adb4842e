package jobs

import (
	"context"
	"time"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// KindStats is one kind of job: how many are in each River state (available, scheduled, running,
// retryable, completed, discarded, cancelled, pending; states without jobs are left out) and the
// latest error any of its jobs recorded.
type KindStats struct {
	Kind   string
	States map[string]int64
	// LastError is empty when no job of the kind kept an error; River keeps completed jobs a day
	// and discarded or cancelled ones a week.
	LastError   string
	LastErrorAt *time.Time
	// LastErrorAttempt is the attempt that failed with LastError (1 for the first).
	LastErrorAttempt int
}

// Stats counts the jobs per kind and state, with each kind's latest error, in the order of the
// kinds' names: the host's view of failed and retrying background work.
func (r *Runner) Stats(ctx context.Context, h tenancy.HostScope) ([]KindStats, error) {
	if err := h.Check(); err != nil {
		return nil, err
	}
	q := queries.New()
	counts, err := q.JobCounts(ctx, r.pool)
	if err != nil {
		return nil, err
	}
	errs, err := q.JobLastErrors(ctx, r.pool)
	if err != nil {
		return nil, err
	}
	var out []KindStats
	index := map[string]int{}
	at := func(kind string) *KindStats {
		i, ok := index[kind]
		if !ok {
			i = len(out)
			index[kind] = i
			out = append(out, KindStats{Kind: kind, States: map[string]int64{}})
		}
		return &out[i]
	}
	for _, c := range counts {
		at(c.Kind).States[c.State] = c.Jobs
	}
	for _, e := range errs {
		k := at(e.Kind)
		k.LastError, k.LastErrorAt, k.LastErrorAttempt = e.Error, e.AttemptedAt, int(e.Attempt)
	}
	return out, nil
}
