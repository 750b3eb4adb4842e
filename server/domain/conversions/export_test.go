package conversions

import (
	"context"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/queries"
)

// BeforeCommit makes every group run f before its commit (nil: none); an error of f fails the
// group's transaction as a failed commit would.
func (s *Service) BeforeCommit(f func(context.Context) error) {
	s.group.mu.Lock()
	s.group.beforeCommit = f
	s.group.mu.Unlock()
}

// StoreWith stores an order with a record of the test's in the next group, as Ingest does with its own.
func (s *Service) StoreWith(ctx context.Context, brandID uuid.UUID, orderID string, record func(queries.DBTX) (Conversion, bool, error)) (Conversion, bool, error) {
	return s.storeOrder(ctx, brandID, orderID, orderLocks{}, record)
}

// WithDefaults is o with what is unset given its default, as SetGroups gives it.
func (o GroupOptions) WithDefaults() GroupOptions { return o.withDefaults() }

// CommittersFor is the default number of committers on procs cores.
func CommittersFor(procs int) int { return committersFor(procs) }
