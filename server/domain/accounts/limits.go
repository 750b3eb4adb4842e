package accounts

import (
	"context"
	"math"
	"net"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Limits bound attempts within Window: failed sign-ins per email and per client address, and
// sign-ups and password resets per client address. Past LoginPerEmail failures an email is not
// locked: each further attempt waits LoginBackoff after the latest failure, doubled with each
// failure, at most LoginBackoffMax, so the owner with the right password gets in after the wait.
type Limits struct {
	LoginPerEmail int
	LoginPerIP    int
	SignupPerIP   int
	ResetPerIP    int
	ResetPerEmail int // password reset mails asked for one address
	// Confirmation mails (asked for again, or after an address change) per account and per address.
	ConfirmPerAccount int
	ConfirmPerEmail   int
	Window            time.Duration
	LoginBackoff      time.Duration
	LoginBackoffMax   time.Duration
}

// DefaultLimits allow, in 15 minutes, 5 failed sign-ins per email before the waits (5 s doubling
// up to 3 minutes: about as many guesses an hour as the old 15-minute lock allowed) and 20 per
// address, 10 sign-ups and 20 password reset attempts per address, 3 reset mails per email, and 3
// confirmation mails per account and 3 per address.
var DefaultLimits = Limits{LoginPerEmail: 5, LoginPerIP: 20, SignupPerIP: 10, ResetPerIP: 20, ResetPerEmail: 3,
	ConfirmPerAccount: 3, ConfirmPerEmail: 3, Window: 15 * time.Minute,
	LoginBackoff: 5 * time.Second, LoginBackoffMax: 3 * time.Minute}

// Client is who makes an attempt: the key its address's limits count under (AddressKey of its
// address, hashed) and whether its connection comes from the loopback interface.
type Client struct {
	AddressKey string
	Loopback   bool
}

// AddressGroup is the part of a client address its limits count under: an IPv4 address itself
// (also when written IPv4-mapped), an IPv6 address its /64 network (one subscriber's, who holds every address in it).
func AddressGroup(ip string) string {
	parsed := net.ParseIP(ip)
	if parsed == nil {
		return ip
	}
	if v4 := parsed.To4(); v4 != nil {
		return v4.String()
	}
	return (&net.IPNet{IP: parsed.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}

// What each limit counts; the key of an ip bucket is a salted hash of the client address.
const (
	limitLoginEmail = "login:email"
	limitLoginIP    = "login:ip"
	limitSignupIP   = "signup:ip"
	limitResetIP    = "reset:ip"
)

// bucket is one count an attempt must stay under; past max, a backoff bucket makes the attempt
// wait (from the latest hit) instead of refusing it until the oldest hit leaves the window.
type bucket struct {
	action, key string
	max         int
	backoff     bool
}

// wait answers how long past its latest hit a backoff bucket with hits hits holds the next attempt.
func (l Limits) wait(hits, max int) time.Duration {
	d := l.LoginBackoff
	for i := max; i < hits && d < l.LoginBackoffMax; i++ {
		d *= 2
	}
	return min(d, l.LoginBackoffMax)
}

// reserve counts an attempt in every bucket before any work is done, or refuses with 429 when one
// is full. Each bucket's key is locked for the transaction, so concurrent attempts are counted one
// after another and a burst cannot all pass a count that none of them has added to yet. The ids of
// the recorded hits let a successful sign-in take its own attempt back.
func (s *Service) reserve(ctx context.Context, message string, buckets ...bucket) ([]int64, error) {
	now := s.now()
	since := now.Add(-s.limits.Window)
	var ids []int64
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ids = ids[:0]
		// Always in the callers' fixed order (email before address), so two attempts cannot deadlock.
		for _, b := range buckets {
			if err := s.q.LockRateLimitKey(ctx, tx, queries.LockRateLimitKeyParams{Action: b.action, Key: b.key}); err != nil {
				return err
			}
		}
		for _, b := range buckets {
			c, err := s.q.CountRateLimitHits(ctx, tx, queries.CountRateLimitHitsParams{Action: b.action, Key: b.key, Since: since})
			if err != nil {
				return err
			}
			if int(c.Hits) < b.max {
				continue
			}
			wait := c.Oldest.Add(s.limits.Window).Sub(now)
			if b.backoff {
				wait = c.Newest.Add(s.limits.wait(int(c.Hits), b.max)).Sub(now)
				if wait <= 0 {
					continue
				}
			}
			return apierror.RateLimited(message, int(math.Ceil(wait.Seconds())))
		}
		for _, b := range buckets {
			id, err := s.q.RecordRateLimitHit(ctx, tx, queries.RecordRateLimitHitParams{Action: b.action, Key: b.key, CreatedAt: now})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	return ids, err
}

// AdmitSignup counts a sign-up from a client address (a salted hash), refusing with 429 past the limit.
func (s *Service) AdmitSignup(ctx context.Context, ipHash string) error {
	_, err := s.reserve(ctx, "Too many sign-ups from your address. Try again later.",
		bucket{action: limitSignupIP, key: ipHash, max: s.limits.SignupPerIP})
	return err
}

// AdmitPasswordReset counts a password reset attempt from a client address, refusing with 429 past the limit.
func (s *Service) AdmitPasswordReset(ctx context.Context, ipHash string) error {
	_, err := s.reserve(ctx, "Too many password reset attempts from your address. Try again later.",
		bucket{action: limitResetIP, key: ipHash, max: s.limits.ResetPerIP})
	return err
}
