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
	"github.com/riverqueue/river"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/jobs"
)

// ConfirmLinkTTL is how long an email confirmation link works.
const ConfirmLinkTTL = 7 * 24 * time.Hour

// What the limits of the account mails count: password reset requests per email address, and
// confirmation mails per account and per address (lower-cased).
const (
	limitResetEmail      = "reset:email"
	limitConfirmAccount  = "confirm:account"
	limitConfirmAddress  = "confirm:email"
	confirmLimitsMessage = "Too many confirmation emails. Try again later."
)

// SetMail turns on the account mails (password reset, address confirmation) sent through m (nil
// is email off); the background work of a password reset request is queued through inserter.
func (s *Service) SetMail(m *email.Service, inserter jobs.Inserter) { s.mail, s.jobs = m, inserter }

// EmailOff answers a request that needs email while SMTP_URL is unset, the same for every
// operation that mails: 409 CONFLICT, a conflict with how this server is set up (503 is for a
// database that does not answer); instead says what the caller can do without mail.
func EmailOff(instead string) error {
	return &apierror.Error{Status: http.StatusConflict, Code: apierror.CodeConflict,
		Message: "Email is off on this server: " + instead}
}

// RequestPasswordReset mails a one-time reset link to the user with this email, if there is one
// and it is not disabled; the answer is the same either way, so it tells nobody which addresses
// have accounts. It counts against the limits per address and per email first (docs/product.md § 10),
// then queues the rest (ResetRequestArgs): the account is looked up in the background, so an
// address with an account and one without take the same work, and the same time, to answer.
func (s *Service) RequestPasswordReset(ctx context.Context, address string, client Client) error {
	if !s.mail.Enabled() {
		return EmailOff("ask the platform's host for a password reset link.")
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
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return s.jobs.InsertTx(ctx, tx, ResetRequestArgs{Email: address}, nil)
	})
}

// ResetRequestArgs is a password reset request whose account is still to be found: the job's
// arguments, forgotten once it is done.
type ResetRequestArgs struct {
	Email string `json:"email"`
}

// Kind names the job.
func (ResetRequestArgs) Kind() string { return "accounts.password_reset" }

// InsertOpts: a request whose work keeps failing is given up after a few tries (its link would
// expire before long anyway).
func (ResetRequestArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

// ResetRequestWorker mails the reset link of a password reset request, if its email has an account.
type ResetRequestWorker struct {
	river.WorkerDefaults[ResetRequestArgs]
	Service *Service
}

// Work mails the link; its job's arguments (the address asked for) are then forgotten, and a job
// whose arguments are forgotten was done already.
func (w *ResetRequestWorker) Work(ctx context.Context, job *river.Job[ResetRequestArgs]) error {
	if job.Args.Email == "" {
		return nil
	}
	err := w.Service.mailResetLink(ctx, job.Args.Email)
	jobs.ForgetWhenDone(ctx, w.Service.pool, job.JobRow, err, map[string]string{})
	return err
}

// mailResetLink makes a reset token for the enabled user with this email, if there is one, and
// queues its mail; nothing for an address without an account.
func (s *Service) mailResetLink(ctx context.Context, address string) error {
	if !s.mail.Enabled() {
		return nil
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

// admitConfirmation counts a confirmation mail of the account to address, refusing with 429 past
// the limits per account and per address; nothing is counted while email is off.
func (s *Service) admitConfirmation(ctx context.Context, userID uuid.UUID, address string) error {
	if !s.mail.Enabled() {
		return nil
	}
	_, err := s.reserve(ctx, confirmLimitsMessage,
		bucket{action: limitConfirmAccount, key: userID.String(), max: s.limits.ConfirmPerAccount},
		bucket{action: limitConfirmAddress, key: strings.ToLower(address), max: s.limits.ConfirmPerEmail})
	return err
}

// AdmitEmailChange counts the confirmation mail an address change of the user will send to
// address, refusing with 429 past the limits of confirmation mails; call it before the change.
func (s *Service) AdmitEmailChange(ctx context.Context, userID uuid.UUID, address string) error {
	return s.admitConfirmation(ctx, userID, address)
}

// EmailChanged does, in tx, what a change of the user's address from oldAddress brings: its
// outstanding password reset links end, and while email is on the new address is mailed its
// confirmation link and the old one a notice of the change, in the user's language.
func (s *Service) EmailChanged(ctx context.Context, tx pgx.Tx, userID uuid.UUID, oldAddress string) error {
	if err := s.q.EndPasswordResetTokens(ctx, tx, userID); err != nil {
		return err
	}
	if !s.mail.Enabled() {
		return nil
	}
	row, err := s.q.GetUserProfile(ctx, tx, userID)
	if err != nil {
		return err
	}
	if err := s.queueConfirmation(ctx, tx, row.User); err != nil {
		return err
	}
	old := recipientOf(row.User)
	old.Email = oldAddress
	return s.mail.QueueEmailChanged(ctx, tx, old, row.User.Email, s.now())
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
// Each counts against the limits per account and per address.
func (s *Service) ResendConfirmation(ctx context.Context, id uuid.UUID) error {
	if !s.mail.Enabled() {
		return EmailOff("no confirmation link can be mailed.")
	}
	current, err := s.Profile(ctx, id)
	if err != nil {
		return err
	}
	if current.User.IsVerified {
		return alreadyConfirmed()
	}
	if err := s.admitConfirmation(ctx, id, current.User.Email); err != nil {
		return err
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.q.GetUserProfile(ctx, tx, id)
		if err != nil {
			return err
		}
		if row.User.IsVerified {
			return alreadyConfirmed()
		}
		return s.queueConfirmation(ctx, tx, row.User)
	})
}

func alreadyConfirmed() error {
	return apierror.Conflict("email", "Your email address is already confirmed.")
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
