// Package email sends the platform's transactional mail (docs/product.md § 10). Every message
// is a River job (email.send) written in the transaction of the change that causes it: the job
// table is the outbox, so a rolled-back change sends nothing, a committed one is sent after commit
// and retried when SMTP fails, and each job carries its event's key, unique among the jobs River
// keeps, so one event is not mailed twice. A link that holds a secret (a password reset or an
// address confirmation) is in the job only encrypted with a key derived from the server's secret,
// and a sent (or given up) mail's arguments are replaced with its key alone, so river_job never
// holds a link that works. When SMTP_URL is unset the Service has no Deliverer:
// Enabled answers false and nothing is queued, while preferences and unsubscribing still work.
package email

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/mail"
)

// Deliverer sends one rendered message; *mail.Sender is one (tests wrap it to fail on purpose).
type Deliverer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Service queues and sends mail; without a Deliverer (or nil) email is off.
type Service struct {
	pool      *pgxpool.Pool
	jobs      jobs.Inserter
	send      Deliverer
	publicURL string
	secret    []byte
	links     cipher.AEAD // seals the paths that hold a token (SendArgs.SealedPath)
	q         *queries.Queries
}

// New makes the service: mail is queued through jobs and sent through send (nil: email is off);
// links start with publicURL, and unsubscribe links are signed with a key derived from secret.
// Links that hold a token are sealed with another key derived from secret.
func New(pool *pgxpool.Pool, inserter jobs.Inserter, send Deliverer, publicURL string, secret []byte) *Service {
	block, err := aes.NewCipher(auth.DeriveKey(secret, "openaffiliate/email-link/v1"))
	if err != nil {
		panic(err) // a derived key is 32 bytes: AES-256
	}
	links, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return &Service{pool: pool, jobs: inserter, send: send, publicURL: strings.TrimRight(publicURL, "/"),
		secret: auth.DeriveKey(secret, "openaffiliate/email-unsubscribe/v1"), links: links, q: queries.New()}
}

// Enabled reports whether email is on (SMTP_URL set).
func (s *Service) Enabled() bool { return s != nil && s.send != nil }

// SendArgs is one mail to send: the job's arguments. Key names the event (unique: a second job
// with the same key is not inserted while River keeps the first).
type SendArgs struct {
	Key      string            `json:"key" river:"unique"`
	UserID   uuid.UUID         `json:"user_id"`
	To       string            `json:"to"`
	Lang     string            `json:"lang"`
	Template string            `json:"template"`
	Data     map[string]string `json:"data"`
	// Path is the app page the mail's button opens (PUBLIC_URL + Path).
	Path string `json:"path,omitempty"`
	// SealedPath is a Path that holds a token, encrypted (AES-GCM, bound to Key) with a key derived
	// from the server's secret: a reader of river_job cannot use it, a restart or a retry can.
	SealedPath string `json:"sealed_path,omitempty"`
	// Stoppable: the mail carries an unsubscribe link for its template's kind.
	Stoppable bool `json:"stoppable,omitempty"`
}

// Kind names the job.
func (SendArgs) Kind() string { return "email.send" }

// InsertOpts: unique by the event key in every state River keeps (completed jobs too), and tried
// for about a day before it is given up (River's backoff: attempt^4 seconds).
func (SendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SendWorker sends the mail of an email.send job.
type SendWorker struct {
	river.WorkerDefaults[SendArgs]
	Service *Service
}

// Work renders and sends the mail; an SMTP error fails the job, which River retries. A sent mail's
// arguments, and those of the last failed attempt, are replaced with its key alone; a job that has
// only its key left was sent already (its completion was lost) and is done.
func (w *SendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	if job.Args.To == "" {
		return nil
	}
	err := w.Service.deliver(ctx, job.Args)
	jobs.ForgetWhenDone(ctx, w.Service.pool, job.JobRow, err, map[string]string{"key": job.Args.Key})
	return err
}

// Timeout: an SMTP conversation that hangs is given up and retried.
func (w *SendWorker) Timeout(*river.Job[SendArgs]) time.Duration { return time.Minute }

func (s *Service) deliver(ctx context.Context, a SendArgs) error {
	link := ""
	if a.Path != "" {
		link = s.publicURL + a.Path
	}
	if a.SealedPath != "" {
		path, err := s.openPath(a.Key, a.SealedPath)
		if err != nil {
			return river.JobCancel(fmt.Errorf("%s mail: the link cannot be opened (JWT_SECRET changed?): %w", a.Template, err))
		}
		link = s.publicURL + path
	}
	unsubscribe, oneClick := "", ""
	if a.Stoppable {
		token := s.UnsubscribeToken(a.UserID, a.Template)
		unsubscribe = s.publicURL + "/unsubscribe?token=" + url.QueryEscape(token)
		oneClick = s.publicURL + "/api/v1/email/unsubscribe?signature=" + url.QueryEscape(token)
	}
	r, err := render(a.Template, a.Lang, a.Data, link, unsubscribe)
	if err != nil {
		return err
	}
	host := "openaffiliate"
	if u, err := url.Parse(s.publicURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	sum := sha256.Sum256([]byte(a.Key))
	err = s.send.Send(ctx, mail.Message{To: a.To, Subject: r.Subject, Text: r.Text, HTML: r.HTML, Unsubscribe: oneClick,
		MessageID: fmt.Sprintf("%x@%s", sum[:12], host)})
	if err != nil {
		return fmt.Errorf("send %s mail: %w", a.Template, err)
	}
	slog.InfoContext(ctx, "mail sent", "template", a.Template, "user_id", a.UserID)
	return nil
}

// queue writes one mail job in tx.
func (s *Service) queue(ctx context.Context, tx pgx.Tx, a SendArgs) error {
	if !slices.Contains(Languages, a.Lang) {
		a.Lang = Languages[0]
	}
	return s.jobs.InsertTx(ctx, tx, a, nil)
}

// sealPath encrypts a path that holds a token, bound to the mail's key.
func (s *Service) sealPath(key, path string) string {
	nonce := make([]byte, s.links.NonceSize())
	_, _ = rand.Read(nonce) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(s.links.Seal(nonce, nonce, []byte(path), []byte(key)))
}

// openPath decrypts a sealed path.
func (s *Service) openPath(key, sealed string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.links.NonceSize() {
		return "", errors.New("not a sealed path")
	}
	n := s.links.NonceSize()
	path, err := s.links.Open(nil, raw[:n], raw[n:], []byte(key))
	return string(path), err
}

// Recipient is a user a mail goes to.
type Recipient struct {
	ID        uuid.UUID
	Email     string
	FirstName string
	Language  string
}

// QueuePasswordReset queues the mail with a password reset link (token), in tx.
func (s *Service) QueuePasswordReset(ctx context.Context, tx pgx.Tx, to Recipient, token string) error {
	key := "password_reset:" + hashKey(token)
	return s.queue(ctx, tx, SendArgs{
		Key: key, UserID: to.ID, To: to.Email, Lang: to.Language, Template: PasswordReset,
		Data: map[string]string{"name": to.FirstName, "email": to.Email}, SealedPath: s.sealPath(key, "/reset-password?token="+url.QueryEscape(token)),
	})
}

// QueueConfirmation queues the mail that confirms to.Email (token), in tx.
func (s *Service) QueueConfirmation(ctx context.Context, tx pgx.Tx, to Recipient, token string) error {
	key := "email_confirmation:" + hashKey(token)
	return s.queue(ctx, tx, SendArgs{
		Key: key, UserID: to.ID, To: to.Email, Lang: to.Language, Template: EmailConfirmation,
		Data: map[string]string{"name": to.FirstName, "email": to.Email}, SealedPath: s.sealPath(key, "/confirm-email?token="+url.QueryEscape(token)),
	})
}

// QueueEmailChanged queues, in tx, the notice to an account's old address that its email changed
// to newAddress (to.Email is the old address). It cannot be stopped: it answers a change to the account.
func (s *Service) QueueEmailChanged(ctx context.Context, tx pgx.Tx, to Recipient, newAddress string, at time.Time) error {
	return s.queue(ctx, tx, SendArgs{
		Key: fmt.Sprintf("email_changed:%s:%d", to.ID, at.UnixNano()), UserID: to.ID, To: to.Email, Lang: to.Language, Template: EmailChanged,
		Data: map[string]string{"name": to.FirstName, "email": to.Email, "new_email": newAddress},
	})
}

func hashKey(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// Stoppable are the templates one can unsubscribe from (the others answer one's own request).
var Stoppable = []string{ApplicationApproved, ApplicationRejected, CampaignInvited, PayoutCreated, PayoutPaid, DomainUnverified, CommissionDigest}

// UnsubscribeToken signs "stop template's mail to user": base64url(user id, template) "." base64url(HMAC).
func (s *Service) UnsubscribeToken(user uuid.UUID, template string) string {
	body := base64.RawURLEncoding.EncodeToString(append(user[:], template...))
	return body + "." + base64.RawURLEncoding.EncodeToString(s.mac(body))
}

func (s *Service) mac(body string) []byte {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(body))
	return m.Sum(nil)
}

// ErrOff is answered by operations that need email when it is off.
var ErrOff = errors.New("email is off")

// Unsubscribe stops the mail a signed token names, without signing in; answers the template.
// A second use is harmless.
func (s *Service) Unsubscribe(ctx context.Context, token string) (string, error) {
	invalid := apierror.Validation("signature", "This unsubscribe link is invalid.")
	body, sig, ok := strings.Cut(token, ".")
	if !ok {
		return "", invalid
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(body)) {
		return "", invalid
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || len(raw) <= 16 {
		return "", invalid
	}
	user, template := uuid.UUID(raw[:16]), string(raw[16:])
	if !slices.Contains(Stoppable, template) {
		return "", invalid
	}
	if err := s.q.MuteEmailKind(ctx, s.pool, queries.MuteEmailKindParams{UserID: user, Kind: template}); err != nil {
		var fk interface{ SQLState() string }
		if errors.As(err, &fk) && fk.SQLState() == "23503" {
			return "", invalid // the user was deleted
		}
		return "", err
	}
	slog.InfoContext(ctx, "mail unsubscribed", "user_id", user, "template", template)
	return template, nil
}

// Muted answers the templates the user unsubscribed from.
func (s *Service) Muted(ctx context.Context, user uuid.UUID) ([]string, error) {
	muted, err := s.q.GetEmailPreferences(ctx, s.pool, user)
	if errors.Is(err, pgx.ErrNoRows) {
		return []string{}, nil
	}
	return muted, err
}

// SetMuted sets the templates the user does not want by mail.
func (s *Service) SetMuted(ctx context.Context, user uuid.UUID, muted []string) ([]string, error) {
	out := []string{}
	for i, k := range muted {
		if !slices.Contains(Stoppable, k) {
			return nil, apierror.Invalid(fmt.Sprintf("email_muted.%d", i), "enum", "Unknown kind of email "+k)
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out, s.q.SetEmailPreferences(ctx, s.pool, queries.SetEmailPreferencesParams{UserID: user, Muted: out})
}
