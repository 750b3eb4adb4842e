// Package catalogue is brands, their domains and API keys, affiliates, campaigns and the
// applications that join them, with each caller's tenancy enforced on every query.
package catalogue

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/change"
)

// Service runs catalogue operations on one database.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	now       func() time.Time
	publicURL string
	changes   *change.Bus
}

// campaignChanged tells the caches of campaign state (the redirect's links) that a campaign or an
// affiliate's membership of it changed or went.
func (s *Service) campaignChanged(ctx context.Context) {
	s.changes.Publish(ctx, change.Event{Kind: change.Campaigns})
}

// New makes the service; publicURL is the base of tracking and webhook addresses.
func New(pool *pgxpool.Pool, now func() time.Time, publicURL string) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, publicURL: publicURL, changes: change.Of(pool)}
}

func nonEmpty(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	return &s
}
