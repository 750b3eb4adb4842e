// Package accounts is sign-up, sign-in, host accounts and password resets.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/affiliates"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/domains"
	"github.com/openaffiliate/platform/server/platform/emailaddress"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Profile is a user with its brand's public id (brand users only).
type Profile struct {
	User          User
	BrandPublicID *string
}

// User is an account as the rest of the server sees it: never its password hash.
type User struct {
	ID                uuid.UUID
	Email             string
	FirstName         string
	LastName          string
	CompanyName       *string
	AccountType       string
	IsVerified        bool   // the address is confirmed (by its confirmation mail, or a host's account)
	Language          string // the language of the user's mail: ro or en
	BrandID           uuid.NullUUID
	AffiliateID       uuid.NullUUID
	CreatedAt         time.Time
	SessionGeneration int32 // tokens carry it; a password change moves it on
}

// profileOf is the one mapping from a user's row to a Profile.
func profileOf(u queries.User, brandPublicID *string) Profile {
	return Profile{User: User{
		ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, CompanyName: u.CompanyName,
		AccountType: u.AccountType, IsVerified: u.IsVerified, Language: u.Language, BrandID: u.BrandID, AffiliateID: u.AffiliateID,
		CreatedAt: u.CreatedAt, SessionGeneration: u.SessionGeneration,
	}, BrandPublicID: brandPublicID}
}

// Service runs the account operations on one database.
type Service struct {
	pool   *pgxpool.Pool
	q      *queries.Queries
	now    func() time.Time
	limits Limits
	mail   *email.Service // nil while email is off
	jobs   jobs.Inserter  // queues a password reset request's work
}

// New makes the service.
func New(pool *pgxpool.Pool, now func() time.Time, limits Limits) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, limits: limits}
}

// SignupInput is what the sign-up form sends.
type SignupInput struct {
	Email            string
	Password         string
	FirstName        string
	LastName         string
	AccountType      string
	CompanyName      string
	PreferredBrandID string
	Domain           string // the shop's domain or homepage (brands only, optional)
	InviteToken      string // an affiliate invitation: the account claims the invited affiliate record
	Language         string // the language of the user's mail (ro or en; anything else is ro)
}

var brandIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$`)

// Signup creates a brand or affiliate user with its brand or affiliate record, in one transaction.
func (s *Service) Signup(ctx context.Context, in SignupInput) (Profile, error) {
	in.Email = strings.TrimSpace(in.Email)
	in.FirstName = strings.TrimSpace(in.FirstName)
	in.LastName = strings.TrimSpace(in.LastName)
	in.CompanyName = strings.TrimSpace(in.CompanyName)
	in.PreferredBrandID = strings.ToLower(strings.TrimSpace(in.PreferredBrandID))
	in.InviteToken = strings.TrimSpace(in.InviteToken)
	if in.AccountType != auth.RoleBrand && in.AccountType != auth.RoleAffiliate {
		return Profile{}, apierror.Validation("accountType", "Account type must be brand or affiliate; host accounts are created by a host")
	}
	if err := validatePerson(in.Email, in.Password, in.FirstName, in.LastName); err != nil {
		return Profile{}, err
	}
	if in.AccountType == auth.RoleBrand && in.CompanyName == "" {
		return Profile{}, apierror.Validation("companyName", "Company name is required for brand accounts")
	}
	if in.PreferredBrandID != "" && !brandIDPattern.MatchString(in.PreferredBrandID) {
		return Profile{}, apierror.Validation("preferredBrandId", "Brand id must be 3-40 lowercase letters, digits or dashes, starting and ending with a letter or digit")
	}
	var domain *string
	if in.AccountType == auth.RoleBrand && strings.TrimSpace(in.Domain) != "" {
		d, err := domains.FromSite(in.Domain)
		if err != nil {
			return Profile{}, apierror.Validation("domain", "Invalid domain: use a host name such as shop.example.com or the shop's address")
		}
		domain = &d
	}
	if in.InviteToken != "" {
		// Checked before the password is hashed: a bad link costs no argon2id work.
		if err := s.checkInvite(ctx, in); err != nil {
			return Profile{}, err
		}
	}
	hash, err := auth.HashPassword(ctx, in.Password)
	if err != nil {
		return Profile{}, err
	}

	var profile Profile
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if taken, err := s.q.EmailExists(ctx, tx, in.Email); err != nil {
			return err
		} else if taken {
			return emailTaken()
		}
		params := queries.CreateUserParams{
			Email: in.Email, PasswordHash: hash, FirstName: in.FirstName, LastName: in.LastName,
			AccountType: in.AccountType,
		}
		if in.AccountType == auth.RoleBrand {
			brandID, publicID, err := brands.InsertBrand(ctx, tx, in.CompanyName, in.PreferredBrandID, domain)
			if err != nil {
				return uniqueAsConflict(err)
			}
			params.CompanyName = &in.CompanyName
			params.BrandID = uuid.NullUUID{UUID: brandID, Valid: true}
			profile.BrandPublicID = &publicID
		} else {
			affID, err := s.affiliateFor(ctx, tx, in)
			if err != nil {
				return err
			}
			if in.CompanyName != "" {
				params.CompanyName = &in.CompanyName
			}
			params.AffiliateID = uuid.NullUUID{UUID: affID, Valid: true}
		}
		user, err := s.q.CreateUser(ctx, tx, params)
		if err != nil {
			return uniqueAsConflict(err)
		}
		user.Language = normalLanguage(in.Language)
		if err := s.q.SetUserLanguage(ctx, tx, queries.SetUserLanguageParams{ID: user.ID, Language: user.Language}); err != nil {
			return err
		}
		if err := s.queueConfirmation(ctx, tx, user); err != nil {
			return err
		}
		profile = profileOf(user, profile.BrandPublicID)
		return activity.Log(ctx, tx, user.ID, activity.UserSignedUp, user.ID.String(), map[string]any{"accountType": in.AccountType})
	})
	return profile, err
}

// affiliateFor claims the affiliate record of the sign-up's invitation, or creates one. An email
// alone never claims a record the host created: anyone can type an email.
func (s *Service) affiliateFor(ctx context.Context, tx pgx.Tx, in SignupInput) (uuid.UUID, error) {
	if in.InviteToken != "" {
		return s.claimInvite(ctx, tx, in.InviteToken)
	}
	_, err := s.q.GetUnlinkedAffiliateByEmail(ctx, tx, in.Email)
	if err == nil {
		return uuid.Nil, apierror.Conflict("email",
			"An affiliate with this email was added by the platform: sign up through the invitation link you received from it")
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, err
	}
	aff, err := affiliates.InsertAffiliate(ctx, tx, in.FirstName+" "+in.LastName, in.Email)
	if err != nil {
		return uuid.Nil, uniqueAsConflict(err)
	}
	return aff.ID, nil
}

// CreateHost creates a verified host account, as a host asks.
func (s *Service) CreateHost(ctx context.Context, h tenancy.HostScope, email, password, firstName, lastName string) (Profile, error) {
	if err := h.Check(); err != nil {
		return Profile{}, err
	}
	actor := h.Actor()
	return s.createHost(ctx, &actor, email, password, firstName, lastName)
}

// CreateOperatorHost creates a verified host account as the operator asks (the create-host command
// and the first host from the environment): no host acts, so the new host is its own actor.
func (s *Service) CreateOperatorHost(ctx context.Context, email, password, firstName, lastName string) (Profile, error) {
	return s.createHost(ctx, nil, email, password, firstName, lastName)
}

// createHost creates a verified host account; actor is the host who asked (nil for the operator).
func (s *Service) createHost(ctx context.Context, actor *uuid.UUID, email, password, firstName, lastName string) (Profile, error) {
	email, firstName, lastName = strings.TrimSpace(email), strings.TrimSpace(firstName), strings.TrimSpace(lastName)
	if err := validatePerson(email, password, firstName, lastName); err != nil {
		return Profile{}, err
	}
	hash, err := auth.HashPassword(ctx, password)
	if err != nil {
		return Profile{}, err
	}
	var profile Profile
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if taken, err := s.q.EmailExists(ctx, tx, email); err != nil {
			return err
		} else if taken {
			return emailTaken()
		}
		user, err := s.q.CreateUser(ctx, tx, queries.CreateUserParams{
			Email: email, PasswordHash: hash, FirstName: firstName, LastName: lastName,
			AccountType: auth.RoleHost, IsVerified: true,
		})
		if err != nil {
			return uniqueAsConflict(err)
		}
		profile = profileOf(user, profile.BrandPublicID)
		actorID := user.ID
		if actor != nil {
			actorID = *actor
		}
		return activity.Log(ctx, tx, actorID, activity.UserCreatedHost, user.ID.String(), map[string]any{"email": email})
	})
	return profile, err
}

// EnsureHost creates the operator's first host from the environment unless the email exists.
func (s *Service) EnsureHost(ctx context.Context, email, password string) error {
	exists, err := s.q.EmailExists(ctx, s.pool, email)
	if err != nil || exists {
		return err
	}
	_, err = s.CreateOperatorHost(ctx, email, password, "Platform", "Host")
	if err == nil {
		slog.Info("created the first host account", "email", email)
	}
	return err
}

// Profile loads a user by id.
func (s *Service) Profile(ctx context.Context, id uuid.UUID) (Profile, error) {
	row, err := s.q.GetUserProfile(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, apierror.NotFound("User not found")
	}
	return profileOf(row.User, row.BrandPublicID), err
}

// ResetLinkTTL is how long a password reset link works.
const ResetLinkTTL = time.Hour

// IssueResetToken creates a one-time reset token for a user, as a host asks; only its hash is stored.
func (s *Service) IssueResetToken(ctx context.Context, h tenancy.HostScope, userID uuid.UUID) (string, time.Time, error) {
	if err := h.Check(); err != nil {
		return "", time.Time{}, err
	}
	actor := h.Actor()
	if _, err := s.Profile(ctx, userID); err != nil {
		return "", time.Time{}, err
	}
	token := auth.RandomToken(32)
	expires := s.now().Add(ResetLinkTTL)
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.CreatePasswordResetToken(ctx, tx, queries.CreatePasswordResetTokenParams{
			TokenHash: auth.HashToken(token), UserID: userID,
			CreatedBy: uuid.NullUUID{UUID: actor, Valid: true}, ExpiresAt: expires,
		}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, actor, activity.UserCreatedResetLink, userID.String(), nil)
	})
	return token, expires, err
}

// ResetPassword consumes a reset token and sets the new password; every older session of the user
// ends, and so does every other reset token of the user.
// The token is checked before the new password is hashed, so guessing tokens costs no argon2id work.
func (s *Service) ResetPassword(ctx context.Context, token, newPassword string) error {
	if strings.TrimSpace(token) == "" {
		return apierror.Validation("token", "Invalid or missing reset token.")
	}
	if len(newPassword) < auth.MinPasswordLength {
		return apierror.Validation("newPassword", fmt.Sprintf("Password must be at least %d characters long.", auth.MinPasswordLength))
	}
	invalid := apierror.Validation("token", "This password reset link is invalid or has expired.")
	tokenHash := auth.HashToken(token)
	userID, err := s.q.GetResetTokenUser(ctx, s.pool, queries.GetResetTokenUserParams{TokenHash: tokenHash, Now: s.now()})
	if errors.Is(err, pgx.ErrNoRows) {
		return invalid
	}
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(ctx, newPassword)
	if err != nil {
		return err
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Consumed only now, so a second request with the same token cannot also succeed.
		consumed, err := s.q.ConsumePasswordResetToken(ctx, tx, queries.ConsumePasswordResetTokenParams{TokenHash: tokenHash, Now: s.now()})
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && consumed != userID) {
			return invalid
		}
		if err != nil {
			return err
		}
		if _, err := s.q.UpdatePassword(ctx, tx, queries.UpdatePasswordParams{ID: userID, PasswordHash: hash}); err != nil {
			return err
		}
		if err := s.q.EndPasswordResetTokens(ctx, tx, userID); err != nil {
			return err
		}
		return activity.Log(ctx, tx, userID, activity.UserResetPassword, userID.String(), nil)
	})
}

func validatePerson(email, password, firstName, lastName string) error {
	if !emailaddress.Valid(email) {
		return apierror.Validation("email", "Enter a valid email address")
	}
	if len(password) < auth.MinPasswordLength {
		return apierror.Validation("password", fmt.Sprintf("Password must be at least %d characters long.", auth.MinPasswordLength))
	}
	if firstName == "" {
		return apierror.Validation("firstName", "First name is required")
	}
	if lastName == "" {
		return apierror.Validation("lastName", "Last name is required")
	}
	return nil
}

func emailTaken() error {
	return apierror.Conflict("email", "An account with this email already exists")
}

// uniqueAsConflict turns a unique violation that raced past the checks into a 409.
func uniqueAsConflict(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		if strings.Contains(pgErr.ConstraintName, "public_id") {
			return apierror.Conflict("preferredBrandId", "This brand id is already taken")
		}
		return emailTaken()
	}
	return err
}
