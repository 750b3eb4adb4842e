package api_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

const demoPassword = "demo-password"

func jwtOf(t *testing.T, r servertest.Response) string {
	t.Helper()
	token, _ := r.Body["data"].(map[string]any)["jwt"].(string)
	if token == "" {
		t.Fatalf("no token in %d %s", r.Status, r.Raw)
	}
	return token
}

// TestDemoAccountsOnlyInDevModeOnLoopback starts servers in turn on one database: dev mode seeds
// the demo accounts; a start without dev mode, or in dev mode on a public URL, disables them
// (password sign-in and their earlier tokens answer 401, dev-login 404); dev mode on a loopback
// URL enables them again.
func TestDemoAccountsOnlyInDevModeOnLoopback(t *testing.T) {
	demo := "demo-brand@openaffiliate.dev"
	dev := servertest.Start(t, "", map[string]string{"DEV_MODE": "true", "DATA_DIR": t.TempDir(), "PUBLIC_URL": "http://127.0.0.1:18080"}, nil)
	devToken := jwtOf(t, mustStatus(t, login(t, dev, demo, demoPassword), http.StatusOK))
	mustStatus(t, dev.Call(t, http.MethodPost, "/auth/dev-login", "", map[string]any{"accountType": "host"}), http.StatusOK)
	if cfg := mustStatus(t, dev.Call(t, http.MethodGet, "/system/config", "", nil), http.StatusOK); cfg.Body["data"].(map[string]any)["dev_mode"] != true {
		t.Errorf("dev mode on loopback: %s", cfg.Raw)
	}
	dbURL := dev.DatabaseURL()
	dev.Close()

	for name, vars := range map[string]map[string]string{
		"dev mode off":           {},
		"dev mode on public URL": {"DEV_MODE": "true", "DATA_DIR": t.TempDir(), "PUBLIC_URL": "https://affiliate.example.com"},
	} {
		t.Run(name, func(t *testing.T) {
			env := servertest.Start(t, dbURL, vars, nil)
			defer env.Close()
			wantError(t, login(t, env, demo, demoPassword), http.StatusUnauthorized, "UNAUTHORIZED")
			wantError(t, env.Call(t, http.MethodGet, "/auth/me", devToken, nil), http.StatusUnauthorized, "UNAUTHORIZED")
			wantError(t, env.Call(t, http.MethodPost, "/auth/dev-login", "", map[string]any{"accountType": "brand"}), http.StatusNotFound, "NOT_FOUND")
			if cfg := mustStatus(t, env.Call(t, http.MethodGet, "/system/config", "", nil), http.StatusOK); cfg.Body["data"].(map[string]any)["dev_mode"] != false {
				t.Errorf("system config: %s", cfg.Raw)
			}
		})
	}

	again := servertest.Start(t, dbURL, map[string]string{"DEV_MODE": "true", "DATA_DIR": t.TempDir(), "PUBLIC_URL": "http://localhost:18080"}, nil)
	mustStatus(t, login(t, again, demo, demoPassword), http.StatusOK)
	mustStatus(t, again.Call(t, http.MethodPost, "/auth/dev-login", "", map[string]any{"accountType": "affiliate"}), http.StatusOK)
}

// TestChangePasswordEndsEverySession: every token issued before the change answers 401, and the
// fresh token the change answers works at once, in the same second.
func TestChangePasswordEndsEverySession(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("change")
	first := jwtOf(t, mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated))
	second := jwtOf(t, mustStatus(t, login(t, env, email, "correct-horse"), http.StatusOK))

	r := mustStatus(t, env.Call(t, http.MethodPost, "/auth/change-password", first,
		map[string]any{"currentPassword": "correct-horse", "newPassword": "battery-staple"}), http.StatusOK)
	fresh := jwtOf(t, r)
	for _, token := range []string{first, second} {
		wantError(t, env.Call(t, http.MethodGet, "/auth/me", token, nil), http.StatusUnauthorized, "UNAUTHORIZED")
	}
	mustStatus(t, env.Call(t, http.MethodGet, "/auth/me", fresh, nil), http.StatusOK)
	later := jwtOf(t, mustStatus(t, login(t, env, email, "battery-staple"), http.StatusOK))
	mustStatus(t, env.Call(t, http.MethodGet, "/auth/me", later, nil), http.StatusOK)
	// A wrong current password changes nothing and ends nothing.
	wantError(t, env.Call(t, http.MethodPost, "/auth/change-password", fresh,
		map[string]any{"currentPassword": "not-the-password", "newPassword": "another-one-1"}), http.StatusBadRequest, "VALIDATION_ERROR")
	mustStatus(t, env.Call(t, http.MethodGet, "/auth/me", fresh, nil), http.StatusOK)
}

// TestPasswordResetEndsEverySession: a host-issued reset ends the user's sessions.
func TestPasswordResetEndsEverySession(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	email := uniqueEmail("reset-sessions")
	r := mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("brand", email)), http.StatusCreated)
	old := jwtOf(t, r)
	userID := r.Body["data"].(map[string]any)["user"].(map[string]any)["id"].(string)

	token := resetLink(t, env, host, userID)
	mustStatus(t, env.Call(t, http.MethodGet, "/auth/me", old, nil), http.StatusOK) // a link alone ends nothing
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": "reset-password-1"}), http.StatusOK)
	wantError(t, env.Call(t, http.MethodGet, "/auth/me", old, nil), http.StatusUnauthorized, "UNAUTHORIZED")
	fresh := jwtOf(t, mustStatus(t, login(t, env, email, "reset-password-1"), http.StatusOK))
	mustStatus(t, env.Call(t, http.MethodGet, "/auth/me", fresh, nil), http.StatusOK)
}

// TestLoginLimitHoldsUnderConcurrency sends 40 wrong passwords for one email at once: at most
// the limit (5) are checked and answer 401; the rest answer 429.
func TestLoginLimitHoldsUnderConcurrency(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	email := uniqueEmail("burst")
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated)
	statuses := make(chan int, 40)
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() { statuses <- login(t, env, email, "wrong-password").Status })
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
	if counts[http.StatusUnauthorized] < 1 || counts[http.StatusUnauthorized] > 5 || counts[http.StatusTooManyRequests] != 40-counts[http.StatusUnauthorized] {
		t.Errorf("40 concurrent wrong passwords answered %v; want at most 5 401s and the rest 429", counts)
	}
	// The right password waits too, and nobody else's email is held up.
	wantError(t, login(t, env, email, "correct-horse"), http.StatusTooManyRequests, "RATE_LIMITED")
}

func wantRetryAfter(t *testing.T, r servertest.Response) {
	t.Helper()
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 900 {
		t.Errorf("Retry-After = %q", r.Header.Get("Retry-After"))
	}
}

// TestSignupLimitPerAddress: ten sign-ups from one address in 15 minutes, then 429.
func TestSignupLimitPerAddress(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	for i := range 10 {
		mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", uniqueEmail("many-"+strconv.Itoa(i)))), http.StatusCreated)
	}
	before := userCount(t, env)
	r := env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("brand", uniqueEmail("one-too-many")))
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	wantRetryAfter(t, r)
	if userCount(t, env) != before {
		t.Error("a refused sign-up stored a user")
	}
}

// TestResetLimitPerAddress: twenty reset attempts from one address in 15 minutes, then 429 even
// with a valid token, which stays unused.
func TestResetLimitPerAddress(t *testing.T) {
	env := servertest.Start(t, "", nil, nil)
	host := hostToken(t, env)
	email := uniqueEmail("guessed")
	r := mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated)
	token := resetLink(t, env, host, r.Body["data"].(map[string]any)["user"].(map[string]any)["id"].(string))
	for i := range 20 {
		wantError(t, env.Call(t, http.MethodPost, "/auth/reset-password", "",
			map[string]any{"token": "guess-" + strconv.Itoa(i), "newPassword": "guessed-password"}), http.StatusBadRequest, "VALIDATION_ERROR")
	}
	r = env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": "guessed-password"})
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	wantRetryAfter(t, r)
	mustStatus(t, login(t, env, email, "correct-horse"), http.StatusOK)
}

// TestAffiliateInvite: an email alone never claims an affiliate the host created; the host's
// one-time invitation link does, for that email only.
func TestAffiliateInvite(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	email := uniqueEmail("invited")
	made := mustStatus(t, env.Call(t, http.MethodPost, "/affiliates", host, map[string]any{"name": "Invited One", "email": email}), http.StatusCreated)
	affID := data(made)["affiliate"].(map[string]any)["id"].(string)
	path := "/admin/affiliates/" + affID + "/invite-link"

	// Someone who only knows the email is refused, and the record stays unclaimed.
	before := userCount(t, env)
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusConflict, "CONFLICT")
	if userCount(t, env) != before {
		t.Error("a refused sign-up stored a user")
	}

	// Only the host issues invitations.
	brand, _ := signup(t, env, "brand")
	affiliate, _ := signup(t, env, "affiliate")
	wantError(t, env.Call(t, http.MethodPost, path, brand, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, path, affiliate, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, path, "", nil), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, env.Call(t, http.MethodPost, "/admin/affiliates/7d1c7a0e-8c84-4a53-9a58-2a6f7b9e0c11/invite-link", host, nil), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/admin/affiliates/not-a-uuid/invite-link", host, nil), http.StatusBadRequest, "VALIDATION_ERROR")

	invite := func() string {
		t.Helper()
		r := mustStatus(t, env.Call(t, http.MethodPost, path, host, nil), http.StatusCreated)
		link, err := url.Parse(r.Body["data"].(map[string]any)["invite_url"].(string))
		if err != nil || link.Path != "/auth" || link.Query().Get("invite") == "" {
			t.Fatalf("invite url %s", r.Raw)
		}
		return link.Query().Get("invite")
	}
	expired := invite()
	if _, err := env.App.Pool.Exec(context.Background(), "UPDATE affiliate_invites SET expires_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	token := invite()
	if count(t, env, "SELECT count(*) FROM affiliate_invites WHERE token_hash = $1", []byte(token)) != 0 {
		t.Error("the raw invitation token is stored")
	}
	withInvite := func(kind, email, token string) map[string]any {
		b := signupBody(kind, email)
		b["inviteToken"] = token
		return b
	}
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", withInvite("affiliate", email, expired)), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", withInvite("affiliate", email, "not-a-token")), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", withInvite("affiliate", uniqueEmail("other"), token)), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", withInvite("brand", email, token)), http.StatusBadRequest, "VALIDATION_ERROR")

	r := mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", withInvite("affiliate", email, token)), http.StatusCreated)
	userID := r.Body["data"].(map[string]any)["user"].(map[string]any)["id"].(string)
	byUser := mustStatus(t, env.Call(t, http.MethodGet, "/affiliates/by-user/"+userID, host, nil), http.StatusOK)
	if byUser.Body["data"].(map[string]any)["affiliate"].(map[string]any)["id"] != affID {
		t.Error("signing up through the invitation did not claim the affiliate")
	}
	// Used once; a claimed affiliate gets no more invitations.
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", withInvite("affiliate", uniqueEmail("late"), token)), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, path, host, nil), http.StatusConflict, "CONFLICT")
}
