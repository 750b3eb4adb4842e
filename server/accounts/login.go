package accounts

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/auth"
)

// Login checks credentials, refusing with 429 after too many recent failures for the email or address.
// ipHash is a salted hash of the client address; raw addresses are never stored.
func (s *Service) Login(ctx context.Context, email, password, ipHash string) (Profile, error) {
	since := s.now().Add(-s.limiter.Window)
	byEmail, err := s.q.LoginFailuresByEmail(ctx, s.pool, queries.LoginFailuresByEmailParams{Email: email, Since: since})
	if err != nil {
		return Profile{}, err
	}
	byIP, err := s.q.LoginFailuresByIP(ctx, s.pool, queries.LoginFailuresByIPParams{IpHash: ipHash, Since: since})
	if err != nil {
		return Profile{}, err
	}
	if int(byEmail.Failures) >= s.limiter.PerEmail {
		return Profile{}, s.tooMany(byEmail.Oldest)
	}
	if int(byIP.Failures) >= s.limiter.PerIP {
		return Profile{}, s.tooMany(byIP.Oldest)
	}

	row, err := s.q.GetUserProfileByEmail(ctx, s.pool, email)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, err
	}
	if !auth.CheckPasswordTiming(row.User.PasswordHash, password) {
		if err := s.q.RecordLoginFailure(ctx, s.pool, queries.RecordLoginFailureParams{Email: email, IpHash: ipHash}); err != nil {
			return Profile{}, err
		}
		return Profile{}, apierror.Unauthorized("Invalid email or password")
	}
	if err := s.q.ClearLoginFailures(ctx, s.pool, email); err != nil {
		return Profile{}, err
	}
	return Profile{User: row.User, BrandPublicID: row.BrandPublicID}, nil
}

// tooMany asks the client to wait until the oldest counted failure leaves the window.
func (s *Service) tooMany(oldest time.Time) error {
	wait := oldest.Add(s.limiter.Window).Sub(s.now())
	return apierror.RateLimited("Too many failed sign-in attempts. Try again later.", int(math.Ceil(wait.Seconds())))
}
