// Package catalogue is brands, their domains and API keys, affiliates, campaigns and the
// applications that join them, with each caller's tenancy enforced on every query.
package catalogue

import (
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
)

// Service runs catalogue operations on one database.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	now       func() time.Time
	publicURL string

	// OnCampaignChange runs after a campaign or an affiliate's membership of it changes or goes,
	// so caches of campaign state refresh.
	OnCampaignChange func()
}

func (s *Service) campaignChanged() {
	if s.OnCampaignChange != nil {
		s.OnCampaignChange()
	}
}

// New makes the service; publicURL is the base of tracking and webhook addresses.
func New(pool *pgxpool.Pool, now func() time.Time, publicURL string) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, publicURL: publicURL}
}

func nonEmpty(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	return &s
}
