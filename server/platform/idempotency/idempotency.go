// Package idempotency stores the first answer to a data-changing request per caller and
// Idempotency-Key for 24 hours, so a retried request is answered from the store instead of
// running twice (the way Stripe's idempotency keys work).
//
// Why it cannot deadlock: no connection is held while a request waits or while its handler runs.
// The first request claims the key with one autocommit INSERT (concurrent inserts of the same key
// block on the primary key only until that one statement commits), runs its handler on the pool
// like any request, then stores the answer with one UPDATE. Requests that find the key claimed
// poll the row with short single statements and sleep between polls without a connection. With a
// transaction held across the handler instead, a pool of N connections (pgxpool's default is 4 on
// 2 cores) would deadlock as soon as N requests held one each and their handlers needed another.
//
// Why it cannot duplicate: only the claim's holder runs the handler; a claim ends by storing the
// answer, or by being deleted (5xx, 429, panic) so that a retry runs fresh. While the handler
// runs, its holder renews the claim's lease; only a claim whose holder stopped renewing it (its
// process died) can be taken over by a repeat of the same request.
//
// A request's body is kept only as an HMAC keyed with a secret derived from the server's
// (JWT_SECRET), so a stored hash of a body that held a password or a webhook secret cannot be
// tried against guesses offline. An answer that holds a credential (Request.Withheld) is never
// kept, but its key stays taken by its request: another request under it is refused.
package idempotency

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/auth"
)

// TTL is how long a stored answer is replayed; older rows are ignored, then deleted by Cleanup.
const TTL = 24 * time.Hour

// MaxKeyLength is the longest key accepted.
const MaxKeyLength = 255

var (
	// ErrKeyReused is a key sent again with another method, path or body.
	ErrKeyReused = errors.New("idempotency: the key was used for a different request")
	// ErrInProgress is a repeat that waited MaxWait for the first request to finish.
	ErrInProgress = errors.New("idempotency: a request with this key is still running")
)

// ValidKey reports whether a key is 1 to 255 printable ASCII characters.
func ValidKey(key string) bool {
	if len(key) == 0 || len(key) > MaxKeyLength {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < ' ' || key[i] > '~' {
			return false
		}
	}
	return true
}

// Request identifies a data-changing request: whose, under which key, and what it asked.
type Request struct {
	Caller uuid.UUID // the user's id, or the brand API key's id for API-key calls
	Key    string
	Method string
	Path   string // with the query string
	Body   []byte
	// Withheld marks an answer that holds a credential shown once: it is never stored, and a
	// repeat of the request runs anew; the key still refuses any other request.
	Withheld bool
}

// Response is an answer as sent: replayed byte for byte.
type Response struct {
	Status      int
	ContentType string
	Body        []byte
}

// Storable reports whether an answer is final for its key; server errors and rate limits are
// not, so that a retry runs fresh.
func Storable(status int) bool {
	return status < http.StatusInternalServerError && status != http.StatusTooManyRequests
}

// Store keeps idempotency keys in PostgreSQL.
type Store struct {
	pool    *pgxpool.Pool
	q       *queries.Queries
	bodyKey []byte
	now     func() time.Time
	// Lease is how long a claim holds without renewal; its holder renews it every Lease/3.
	Lease time.Duration
	// MaxWait bounds how long a repeat waits for the first request before ErrInProgress.
	MaxWait time.Duration
}

// New returns a store whose body hashes are keyed from the server's secret and whose expiry and
// leases follow the clock now.
func New(pool *pgxpool.Pool, secret []byte, now func() time.Time) *Store {
	return &Store{pool: pool, q: queries.New(), bodyKey: auth.DeriveKey(secret, "openaffiliate/idempotency-body/v1"),
		now: now, Lease: 30 * time.Second, MaxWait: 30 * time.Second}
}

// BodyHash is what the store keeps of a request's body: its HMAC-SHA256 under the store's key.
func (s *Store) BodyHash(body []byte) []byte {
	mac := hmac.New(sha256.New, s.bodyKey)
	mac.Write(body)
	return mac.Sum(nil)
}

// Do runs run once per caller and key: the first request runs it and its answer is stored when
// Storable; a repeat of the same request gets the stored answer (replayed is true) and run is
// not called. It waits while the first request is still running; a different request under the
// same key gets ErrKeyReused. A panic in run releases the key and panics on.
func (s *Store) Do(ctx context.Context, r Request, run func() Response) (resp Response, replayed bool, err error) {
	hash := s.BodyHash(r.Body)
	claim := queries.ClaimIdempotencyKeyParams{
		CallerID: r.Caller, Key: r.Key, Method: r.Method, Path: r.Path, BodyHmac: hash, ClaimID: uuid.New(),
	}
	pause, waited := 5*time.Millisecond, time.Duration(0)
	for {
		now := s.now()
		claim.Now, claim.LockedUntil, claim.ExpiredBefore = now, now.Add(s.Lease), now.Add(-TTL)
		n, err := s.q.ClaimIdempotencyKey(ctx, s.pool, claim)
		if err != nil {
			return Response{}, false, err
		}
		if n == 1 {
			return s.runClaimed(ctx, claim, r.Withheld, run), false, nil
		}
		row, err := s.q.GetIdempotencyKey(ctx, s.pool, queries.GetIdempotencyKeyParams{CallerID: r.Caller, Key: r.Key, ExpiredBefore: now.Add(-TTL)})
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			// Released or expired since the claim: claim again after a pause.
		case err != nil:
			return Response{}, false, err
		case row.Method != r.Method || row.Path != r.Path || !hmac.Equal(row.BodyHmac, hash):
			return Response{}, false, ErrKeyReused
		case row.Withheld:
			// The first answer held a credential and was not kept: the repeat runs anew.
			return run(), false, nil
		case row.ResponseStatus != nil:
			ct := ""
			if row.ResponseContentType != nil {
				ct = *row.ResponseContentType
			}
			return Response{Status: int(*row.ResponseStatus), ContentType: ct, Body: row.ResponseBody}, true, nil
		}
		if waited >= s.MaxWait {
			return Response{}, false, ErrInProgress
		}
		select {
		case <-ctx.Done():
			return Response{}, false, ctx.Err()
		case <-time.After(pause):
		}
		waited += pause
		pause = min(pause*2, 100*time.Millisecond)
	}
}

// runClaimed runs the request that holds the claim, renewing the claim's lease meanwhile, then
// stores the answer (only its status when withheld) or releases the key. The claim is settled
// even when the client has gone.
func (s *Store) runClaimed(ctx context.Context, claim queries.ClaimIdempotencyKeyParams, withheld bool, run func() Response) Response {
	settle, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	release := func() {
		if err := s.q.ReleaseIdempotencyKey(settle, s.pool, queries.ReleaseIdempotencyKeyParams{CallerID: claim.CallerID, Key: claim.Key, ClaimID: claim.ClaimID}); err != nil {
			slog.ErrorContext(ctx, "release idempotency key", "err", err)
		}
	}
	stop := s.renew(ctx, claim)
	finished := false
	defer func() {
		stop()
		if !finished { // run panicked
			release()
		}
	}()
	resp := run()
	finished = true
	stop()
	if !Storable(resp.Status) {
		release()
		return resp
	}
	kept := queries.CompleteIdempotencyKeyParams{
		ResponseStatus:      ptr(int32(resp.Status)), //nolint:gosec // G115: an HTTP status (100-599), checked by Storable
		ResponseContentType: ptr(resp.ContentType), ResponseBody: resp.Body, Withheld: withheld,
		CallerID: claim.CallerID, Key: claim.Key, ClaimID: claim.ClaimID,
	}
	if withheld {
		kept.ResponseContentType, kept.ResponseBody = nil, nil
	}
	n, err := s.q.CompleteIdempotencyKey(settle, s.pool, kept)
	if err != nil || n != 1 {
		// The answer was sent but cannot be kept: a repeat will run the request again.
		slog.ErrorContext(ctx, "store idempotent answer", "err", err, "rows", n)
		release()
	}
	return resp
}

// renew extends the claim's lease every Lease/3 until the returned stop is called.
func (s *Store) renew(ctx context.Context, claim queries.ClaimIdempotencyKeyParams) (stop func()) {
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		t := time.NewTicker(s.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.Lease/3)
				err := s.q.RenewIdempotencyClaim(rctx, s.pool, queries.RenewIdempotencyClaimParams{
					LockedUntil: s.now().Add(s.Lease), CallerID: claim.CallerID, Key: claim.Key, ClaimID: claim.ClaimID,
				})
				cancel()
				if err != nil {
					slog.WarnContext(ctx, "renew idempotency claim", "err", err)
				}
			}
		}
	}()
	stopped := false
	return func() {
		if !stopped {
			stopped = true
			close(done)
			<-exited
		}
	}
}

// Cleanup deletes the keys older than TTL.
func (s *Store) Cleanup(ctx context.Context) error {
	_, err := s.q.DeleteExpiredIdempotencyKeys(ctx, s.pool, s.now().Add(-TTL))
	return err
}

func ptr[T any](v T) *T { return &v }
