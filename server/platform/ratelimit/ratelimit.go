// Package ratelimit bounds how often one key (a brand, say) may do an action within a window,
// counted in the database (rate_limit_hits) so that every process shares the count.
package ratelimit

import (
	"context"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Limit is at most Max attempts of Action per key within Window.
type Limit struct {
	Action string
	Max    int
	Window time.Duration
}

// Admit counts one attempt by key at now, in its own transaction so that the attempt counts even
// when the work it admits then fails; past the limit it counts nothing and answers 429 with
// message and the seconds until the oldest counted attempt leaves the window. The key is locked
// while it counts, so a burst cannot all pass a count none of it has added to yet.
func (l Limit) Admit(ctx context.Context, pool *pgxpool.Pool, key string, now time.Time, message string) error {
	q := queries.New()
	since := now.Add(-l.Window)
	return dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := q.LockRateLimitKey(ctx, tx, queries.LockRateLimitKeyParams{Action: l.Action, Key: key}); err != nil {
			return err
		}
		c, err := q.CountRateLimitHits(ctx, tx, queries.CountRateLimitHitsParams{Action: l.Action, Key: key, Since: since})
		if err != nil {
			return err
		}
		if int(c.Hits) >= l.Max {
			return apierror.RateLimited(message, int(math.Ceil(c.Oldest.Add(l.Window).Sub(now).Seconds())))
		}
		_, err = q.RecordRateLimitHit(ctx, tx, queries.RecordRateLimitHitParams{Action: l.Action, Key: key, CreatedAt: now})
		return err
	})
}
