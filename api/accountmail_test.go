package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/spec"
	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/domain/email"
	"github.com/openaffiliate/platform/server/testkit/mailcatcher"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// idleMailEnv runs a server with email on whose job runner never starts: what a request queued
// stays in river_job as the request left it.
func idleMailEnv(t *testing.T) *servertest.Env {
	t.Helper()
	return servertest.Start(t, "", map[string]string{"SMTP_URL": "smtp://127.0.0.1:1?tls=none", "MAIL_FROM": "OpenAffiliate <no-reply@affiliate.test>"}, nil)
}

// jobsHolding counts the jobs whose arguments hold any of the texts.
func jobsHolding(t *testing.T, env *servertest.Env, texts ...string) int {
	t.Helper()
	n := 0
	for _, text := range texts {
		var c int
		if err := env.App.Pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE strpos(args::text, $1) > 0`, text).Scan(&c); err != nil {
			t.Fatal(err)
		}
		n += c
	}
	return n
}

// waitJobsFinished waits until no job of the kinds is left to run.
func waitJobsFinished(t *testing.T, env *servertest.Env, kinds ...string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var left int
		if err := env.App.Pool.QueryRow(context.Background(),
			`SELECT count(*) FROM river_job WHERE kind = ANY($1) AND state NOT IN ('completed', 'discarded', 'cancelled')`, kinds).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs of %v still to run after 15 s", left, kinds)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestQueuedMailHoldsNoWorkingLink: a reset or confirmation mail waiting in river_job holds neither
// its token nor its link, and is still sent with its link (TestPasswordResetByMailInTheUsersLanguage).
func TestQueuedMailHoldsNoWorkingLink(t *testing.T) {
	env := idleMailEnv(t)
	ctx := context.Background()
	token := "tok-" + uuid.NewString()
	to := email.Recipient{ID: uuid.New(), Email: "queued@example.com", FirstName: "Ana", Language: "en"}
	if err := pgx.BeginFunc(ctx, env.App.Pool, func(tx pgx.Tx) error {
		if err := env.App.Email.QueuePasswordReset(ctx, tx, to, token); err != nil {
			return err
		}
		return env.App.Email.QueueConfirmation(ctx, tx, to, token+"-confirm")
	}); err != nil {
		t.Fatal(err)
	}
	if n := mailJobs(t, env); n != 2 {
		t.Fatalf("%d mail jobs", n)
	}
	if n := jobsHolding(t, env, token, "/reset-password", "/confirm-email"); n != 0 {
		t.Fatalf("%d queued mail jobs hold a token or a link", n)
	}
}

// TestSentMailJobsKeepOnlyTheirKey: once a reset mail is sent, nothing in river_job holds its token,
// its link or the address asked for; a sent mail's job keeps only its key.
func TestSentMailJobsKeepOnlyTheirKey(t *testing.T) {
	env, catcher := mailEnv(t, nil)
	address, _ := signupIn(t, env, "affiliate", "en")
	confirmation := catcher.Wait(t, address, 1)[0]
	if r := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": address}); r.Status != http.StatusAccepted {
		t.Fatalf("forgot: %d %s", r.Status, r.Raw)
	}
	var link string
	for _, m := range catcher.Wait(t, address, 2) {
		if m.Subject == "Reset your OpenAffiliate password" {
			link = m.Link(t, "/reset-password?")
		}
	}
	waitJobsFinished(t, env, "email.send", "accounts.password_reset")
	token := tokenOf(t, link)
	confirmToken := tokenOf(t, confirmation.Link(t, "/confirm-email?"))
	if n := jobsHolding(t, env, token, url.QueryEscape(token), confirmToken, "/reset-password", "/confirm-email", address); n != 0 {
		t.Fatalf("%d finished jobs hold a token, a link or the address", n)
	}
	rows, err := env.App.Pool.Query(context.Background(), `SELECT args FROM river_job WHERE kind = 'email.send'`)
	if err != nil {
		t.Fatal(err)
	}
	args, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range args {
		var fields map[string]any
		if err := json.Unmarshal(a, &fields); err != nil {
			t.Fatal(err)
		}
		if _, ok := fields["key"]; !ok || len(fields) != 1 {
			t.Errorf("a sent mail's job keeps %s", a)
		}
	}
	// The link still works: it was built at send time from what the job held sealed.
	if r := env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": "a-new-password-1"}); r.Status != http.StatusOK {
		t.Fatalf("reset: %d %s", r.Status, r.Raw)
	}
}

// TestConfirmationMailsAreLimitedPerAccountAndAddress: asking again and changing the address both
// count against the limits per account and per address (429 with Retry-After); a refused change
// changes nothing.
func TestConfirmationMailsAreLimitedPerAccountAndAddress(t *testing.T) {
	env, _ := mailEnv(t, func(cfg *server.Config) { cfg.Limits.ConfirmPerAccount, cfg.Limits.ConfirmPerEmail = 2, 2 })
	_, jwt := signupIn(t, env, "affiliate", "en")
	for i := range 2 {
		if r := env.Call(t, http.MethodPost, "/email/confirmation", jwt, nil); r.Status != http.StatusAccepted {
			t.Fatalf("resend %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	r := env.Call(t, http.MethodPost, "/email/confirmation", jwt, nil)
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}

	type person struct{ jwt, affiliate, email string }
	newPerson := func() person {
		address, jwt, me := signupWith(t, env, "affiliate", "en")
		return person{jwt: jwt, affiliate: affiliateOf(t, env, me["id"].(string)), email: address}
	}
	change := func(p person, to string) servertest.Response {
		return env.Call(t, http.MethodPut, "/affiliates/"+p.affiliate, p.jwt, map[string]any{"name": "Ana Pop", "email": to, "current_password": "correct-horse"})
	}
	// Per account: a third change of one account's address is refused, whatever the address.
	e := newPerson()
	for range 2 {
		mustStatus(t, change(e, uniqueEmail("moved")), http.StatusOK)
	}
	refused := change(e, uniqueEmail("moved"))
	wantError(t, refused, http.StatusTooManyRequests, "RATE_LIMITED")
	if refused.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After on a refused change")
	}
	// Per address: a third account moving to one address is refused, and keeps its own.
	target := uniqueEmail("target")
	for range 2 {
		p := newPerson()
		mustStatus(t, change(p, target), http.StatusOK)
		mustStatus(t, change(p, uniqueEmail("away")), http.StatusOK)
	}
	d := newPerson()
	wantError(t, change(d, target), http.StatusTooManyRequests, "RATE_LIMITED")
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/"+d.affiliate+"/details", d.jwt, nil), http.StatusOK))["affiliate"].(map[string]any)["email"]; got != d.email {
		t.Errorf("a refused change stored %v", got)
	}
}

// mailedResetToken asks for a password reset of address and answers the token of the mail it brought,
// the seen-th mail to the address.
func mailedResetToken(t *testing.T, env *servertest.Env, catcher *mailcatcher.Catcher, address string, seen int) string {
	t.Helper()
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": address}), http.StatusAccepted)
	return tokenOf(t, catcher.Wait(t, address, seen)[0].Link(t, "/reset-password?"))
}

// TestResetLinksEndWithANewerResetAPasswordChangeAndAnEmailChange: a used reset link ends every
// other one, and so do a password change and an email change; the old address is told of the
// change in the user's language.
func TestResetLinksEndWithANewerResetAPasswordChangeAndAnEmailChange(t *testing.T) {
	env, catcher := mailEnv(t, func(cfg *server.Config) { cfg.Limits.ResetPerEmail = 10 })
	reset := func(token, password string) servertest.Response {
		return env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": password})
	}
	address, _, me := signupWith(t, env, "affiliate", "en")
	confirmAddress(t, env, catcher, address)
	older := mailedResetToken(t, env, catcher, address, 2)
	newer := mailedResetToken(t, env, catcher, address, 3)
	mustStatus(t, reset(newer, "second-password-1"), http.StatusOK)
	wantError(t, reset(older, "third-password-1"), http.StatusBadRequest, "VALIDATION_ERROR")

	beforeChange := mailedResetToken(t, env, catcher, address, 4)
	token := data(mustStatus(t, login(t, env, address, "second-password-1"), http.StatusOK))["jwt"].(string)
	r := env.Call(t, http.MethodPost, "/auth/change-password", token, map[string]any{"currentPassword": "second-password-1", "newPassword": "third-password-1"})
	token = data(mustStatus(t, r, http.StatusOK))["jwt"].(string)
	wantError(t, reset(beforeChange, "fourth-password-1"), http.StatusBadRequest, "VALIDATION_ERROR")

	beforeMove := mailedResetToken(t, env, catcher, address, 5)
	moved := uniqueEmail("moved")
	mustStatus(t, env.Call(t, http.MethodPut, "/affiliates/"+affiliateOf(t, env, me["id"].(string)), token,
		map[string]any{"name": "Ana Pop", "email": moved, "current_password": "third-password-1"}), http.StatusOK)
	wantError(t, reset(beforeMove, "fourth-password-1"), http.StatusBadRequest, "VALIDATION_ERROR")
	notice := catcher.Wait(t, address, 6)[0]
	if notice.Subject != "Your OpenAffiliate account's email changed" || !strings.Contains(notice.Text, moved) || !strings.Contains(notice.Text, address) {
		t.Errorf("the old address's notice: %q\n%s", notice.Subject, notice.Text)
	}
	if m := catcher.Wait(t, moved, 1)[0]; m.Subject != "Confirm your email address" {
		t.Errorf("the new address's mail: %q", m.Subject)
	}

	// In Romanian for a Romanian user.
	roAddress, roJWT, roMe := signupWith(t, env, "affiliate", "ro")
	catcher.Wait(t, roAddress, 1)
	mustStatus(t, env.Call(t, http.MethodPut, "/affiliates/"+affiliateOf(t, env, roMe["id"].(string)), roJWT,
		map[string]any{"name": "Ana Pop", "email": uniqueEmail("mutat"), "current_password": "correct-horse"}), http.StatusOK)
	if m := catcher.Wait(t, roAddress, 2)[0]; m.Subject != "Adresa de email a contului tău OpenAffiliate s-a schimbat" || !strings.Contains(m.Text, "Bună, Ana!") {
		t.Errorf("the Romanian notice: %q\n%s", m.Subject, m.Text)
	}
}

// TestPasswordResetDoesTheSameWorkForEveryEmail: the answer is written once the request is counted
// and queued, before its account is looked up: an email with an account and one without leave the
// same job, and no reset link or mail exists until the job runs.
func TestPasswordResetDoesTheSameWorkForEveryEmail(t *testing.T) {
	env := idleMailEnv(t)
	address, _, me := signupWith(t, env, "affiliate", "en")
	mailsBefore := mailJobs(t, env)
	for _, a := range []string{address, "nobody-" + address} {
		mustStatus(t, env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": a}), http.StatusAccepted)
	}
	ctx := context.Background()
	var tokens, requests int
	if err := env.App.Pool.QueryRow(ctx, `SELECT count(*) FROM password_reset_tokens WHERE user_id = $1`, me["id"]).Scan(&tokens); err != nil {
		t.Fatal(err)
	}
	if err := env.App.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'accounts.password_reset'`).Scan(&requests); err != nil {
		t.Fatal(err)
	}
	if tokens != 0 || mailJobs(t, env) != mailsBefore || requests != 2 {
		t.Fatalf("before the background work: %d reset tokens, %d mails queued (%d before), %d requests queued, want 0, none new and 2",
			tokens, mailJobs(t, env), mailsBefore, requests)
	}
}

// TestEmailOffAnswersTheSameEverywhere: with email off, asking for a reset link and for a
// confirmation link both answer 409 CONFLICT, each saying what it is about, and the contract says
// 409 for both.
func TestEmailOffAnswersTheSameEverywhere(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	address, jwt := signupIn(t, env, "affiliate", "en")
	forgot := env.Call(t, http.MethodPost, "/auth/forgot-password", "", map[string]any{"email": address})
	wantError(t, forgot, http.StatusConflict, "CONFLICT")
	resend := env.Call(t, http.MethodPost, "/email/confirmation", jwt, nil)
	wantError(t, resend, http.StatusConflict, "CONFLICT")
	for _, r := range []servertest.Response{forgot, resend} {
		if msg, _ := r.Body["error"].(string); !strings.HasPrefix(msg, "Email is off on this server") {
			t.Errorf("message %q", msg)
		}
	}
	if msg, _ := resend.Body["error"].(string); strings.Contains(msg, "password") {
		t.Errorf("the confirmation's answer speaks of a password: %q", msg)
	}

	doc, err := openapi3.NewLoader().LoadFromData(spec.YAML)
	if err != nil {
		t.Fatal(err)
	}
	for path, id := range map[string]string{"/auth/forgot-password": "requestPasswordReset", "/email/confirmation": "resendEmailConfirmation"} {
		op := doc.Paths.Find(path).Post
		conflict := op.Responses.Status(http.StatusConflict)
		if conflict == nil || conflict.Value == nil || !strings.Contains(*conflict.Value.Description, "Email is off") {
			t.Errorf("%s: no 409 for email off", id)
		}
		if strings.Contains(op.Description, "503 while email is off") || !strings.Contains(op.Description, "`409 CONFLICT`") {
			t.Errorf("%s's description does not say 409 for email off:\n%s", id, op.Description)
		}
	}
}
