package api_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// wantField fails unless r is a 400 VALIDATION_ERROR naming field.
func wantField(t *testing.T, r servertest.Response, field string) {
	t.Helper()
	wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
	for _, d := range r.Body["details"].([]any) {
		if d.(map[string]any)["field"] == field {
			return
		}
	}
	t.Fatalf("no detail names %s: %s", field, r.Raw)
}

func retryAfter(t *testing.T, r servertest.Response) int {
	t.Helper()
	s, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	return s
}

// TestDevLoginOnlyFromLoopback: in dev mode, dev-login and the demo accounts' password answer a
// connection from the loopback interface only; another peer gets dev-login's 404 and the wrong
// password's 401, even when it claims a loopback address in X-Forwarded-For behind TRUST_PROXY.
func TestDevLoginOnlyFromLoopback(t *testing.T) {
	env := servertest.Start(t, "", map[string]string{"DEV_MODE": "true", "DATA_DIR": t.TempDir(), "PUBLIC_URL": "http://127.0.0.1:18080", "TRUST_PROXY": "true"}, nil)
	body := map[string]any{"accountType": "host"}
	demo := map[string]any{"email": "demo-host@openaffiliate.dev", "password": demoPassword}
	for _, from := range []string{"203.0.113.7:40000", "[2001:db8::7]:40000", "192.168.1.20:40000"} {
		wantError(t, env.CallFrom(t, from, http.MethodPost, "/auth/dev-login", nil, body), http.StatusNotFound, "NOT_FOUND")
		wantError(t, env.CallFrom(t, from, http.MethodPost, "/auth/dev-login", http.Header{"X-Forwarded-For": {"127.0.0.1"}}, body), http.StatusNotFound, "NOT_FOUND")
		wantError(t, env.CallFrom(t, from, http.MethodPost, "/auth/login", nil, demo), http.StatusUnauthorized, "UNAUTHORIZED")
	}
	for _, from := range []string{"127.0.0.1:40000", "[::1]:40000"} {
		mustStatus(t, env.CallFrom(t, from, http.MethodPost, "/auth/dev-login", nil, body), http.StatusOK)
		mustStatus(t, env.CallFrom(t, from, http.MethodPost, "/auth/login", nil, demo), http.StatusOK)
	}
}

// TestChangePasswordGuessesLimited: wrong current passwords count like failed sign-ins, for the
// user's email (the right one then waits too, and so does signing in) and for the address.
func TestChangePasswordGuessesLimited(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("guess-change")
	token := jwtOf(t, mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated))
	for i := range 5 {
		wantField(t, env.Call(t, http.MethodPost, "/auth/change-password", token,
			map[string]any{"currentPassword": "guess-" + strconv.Itoa(i), "newPassword": "battery-staple"}), "currentPassword")
	}
	r := env.Call(t, http.MethodPost, "/auth/change-password", token, map[string]any{"currentPassword": "correct-horse", "newPassword": "battery-staple"})
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	wantRetryAfter(t, r)
	wantError(t, login(t, env, email, "correct-horse"), http.StatusTooManyRequests, "RATE_LIMITED")

	// Per address: a server allowing 3 failures per address refuses a fourth, whoever's it is.
	small := servertest.Start(t, "", nil, func(cfg *server.Config) { cfg.Limits.LoginPerIP = 3 })
	guesser := jwtOf(t, mustStatus(t, small.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", uniqueEmail("guesser"))), http.StatusCreated))
	for i := range 3 {
		wantField(t, small.Call(t, http.MethodPost, "/auth/change-password", guesser,
			map[string]any{"currentPassword": "guess-" + strconv.Itoa(i), "newPassword": "battery-staple"}), "currentPassword")
	}
	wantError(t, small.Call(t, http.MethodPost, "/auth/change-password", guesser,
		map[string]any{"currentPassword": "guess-3", "newPassword": "battery-staple"}), http.StatusTooManyRequests, "RATE_LIMITED")
}

// TestLoginLimitGroupsIPv6By64: an address's failures count per /64 for IPv6, so one subscriber
// cannot pass the limit by moving through its network; another /64 and IPv4 count on their own.
func TestLoginLimitGroupsIPv6By64(t *testing.T) {
	env := servertest.Start(t, "", map[string]string{"TRUST_PROXY": "true"}, func(cfg *server.Config) { cfg.Limits.LoginPerIP = 3 })
	from := func(ip string) servertest.Response {
		return env.CallWithHeaders(t, http.MethodPost, "/auth/login", "", http.Header{"X-Forwarded-For": {ip}},
			map[string]any{"email": uniqueEmail("v6"), "password": "wrong-password"})
	}
	for _, ip := range []string{"2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:aaaa:bbbb:cccc:dddd"} {
		wantError(t, from(ip), http.StatusUnauthorized, "UNAUTHORIZED")
	}
	wantError(t, from("2001:db8:1:2:ffff::9"), http.StatusTooManyRequests, "RATE_LIMITED")
	wantError(t, from("2001:db8:1:3::1"), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, from("198.51.100.4"), http.StatusUnauthorized, "UNAUTHORIZED")
}

// TestLoginBacksOffInsteadOfLockingOut: past the free failures an email's further attempts wait,
// longer after each failure (Retry-After grows), and the owner with the right password gets in
// once the wait is over instead of being locked out for the whole window.
func TestLoginBacksOffInsteadOfLockingOut(t *testing.T) {
	env := servertest.Start(t, "", nil, func(cfg *server.Config) {
		cfg.Limits.LoginBackoff, cfg.Limits.LoginBackoffMax = time.Second, 4*time.Second
	})
	email := uniqueEmail("backoff")
	mustStatus(t, env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)), http.StatusCreated)
	for range 5 {
		wantError(t, login(t, env, email, "wrong-password"), http.StatusUnauthorized, "UNAUTHORIZED")
	}
	r := login(t, env, email, "correct-horse")
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if s := retryAfter(t, r); s != 1 {
		t.Errorf("first wait %d s, want 1", s)
	}
	time.Sleep(1100 * time.Millisecond)
	wantError(t, login(t, env, email, "wrong-password"), http.StatusUnauthorized, "UNAUTHORIZED")
	r = login(t, env, email, "correct-horse")
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if s := retryAfter(t, r); s != 2 {
		t.Errorf("second wait %d s, want 2", s)
	}
	time.Sleep(2100 * time.Millisecond)
	mustStatus(t, login(t, env, email, "correct-horse"), http.StatusOK)
	// Signed in: the failures are forgotten.
	wantError(t, login(t, env, email, "wrong-password"), http.StatusUnauthorized, "UNAUTHORIZED")
}

// TestEmailChangeNeedsCurrentPassword: the email is the sign-in name and the payout email, so a
// change asks for the caller's own current password (missing or wrong: 400 naming it, nothing
// stored); the name alone changes without it; the host confirms with its own password.
func TestEmailChangeNeedsCurrentPassword(t *testing.T) {
	env := servertest.Get(t)
	aff := newAccount(t, env, "affiliate")
	affID := data(env.Call(t, http.MethodGet, "/affiliates/by-user/"+aff.id(), aff.token, nil))["affiliate"].(map[string]any)["id"].(string)
	stolen := uniqueEmail("attacker")
	wantField(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, aff.token, map[string]any{"name": "Ana Pop", "email": stolen}), "current_password")
	wantField(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, aff.token, map[string]any{"name": "Ana Pop", "email": stolen, "current_password": "not-it-at-all"}), "current_password")
	if n := count(t, env, "SELECT count(*) FROM users WHERE email = $1", stolen); n != 0 {
		t.Fatal("a refused change stored the email")
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, aff.token, map[string]any{"name": "Ana Popescu", "email": aff.user["email"]}), http.StatusOK)
	mine := uniqueEmail("moved")
	mustStatus(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, aff.token, map[string]any{"name": "Ana Popescu", "email": mine, "current_password": "correct-horse"}), http.StatusOK)
	mustStatus(t, login(t, env, mine, "correct-horse"), http.StatusOK)

	host := hostToken(t, env)
	byHost := uniqueEmail("by-host")
	wantField(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, host, map[string]any{"name": "Ana Popescu", "email": byHost}), "current_password")
	mustStatus(t, env.Call(t, http.MethodPut, "/affiliates/"+affID, host, map[string]any{"name": "Ana Popescu", "email": byHost, "current_password": servertest.HostPassword}), http.StatusOK)
}
