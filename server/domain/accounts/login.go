package accounts

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// changeSlots is the small pool of hashing slots for the current passwords that changing a
// password or an email checks (and the new password's hash): guesses there never hold up sign-ins.
var changeSlots = auth.NewSlots(2)

const tooManyFailures = "Too many failed sign-in attempts. Try again later."

// Login checks credentials, refusing with 429 after too many recent failures for the email or address.
// Each attempt counts as a failure before the password is checked (a success takes it back), so
// concurrent guesses cannot pass the limit together. The client's address key is a salted hash;
// raw addresses are never stored. Disabled accounts, and the demo accounts from a connection that
// is not loopback, answer like a wrong password.
func (s *Service) Login(ctx context.Context, email, password string, client Client) (Profile, error) {
	row, err := s.q.GetUserProfileByEmail(ctx, s.pool, email)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, err
	}
	ok, err := s.checkPassword(ctx, auth.CheckPasswordTiming, email, row.User.PasswordHash, password, client)
	if err != nil {
		return Profile{}, err
	}
	if !ok || row.User.DisabledAt != nil || (!client.Loopback && slices.Contains(demoEmails(), strings.ToLower(row.User.Email))) {
		return Profile{}, apierror.Unauthorized("Invalid email or password")
	}
	return profileOf(row.User, row.BrandPublicID), nil
}

// checkPassword checks a password as a sign-in does, counted against the email and the client's
// address before the check (a success takes the attempt back and forgets the email's failures).
// Login checks in the sign-in pool; changing a password or an email in changeSlots.
func (s *Service) checkPassword(ctx context.Context, check func(ctx context.Context, hash, password string) (bool, error),
	email, hash, password string, client Client) (bool, error) {
	emailKey := strings.ToLower(email)
	hits, err := s.reserve(ctx, tooManyFailures,
		bucket{action: limitLoginEmail, key: emailKey, max: s.limits.LoginPerEmail, backoff: true},
		bucket{action: limitLoginIP, key: client.AddressKey, max: s.limits.LoginPerIP})
	if err != nil {
		return false, err
	}
	ok, err := check(ctx, hash, password)
	if err != nil || !ok {
		return false, err
	}
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
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
	return err == nil, err
}

// ConfirmPassword checks the signed-in user's current password before a change that needs it
// (the email): missing or wrong answers 400 naming field; a wrong one counts as a failed sign-in.
func (s *Service) ConfirmPassword(ctx context.Context, userID uuid.UUID, password, field string, client Client) error {
	if password == "" {
		return apierror.Validation(field, "Enter your current password to make this change")
	}
	row, err := s.q.GetUserProfile(ctx, s.pool, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return apierror.NotFound("User not found")
	}
	if err != nil {
		return err
	}
	ok, err := s.checkPassword(ctx, changeSlots.CheckTiming, row.User.Email, row.User.PasswordHash, password, client)
	if err != nil {
		return err
	}
	if !ok {
		return apierror.Validation(field, "The current password is wrong")
	}
	return nil
}
