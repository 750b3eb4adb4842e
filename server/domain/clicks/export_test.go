package clicks

import (
	"context"
	"errors"
	"sync/atomic"
)

// Writers answers how many writers a recorder runs.
func Writers(r *Recorder) int { return len(r.shards) }

// FailWrites makes one writer's COPY fail its next n attempts (before reaching the database);
// it answers how many attempts failed so far.
func FailWrites(r *Recorder, writer int, n int64) *atomic.Int64 {
	s := r.shards[writer]
	failed := new(atomic.Int64)
	left := new(atomic.Int64)
	left.Store(n)
	store := s.copyBatch
	s.copy = func(ctx context.Context, batch []Click) error {
		if left.Add(-1) >= 0 {
			failed.Add(1)
			return errors.New("clicks test: the database refuses this writer")
		}
		return store(ctx, batch)
	}
	return failed
}
