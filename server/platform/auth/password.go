// Package auth holds passwords, session tokens and the authenticated user of a request.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// MinPasswordLength is the shortest password accepted anywhere.
const MinPasswordLength = 8

// argon2id parameters: OWASP's second recommended set (19 MiB, 2 passes, 1 lane).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Slots bound the argon2id computations running at once: each holds 19 MiB, and a burst must
// queue instead of exhausting memory. A pool of its own keeps one kind of work (changing a
// password or an email) from making everyone's sign-in wait.
type Slots chan struct{}

// NewSlots makes a pool of n slots.
func NewSlots(n int) Slots { return make(Slots, max(n, 1)) }

// signInSlots is the pool of sign-ins, sign-ups and resets.
var signInSlots = NewSlots(2 * runtime.GOMAXPROCS(0))

// run runs f once a slot is free, or gives up when ctx ends first.
func (sl Slots) run(ctx context.Context, f func()) error {
	select {
	case sl <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-sl }()
	f()
	return nil
}

// HashPassword returns an argon2id hash in the PHC string format, in the sign-in pool.
func HashPassword(ctx context.Context, password string) (string, error) {
	return signInSlots.Hash(ctx, password)
}

// CheckPassword reports whether password matches a hash made by HashPassword, in the sign-in pool.
func CheckPassword(ctx context.Context, hash, password string) (bool, error) {
	return signInSlots.Check(ctx, hash, password)
}

// CheckPasswordTiming is CheckTiming in the sign-in pool.
func CheckPasswordTiming(ctx context.Context, hash, password string) (bool, error) {
	return signInSlots.CheckTiming(ctx, hash, password)
}

// Hash returns an argon2id hash in the PHC string format, computed in one of the pool's slots.
func (sl Slots) Hash(ctx context.Context, password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	var key []byte
	if err := sl.run(ctx, func() {
		key = argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	}); err != nil {
		return "", err
	}
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemory, argonTime, argonThreads, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// Check reports whether password matches a hash made by Hash, computed in one of the pool's slots.
func (sl Slots) Check(ctx context.Context, hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("auth: unknown password hash format")
	}
	var version int
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errors.New("auth: unsupported argon2 version")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false, fmt.Errorf("auth: bad argon2 parameters: %w", err)
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	// HashPassword always makes argonKeyLen-byte keys; an empty one would match any password.
	if len(want) != argonKeyLen {
		return false, errors.New("auth: bad argon2 key length")
	}
	var got []byte
	if err := sl.run(ctx, func() {
		got = argon2.IDKey([]byte(password), salt, time, memory, threads, argonKeyLen)
	}); err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when an email is unknown, so a login takes as long either way.
var dummyHash, _ = HashPassword(context.Background(), "not-a-real-password")

// CheckTiming compares against a dummy hash when hash is empty, keeping timing even.
// Its error is only ever ctx's: a caller that gave up waiting for a free slot.
func (sl Slots) CheckTiming(ctx context.Context, hash, password string) (bool, error) {
	if hash == "" {
		_, err := sl.Check(ctx, dummyHash, password)
		return false, ctxErr(ctx, err)
	}
	ok, err := sl.Check(ctx, hash, password)
	if err != nil {
		return false, ctxErr(ctx, err)
	}
	return ok, nil
}

// ctxErr keeps the context's error and drops a malformed stored hash's (which is a mismatch).
func ctxErr(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}
