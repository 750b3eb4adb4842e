package auth

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A pool whose slots are all taken holds up only its own work: the sign-in pool still checks at
// once (changing a password or an email hashes in a pool of its own).
func TestSlotsAreIndependent(t *testing.T) {
	busy := NewSlots(1)
	started, hold := make(chan struct{}), make(chan struct{})
	go func() { _ = busy.run(context.Background(), func() { close(started); <-hold }) }()
	<-started
	defer close(hold)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := busy.Check(ctx, dummyHash, "guess"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a full pool answered %v, want it to wait", err)
	}
	ok, err := CheckPassword(context.Background(), dummyHash, "not-a-real-password")
	if err != nil || !ok {
		t.Errorf("the sign-in pool: %v %v", ok, err)
	}
}
