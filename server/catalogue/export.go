package catalogue

import (
	"context"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/tenancy"
)

// Counts are how many of each entity the platform holds.
type Counts = queries.CountEntitiesRow

// Summary counts every entity (host only).
func (s *Service) Summary(ctx context.Context, h tenancy.HostScope) (Counts, error) {
	if err := h.Check(); err != nil {
		return Counts{}, err
	}
	return s.q.CountEntities(ctx, s.pool)
}
