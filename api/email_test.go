package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/domain/notify"
	"github.com/openaffiliate/platform/server/platform/jobs"
	"github.com/openaffiliate/platform/server/platform/mail"
	"github.com/openaffiliate/platform/server/platform/written"
	"github.com/openaffiliate/platform/server/testkit/mailcatcher"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// mailEnv runs a server of its own that mails to a Mailpit, with its job runner working and
// retries 100 ms apart; configure may change its configuration further.
func mailEnv(t *testing.T, configure func(*server.Config)) (*servertest.Env, *mailcatcher.Catcher) {
	t.Helper()
	catcher := mailcatcher.Start(t)
	env := servertest.Start(t, "", map[string]string{"SMTP_URL": catcher.SMTPURL, "MAIL_FROM": "OpenAffiliate <no-reply@affiliate.test>"},
		func(cfg *server.Config) {
			cfg.Jobs.RetryPolicy = jobs.FixedRetry(100 * time.Millisecond)
			cfg.Jobs.FetchPoll = 50 * time.Millisecond
			if configure != nil {
				configure(cfg)
			}
		})
	ctx, cancel := context.WithCancel(context.Background())
	if err := env.App.Jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := env.App.Jobs.Stop(); err != nil {
			t.Error(err)
		}
		cancel()
	})
	return env, catcher
}

// signupIn signs up an account whose mail is in lang; answers its email and token.
func signupIn(t *testing.T, env *servertest.Env, kind, lang string) (string, string) {
	t.Helper()
	address, jwt, _ := signupWith(t, env, kind, lang)
	return address, jwt
}

// signupWith is signupIn that also answers the user.
func signupWith(t *testing.T, env *servertest.Env, kind, lang string) (string, string, map[string]any) {
	t.Helper()
	address := uniqueEmail(kind)
	body := signupBody(kind, address)
	body["language"] = lang
	r := env.Call(t, http.MethodPost, "/auth/signup", "", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("signup: %d %s", r.Status, r.Raw)
	}
	data := r.Body["data"].(map[string]any)
	return address, data["jwt"].(string), data["user"].(map[string]any)
}

// tokenOf answers the token query parameter of a mailed link.
func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("token") == "" {
		t.Fatalf("link without a token: %q", link)
	}
	return u.Query().Get("token")
}

func confirmAddress(t *testing.T, env *servertest.Env, catcher *mailcatcher.Catcher, address string) {
	t.Helper()
	m := catcher.Wait(t, address, 1)[0]
	r := env.Call(t, http.MethodPost, "/auth/confirm-email", "", map[string]any{"token": tokenOf(t, m.Link(t, "/confirm-email?"))})
	if r.Status != http.StatusOK {
		t.Fatalf("confirm: %d %s", r.Status, r.Raw)
	}
}

func mailJobs(t *testing.T, env *servertest.Env) (n int) {
	t.Helper()
	if err := env.App.Pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'email.send'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPasswordResetByMailInTheUsersLanguage(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	for _, c := range []struct{ lang, subject string }{
		{"en", "Reset your OpenAffiliate password"},
		{"ro", "Resetează-ți parola OpenAffiliate"},
	} {
		address, _ := signupIn(t, env, "affiliate", c.lang)
		r := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": strings.ToUpper(address)})
		if r.Status != http.StatusAccepted {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		var reset mailcatcher.Message
		for _, m := range catcher.Wait(t, address, 2) { // the confirmation and the reset
			if m.Subject == c.subject {
				reset = m
			}
		}
		if reset.ID == "" || !strings.Contains(reset.HTML, "<a href=") || reset.Text == "" {
			t.Fatalf("%s: no reset mail with HTML and text among %v", c.lang, catcher.Messages(t, address))
		}
		if len(reset.Headers["List-Unsubscribe"]) != 0 {
			t.Errorf("a reset mail, asked for by its reader, has an unsubscribe header: %v", reset.Headers)
		}
		link := reset.Link(t, "/reset-password?")
		if !strings.HasPrefix(link, "http://affiliate.test/reset-password?token=") {
			t.Fatalf("link %q", link)
		}
		ok := env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": tokenOf(t, link), "newPassword": "a-new-password-1"})
		if ok.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", ok.Status, ok.Raw)
		}
		if r := login(t, env, address, "a-new-password-1"); r.Status != http.StatusOK {
			t.Fatalf("login with the new password: %d %s", r.Status, r.Raw)
		}
	}
}

func TestPasswordResetAnswersTheSameForAnUnknownEmail(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	known, _ := signupIn(t, env, "brand", "en")
	catcher.Wait(t, known, 1)
	a := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": known})
	b := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": "nobody-" + known})
	if a.Status != http.StatusAccepted || a.Status != b.Status || string(a.Raw) != string(b.Raw) {
		t.Fatalf("known %d %s, unknown %d %s", a.Status, a.Raw, b.Status, b.Raw)
	}
	catcher.Wait(t, known, 2)
	time.Sleep(300 * time.Millisecond)
	if got := catcher.Messages(t, "nobody-"+known); len(got) != 0 {
		t.Fatalf("mailed an unknown address: %v", got)
	}
}

func TestPasswordResetIsRateLimitedPerEmailAndPerAddress(t *testing.T) {
	env, _ := mailEnv(t, func(cfg *server.Config) { cfg.Limits.ResetPerIP = 5 })
	address := uniqueEmail("nobody")
	for i := range 3 {
		if r := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": address}); r.Status != http.StatusAccepted {
			t.Fatalf("request %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	r := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": address})
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// Other emails from the same client address: two more pass, then the address's limit of 5 holds.
	for i := range 2 {
		if r := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": uniqueEmail("other")}); r.Status != http.StatusAccepted {
			t.Fatalf("other email %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	wantError(t, env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": uniqueEmail("other")}), http.StatusTooManyRequests, "RATE_LIMITED")
}

func TestEmailConfirmationOnSignup(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	address, jwt := signupIn(t, env, "affiliate", "ro")
	m := catcher.Wait(t, address, 1)[0]
	if m.Subject != "Confirmă-ți adresa de email" || !strings.Contains(m.Text, "Bună, Ana!") {
		t.Fatalf("subject %q text %q", m.Subject, m.Text)
	}
	prefs := env.Call(t, http.MethodGet, "/email/preferences", jwt, nil)
	if d := prefs.Body["data"].(map[string]any); d["confirmed"] != false || d["enabled"] != true || d["language"] != "ro" {
		t.Fatalf("before: %s", prefs.Raw)
	}
	token := tokenOf(t, m.Link(t, "/confirm-email?"))
	if r := env.Call(t, http.MethodPost, "/auth/confirm-email", "", map[string]any{"token": token}); r.Status != http.StatusOK {
		t.Fatalf("confirm: %d %s", r.Status, r.Raw)
	}
	if d := env.Call(t, http.MethodGet, "/email/preferences", jwt, nil).Body["data"].(map[string]any); d["confirmed"] != true {
		t.Fatalf("after: %v", d)
	}
	wantError(t, env.Call(t, http.MethodPost, "/auth/confirm-email", "", map[string]any{"token": token}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/email/confirmation", jwt, nil), http.StatusConflict, "CONFLICT")
}

func TestMailInARolledBackTransactionIsNeverSent(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	ctx := context.Background()
	queue := func(to string) func(pgx.Tx) error {
		return func(tx pgx.Tx) error {
			return env.App.Email.QueuePasswordReset(ctx, tx, email.Recipient{ID: uuid.New(), Email: to, FirstName: "Ana", Language: "en"}, uuid.NewString())
		}
	}
	rollback := errors.New("roll back")
	if err := pgx.BeginFunc(ctx, env.App.Pool, func(tx pgx.Tx) error {
		if err := queue("rolled-back@example.com")(tx); err != nil {
			return err
		}
		return rollback
	}); !errors.Is(err, rollback) {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, env.App.Pool, queue("committed@example.com")); err != nil {
		t.Fatal(err)
	}
	catcher.Wait(t, "committed@example.com", 1)
	time.Sleep(300 * time.Millisecond)
	if got := catcher.Messages(t, "rolled-back@example.com"); len(got) != 0 || mailJobs(t, env) != 1 {
		t.Fatalf("rolled-back mail: %d caught, %d jobs", len(got), mailJobs(t, env))
	}
}

// flaky fails its first sends, then sends through the real sender.
type flaky struct {
	next     email.Deliverer
	failures int32
	calls    atomic.Int32
}

func (f *flaky) Send(ctx context.Context, m mail.Message) error {
	if f.calls.Add(1) <= f.failures {
		return errors.New("421 try again later")
	}
	return f.next.Send(ctx, m)
}

func TestFailingSendIsRetriedAndSentOnce(t *testing.T) {
	var f *flaky
	env, catcher := mailEnv(t, func(cfg *server.Config) {
		cfg.MailVia = func(d email.Deliverer) email.Deliverer { f = &flaky{next: d, failures: 2}; return f }
	})
	address, _ := signupIn(t, env, "brand", "en")
	m := catcher.Wait(t, address, 1)
	time.Sleep(500 * time.Millisecond)
	if got := catcher.Messages(t, address); len(got) != 1 || f.calls.Load() != 3 {
		t.Fatalf("%d mails after %d sends, want 1 after 3: %v", len(got), f.calls.Load(), m)
	}
	var attempt int
	var state string
	if err := env.App.Pool.QueryRow(context.Background(), `SELECT attempt, state FROM river_job WHERE kind = 'email.send'`).Scan(&attempt, &state); err != nil {
		t.Fatal(err)
	}
	if attempt != 3 || state != "completed" {
		t.Fatalf("job attempt %d state %s", attempt, state)
	}
}

func TestNotificationMailAndOneClickUnsubscribe(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	ctx := context.Background()
	address, jwt, me := signupWith(t, env, "affiliate", "en")
	confirmAddress(t, env, catcher, address)
	_, _, brand := signupWith(t, env, "brand", "en")
	affiliateID, brandID := uuid.MustParse(affiliateOf(t, env, me["id"].(string))), uuid.MustParse(brand["brandUuid"].(string))
	payoutPaid := func() {
		t.Helper()
		if err := pgx.BeginFunc(ctx, env.App.Pool, func(tx pgx.Tx) error {
			return notify.Send(ctx, tx, env.App.Email, notify.Notice{AffiliateID: affiliateID, BrandID: uuid.NullUUID{UUID: brandID, Valid: true},
				Kind: notify.PayoutPaid, Params: notify.Params{Amount: "44.75", Currency: "RON", Reference: "OP-1"}, EntityType: "payout", EntityID: uuid.NewString()})
		}); err != nil {
			t.Fatal(err)
		}
	}
	payoutPaid()
	m := catcher.Wait(t, address, 2)[0]
	if m.Subject != "Ana Shop SRL paid you 44,75\u00a0RON" || !strings.Contains(m.Text, "(reference OP-1)") {
		t.Fatalf("subject %q text %q", m.Subject, m.Text)
	}
	if got := m.Headers["List-Unsubscribe-Post"]; len(got) != 1 || got[0] != "List-Unsubscribe=One-Click" {
		t.Fatalf("List-Unsubscribe-Post %v", got)
	}
	target := strings.Trim(m.Headers["List-Unsubscribe"][0], "<>")
	u, err := url.Parse(target)
	if err != nil || u.Path != "/api/v1/email/unsubscribe" {
		t.Fatalf("List-Unsubscribe %q", target)
	}
	// A tampered token (another kind under the same signature) is refused.
	token := u.Query().Get("signature")
	if token == "" {
		t.Fatalf("List-Unsubscribe %q has no signature", target)
	}
	wantError(t, env.Send(t, http.MethodPost, "/email/unsubscribe?signature="+url.QueryEscape(token+"x"), http.Header{"Content-Type": {"application/x-www-form-urlencoded"}},
		[]byte("List-Unsubscribe=One-Click")), http.StatusBadRequest, "VALIDATION_ERROR")
	// What a mail client does on one click: a form POST, without signing in.
	r := env.Send(t, http.MethodPost, "/email/unsubscribe?"+u.RawQuery, http.Header{"Content-Type": {"application/x-www-form-urlencoded"}},
		[]byte("List-Unsubscribe=One-Click"))
	if r.Status != http.StatusOK || r.Body["data"] == nil || r.Body["data"].(map[string]any)["kind"] != "payout_paid" {
		t.Fatalf("unsubscribe: %d %s", r.Status, r.Raw)
	}
	prefs := env.Call(t, http.MethodGet, "/email/preferences", jwt, nil).Body["data"].(map[string]any)
	if muted := prefs["muted"].([]any); len(muted) != 1 || muted[0] != "payout_paid" {
		t.Fatalf("muted %v", muted)
	}
	payoutPaid()
	time.Sleep(500 * time.Millisecond)
	if got := catcher.Messages(t, address); len(got) != 2 {
		t.Fatalf("mailed after unsubscribing: %d mails", len(got))
	}
	// The unsubscribe page of the mail's footer takes the same token.
	if !strings.Contains(m.Text, "http://affiliate.test/unsubscribe?token=") {
		t.Fatalf("no unsubscribe page link in %q", m.Text)
	}
}

// affiliateOf answers the affiliate record of a user.
func affiliateOf(t *testing.T, env *servertest.Env, userID string) string {
	t.Helper()
	var id uuid.UUID
	if err := env.App.Pool.QueryRow(context.Background(), `SELECT affiliate_id FROM users WHERE id = $1`, userID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id.String()
}

func TestCommissionDigestOncePerDay(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	ctx := context.Background()
	address, _, me := signupWith(t, env, "affiliate", "ro")
	confirmAddress(t, env, catcher, address)
	_, _, brand := signupWith(t, env, "brand", "en")
	affiliateID, brandID := uuid.MustParse(affiliateOf(t, env, me["id"].(string))), uuid.MustParse(brand["brandUuid"].(string))
	for _, p := range []notify.Params{{Count: 2, Amount: "10.50", Currency: "RON"}, {Count: 1, Amount: "4.25", Currency: "RON"}} {
		if err := notify.Send(ctx, env.App.Pool, nil, notify.Notice{AffiliateID: affiliateID, BrandID: uuid.NullUUID{UUID: brandID, Valid: true},
			Kind: notify.ConversionsConfirmed, Params: p}); err != nil {
			t.Fatal(err)
		}
	}
	today := time.Now().UTC()
	for range 2 { // the second run finds the day's digest queued already
		if err := env.App.Email.QueueDigest(ctx, today); err != nil {
			t.Fatal(err)
		}
	}
	m := catcher.Wait(t, address, 2)[0]
	// The day as the Romanian interface writes it ("26 nov. 2026"), and the money as formatAmount does.
	day := written.Day(time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC), "ro")
	if m.Subject != "Comisioane confirmate pe "+day || !strings.Contains(m.Text, "• Ana Shop SRL: 3 conversii, comision 14,75\u00a0RON") {
		t.Fatalf("subject %q text %q", m.Subject, m.Text)
	}
	if !strings.HasPrefix(m.Link(t, "/conversions"), "http://affiliate.test/conversions") {
		t.Fatal("no link to the conversions")
	}
	time.Sleep(500 * time.Millisecond)
	if got := catcher.Messages(t, address); len(got) != 2 {
		t.Fatalf("%d mails, want the confirmation and one digest", len(got))
	}
}

func TestEmailOffQueuesNothing(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	cfg := env.Call(t, http.MethodGet, "/system/config", "", nil).Body["data"].(map[string]any)
	if cfg["email"] != false {
		t.Fatalf("config %v", cfg)
	}
	address, jwt := signupIn(t, env, "affiliate", "en")
	wantError(t, env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": address}), http.StatusConflict, "CONFLICT")
	if d := env.Call(t, http.MethodGet, "/email/preferences", jwt, nil).Body["data"].(map[string]any); d["enabled"] != false {
		t.Fatalf("preferences %v", d)
	}
	if n := mailJobs(t, env); n != 0 {
		t.Fatalf("%d mail jobs queued with email off", n)
	}
}

func TestEmailChangeAsksToConfirmTheNewAddress(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	address, jwt, me := signupWith(t, env, "affiliate", "en")
	confirmAddress(t, env, catcher, address)
	moved := uniqueEmail("moved")
	r := env.Call(t, http.MethodPut, "/affiliates/"+affiliateOf(t, env, me["id"].(string)), jwt,
		map[string]any{"name": "Ana Pop", "email": moved, "current_password": "correct-horse"})
	if r.Status != http.StatusOK {
		t.Fatalf("change: %d %s", r.Status, r.Raw)
	}
	if d := env.Call(t, http.MethodGet, "/email/preferences", jwt, nil).Body["data"].(map[string]any); d["confirmed"] != false {
		t.Fatalf("a changed address is confirmed: %v", d)
	}
	m := catcher.Wait(t, moved, 1)[0]
	if m.Subject != "Confirm your email address" {
		t.Fatalf("subject %q", m.Subject)
	}
	confirmAddress(t, env, catcher, moved)
	if d := env.Call(t, http.MethodGet, "/email/preferences", jwt, nil).Body["data"].(map[string]any); d["confirmed"] != true {
		t.Fatalf("not confirmed: %v", d)
	}
}

func TestApplicationDecisionIsMailedInTheAffiliatesLanguage(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	b, domain := newBrand(t, env)
	c := createCampaign(t, env, b.token, map[string]any{"name": "Manual", "homepage_url": "https://" + domain + "/", "approval_mode": "manual"})
	aff := newAccount(t, env, "affiliate") // signed up without a language: Romanian
	address := aff.user["email"].(string)
	confirmAddress(t, env, catcher, address)
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+c["id"].(string)+"/join", aff.token, nil), http.StatusOK)
	apps := data(mustStatus(t, env.Call(t, http.MethodGet, "/applications?status=pending", b.token, nil), http.StatusOK))["applications"].([]any)
	app := apps[0].(map[string]any)["id"].(string)
	mustStatus(t, env.Call(t, http.MethodPost, "/applications/"+app+"/approve", b.token, nil), http.StatusOK)
	m := catcher.Wait(t, address, 2)[0]
	if !strings.HasSuffix(m.Subject, " ți-a aprobat cererea de înscriere în „Manual”") || !strings.Contains(m.Text, "Îți poți crea acum linkurile de urmărire.") {
		t.Fatalf("subject %q text %q", m.Subject, m.Text)
	}
	if !strings.HasPrefix(m.Link(t, "/offers"), "http://affiliate.test/offers") || len(m.Headers["List-Unsubscribe"]) != 1 {
		t.Fatalf("link or unsubscribe header missing: %v", m.Headers)
	}
}
