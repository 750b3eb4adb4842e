package accounts

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/auth"
)

// Login checks credentials, refusing with 429 after too many recent failures for the email or address.
// Each attempt counts as a failure before the password is checked (a success takes it back), so
// concurrent guesses cannot pass the limit together. ipHash is a salted hash of the client address;
// raw addresses are never stored. Disabled accounts answer like a wrong password.
func (s *Service) Login(ctx context.Context, email, password, ipHash string) (Profile, error) {
	emailKey := strings.ToLower(email)
	hits, err := s.reserve(ctx, "Too many failed sign-in attempts. Try again later.",
		bucket{action: limitLoginEmail, key: emailKey, max: s.limits.LoginPerEmail},
		bucket{action: limitLoginIP, key: ipHash, max: s.limits.LoginPerIP})
	if err != nil {
		return Profile{}, err
	}
	row, err := s.q.GetUserProfileByEmail(ctx, s.pool, email)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, err
	}
	ok, err := auth.CheckPasswordTiming(ctx, row.User.PasswordHash, password)
	if err != nil {
		return Profile{}, err
	}
	if !ok || row.User.DisabledAt != nil {
		return Profile{}, apierror.Unauthorized("Invalid email or password")
	}
	// Signed in: forget the email's failures and this attempt's count against the address.
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.DeleteRateLimitHits(ctx, tx, queries.DeleteRateLimitHitsParams{Action: limitLoginEmail, Key: emailKey}); err != nil {
			return err
		}
		for _, id := range hits {
			if err := s.q.DeleteRateLimitHit(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Profile{}, err
	}
	return profileOf(row.User, row.BrandPublicID), nil
}
