package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// ConfirmLinkTTL is how long an email confirmation link works.
const ConfirmLinkTTL = 7 * 24 * time.Hour

// limitResetEmail counts password reset requests per email address (lower-cased).
const limitResetEmail = "reset:email"

// SetMail turns on the account mails (password reset, address confirmation); nil is email off.
func (s *Service) SetMail(m *email.Service) { s.mail = m }

// EmailOff answers a request that needs email while SMTP_URL is unset: a conflict with how this
// server is set up (409), not an outage (503 is for a database that does not answer).
func EmailOff() error {
	return &apierror.Error{Status: http.StatusConflict, Code: apierror.CodeConflict,
		Message: "Email is off on this server: ask the platform's host for a password reset link."}
}

// RequestPasswordReset mails a one-time reset link to the user with this email, if there is one
// and it is not disabled; the answer is the same either way, so it tells nobody which addresses
// have accounts. It counts against the limits per address and per email first (docs/product.md § 10).
func (s *Service) RequestPasswordReset(ctx context.Context, address string, client Client) error {
	if !s.mail.Enabled() {
		return EmailOff()
	}
	address = strings.TrimSpace(address)
	if address == "" || len(address) > 254 {
		return apierror.Validation("email", "Enter your email address.")
	}
	if _, err := s.reserve(ctx, "Too many password reset requests. Try again later.",
		bucket{action: limitResetEmail, key: strings.ToLower(address), max: s.limits.ResetPerEmail},
		bucket{action: limitResetIP, key: client.AddressKey, max: s.limits.ResetPerIP}); err != nil {
		return err
	}
	row, err := s.q.GetUserProfileByEmail(ctx, s.pool, address)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	u := row.User
	if u.DisabledAt != nil {
		return nil
	}
	token := auth.RandomToken(32)
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.CreatePasswordResetToken(ctx, tx, queries.CreatePasswordResetTokenParams{
			TokenHash: auth.HashToken(token), UserID: u.ID, ExpiresAt: s.now().Add(ResetLinkTTL),
		}); err != nil {
			return err
		}
		if err := activity.Log(ctx, tx, u.ID, activity.UserRequestedReset, u.ID.String(), nil); err != nil {
			return err
		}
		return s.mail.QueuePasswordReset(ctx, tx, recipientOf(u), token)
	})
}

func recipientOf(u queries.User) email.Recipient {
	return email.Recipient{ID: u.ID, Email: u.Email, FirstName: u.FirstName, Language: u.Language}
}

// queueConfirmation writes a confirmation token for the user's current address and queues its
// mail, in tx; nothing while email is off.
func (s *Service) queueConfirmation(ctx context.Context, tx pgx.Tx, u queries.User) error {
	if !s.mail.Enabled() || u.IsVerified {
		return nil
	}
	token := auth.RandomToken(32)
	if err := s.q.CreateEmailConfirmationToken(ctx, tx, queries.CreateEmailConfirmationTokenParams{
		TokenHash: auth.HashToken(token), UserID: u.ID, Email: u.Email, ExpiresAt: s.now().Add(ConfirmLinkTTL),
	}); err != nil {
		return err
	}
	return s.mail.QueueConfirmation(ctx, tx, recipientOf(u), token)
}

// QueueEmailConfirmation queues, in tx, the confirmation mail of a user whose address changed.
func (s *Service) QueueEmailConfirmation(ctx context.Context, tx pgx.Tx, userID uuid.UUID) error {
	row, err := s.q.GetUserProfile(ctx, tx, userID)
	if err != nil {
		return err
	}
	return s.queueConfirmation(ctx, tx, row.User)
}

// ConfirmEmail consumes a confirmation token: its user's address is confirmed, so the platform's
// notification mails go to it. Without signing in: the token is the proof.
func (s *Service) ConfirmEmail(ctx context.Context, token string) error {
	invalid := apierror.Validation("token", "This confirmation link is invalid or has expired.")
	if strings.TrimSpace(token) == "" {
		return invalid
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		userID, err := s.q.ConsumeEmailConfirmationToken(ctx, tx, queries.ConsumeEmailConfirmationTokenParams{TokenHash: auth.HashToken(token), Now: s.now()})
		if errors.Is(err, pgx.ErrNoRows) {
			return invalid
		}
		if err != nil {
			return err
		}
		if err := s.q.MarkEmailConfirmed(ctx, tx, userID); err != nil {
			return err
		}
		return activity.Log(ctx, tx, userID, activity.UserConfirmedEmail, userID.String(), nil)
	})
}

// ResendConfirmation queues a new confirmation mail for the signed-in user whose address is not
// confirmed yet.
func (s *Service) ResendConfirmation(ctx context.Context, id uuid.UUID) error {
	if !s.mail.Enabled() {
		return EmailOff()
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.q.GetUserProfile(ctx, tx, id)
		if err != nil {
			return err
		}
		if row.User.IsVerified {
			return apierror.Conflict("email", "Your email address is already confirmed.")
		}
		return s.queueConfirmation(ctx, tx, row.User)
	})
}

// normalLanguage is a supported mail language, or the default.
func normalLanguage(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(lang, "-_"); i > 0 {
		lang = lang[:i]
	}
	if slices.Contains(email.Languages, lang) {
		return lang
	}
	return email.Languages[0]
}

// SetLanguage records the language the user's mail is written in (ro or en).
func (s *Service) SetLanguage(ctx context.Context, id uuid.UUID, lang string) error {
	if !slices.Contains(email.Languages, lang) {
		return apierror.Invalid("language", "enum", fmt.Sprintf("Language must be one of %s", strings.Join(email.Languages, ", ")))
	}
	return s.q.SetUserLanguage(ctx, s.pool, queries.SetUserLanguageParams{ID: id, Language: lang})
}
