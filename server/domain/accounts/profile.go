package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// UpdateProfile changes a user's name; a brand user's company name renames its brand too.
func (s *Service) UpdateProfile(ctx context.Context, id uuid.UUID, firstName, lastName, company string) (Profile, error) {
	firstName, lastName, company = strings.TrimSpace(firstName), strings.TrimSpace(lastName), strings.TrimSpace(company)
	if firstName == "" {
		return Profile{}, apierror.Validation("firstName", "First name is required")
	}
	if lastName == "" {
		return Profile{}, apierror.Validation("lastName", "Last name is required")
	}
	current, err := s.Profile(ctx, id)
	if err != nil {
		return Profile{}, err
	}
	var companyName *string
	if company != "" {
		companyName = &company
	}
	if current.User.AccountType == auth.RoleBrand && companyName == nil {
		return Profile{}, apierror.Validation("companyName", "Company name is required for brand accounts")
	}
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.UpdateUserProfile(ctx, tx, queries.UpdateUserProfileParams{ID: id, FirstName: firstName, LastName: lastName, CompanyName: companyName}); err != nil {
			return err
		}
		if current.User.BrandID.Valid {
			if err := s.q.RenameBrand(ctx, tx, queries.RenameBrandParams{ID: current.User.BrandID.UUID, CompanyName: company}); err != nil {
				return err
			}
			if err := s.q.RenameBrandUsers(ctx, tx, queries.RenameBrandUsersParams{BrandID: current.User.BrandID, CompanyName: companyName}); err != nil {
				return err
			}
		}
		return activity.Log(ctx, tx, id, activity.UserUpdatedProfile, id.String(), nil)
	})
	if err != nil {
		return Profile{}, err
	}
	return s.Profile(ctx, id)
}

// ChangePassword sets a new password after checking the current one, and ends every session and
// every outstanding reset token of the user; the answer is the user at its new session generation, to sign the caller in again.
// A wrong current password counts as a failed sign-in for the user's email and the client's
// address, and the hashing runs in its own small pool, so guesses here never slow sign-ins.
func (s *Service) ChangePassword(ctx context.Context, id uuid.UUID, current, next string, client Client) (Profile, error) {
	row, err := s.q.GetUserProfile(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, apierror.NotFound("User not found")
	}
	if err != nil {
		return Profile{}, err
	}
	ok, err := s.checkPassword(ctx, changeSlots.CheckTiming, row.User.Email, row.User.PasswordHash, current, client)
	if err != nil {
		return Profile{}, err
	}
	if !ok {
		return Profile{}, apierror.Validation("currentPassword", "The current password is wrong")
	}
	if len(next) < auth.MinPasswordLength {
		return Profile{}, apierror.Validation("newPassword", fmt.Sprintf("Password must be at least %d characters long.", auth.MinPasswordLength))
	}
	hash, err := changeSlots.Hash(ctx, next)
	if err != nil {
		return Profile{}, err
	}
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		generation, err := s.q.UpdatePassword(ctx, tx, queries.UpdatePasswordParams{ID: id, PasswordHash: hash})
		if err != nil {
			return err
		}
		if err := s.q.EndPasswordResetTokens(ctx, tx, id); err != nil {
			return err
		}
		row.User.SessionGeneration = generation
		return activity.Log(ctx, tx, id, activity.UserChangedPassword, id.String(), nil)
	})
	return profileOf(row.User, row.BrandPublicID), err
}
