package catalogue

import (
	"context"

	"github.com/openaffiliate/platform/gen/queries"
)

// Counts are how many of each entity the platform holds.
type Counts = queries.CountEntitiesRow

// Summary counts every entity (host only).
func (s *Service) Summary(ctx context.Context) (Counts, error) {
	return s.q.CountEntities(ctx, s.pool)
}
