package api_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

func hostToken(t *testing.T, env *servertest.Env) string {
	t.Helper()
	r := login(t, env, servertest.HostEmail, servertest.HostPassword)
	if r.Status != http.StatusOK {
		t.Fatalf("the host from HOST_EMAIL cannot sign in: %d %s", r.Status, r.Raw)
	}
	user := r.Body["data"].(map[string]any)["user"].(map[string]any)
	if user["accountType"] != "host" || user["isVerified"] != true {
		t.Fatalf("bootstrap host: %v", user)
	}
	return r.Body["data"].(map[string]any)["jwt"].(string)
}

func TestHostBootstrapAndCreateHost(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	email := uniqueEmail("host")
	body := map[string]any{"email": email, "password": "another-host-pw", "firstName": "Ion", "lastName": "Ionescu"}
	r := env.Call(t, http.MethodPost, "/admin/hosts", host, body)
	if r.Status != http.StatusCreated {
		t.Fatalf("create host: %d %s", r.Status, r.Raw)
	}
	if login(t, env, email, "another-host-pw").Status != http.StatusOK {
		t.Error("the new host cannot sign in")
	}
	wantError(t, env.Call(t, http.MethodPost, "/admin/hosts", host, body), http.StatusConflict, "CONFLICT")
	wantError(t, env.Call(t, http.MethodPost, "/admin/hosts", host, map[string]any{"email": uniqueEmail("h")}),
		http.StatusBadRequest, "VALIDATION_ERROR")

	// Brands, affiliates and strangers may not create hosts.
	for _, kind := range []string{"brand", "affiliate"} {
		token, _ := signup(t, env, kind)
		before := userCount(t, env)
		body["email"] = uniqueEmail("sneaky")
		wantError(t, env.Call(t, http.MethodPost, "/admin/hosts", token, body), http.StatusForbidden, "FORBIDDEN")
		if userCount(t, env) != before {
			t.Errorf("%s created a host", kind)
		}
	}
	wantError(t, env.Call(t, http.MethodPost, "/admin/hosts", "", body), http.StatusUnauthorized, "UNAUTHORIZED")
}

func resetLink(t *testing.T, env *servertest.Env, host, userID string) string {
	t.Helper()
	r := env.Call(t, http.MethodPost, "/admin/users/"+userID+"/reset-link", host, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("reset link: %d %s", r.Status, r.Raw)
	}
	data := r.Body["data"].(map[string]any)
	link, err := url.Parse(data["url"].(string))
	if err != nil || link.Path != "/reset-password" || link.Query().Get("token") != data["token"] {
		t.Fatalf("reset url %v", data["url"])
	}
	return data["token"].(string)
}

func TestPasswordResetFlow(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	email := uniqueEmail("reset")
	r := env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email))
	userID := r.Body["data"].(map[string]any)["user"].(map[string]any)["id"].(string)

	token := resetLink(t, env, host, userID)
	var stored int
	if err := env.App.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM password_reset_tokens WHERE token_hash = $1", []byte(token)).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("the raw token is stored (%d, %v)", stored, err)
	}

	// Too short: refused, and the token still works afterwards.
	wantError(t, env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": "short"}),
		http.StatusBadRequest, "VALIDATION_ERROR")
	ok := env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": "brand-new-password"})
	if ok.Status != http.StatusOK || ok.Body["success"] != true {
		t.Fatalf("reset: %d %s", ok.Status, ok.Raw)
	}
	if login(t, env, email, "brand-new-password").Status != http.StatusOK {
		t.Error("the new password does not work")
	}
	if login(t, env, email, "correct-horse").Status != http.StatusUnauthorized {
		t.Error("the old password still works")
	}
	// Reused.
	wantError(t, env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": token, "newPassword": "third-password"}),
		http.StatusBadRequest, "VALIDATION_ERROR")

	// Expired.
	expired := resetLink(t, env, host, userID)
	if _, err := env.App.Pool.Exec(context.Background(),
		"UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL"); err != nil {
		t.Fatal(err)
	}
	wantError(t, env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": expired, "newPassword": "third-password"}),
		http.StatusBadRequest, "VALIDATION_ERROR")
	if login(t, env, email, "brand-new-password").Status != http.StatusOK {
		t.Error("a refused reset changed the password")
	}
	// Unknown and missing tokens.
	wantError(t, env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"token": "nope", "newPassword": "third-password"}),
		http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPost, "/auth/reset-password", "", map[string]any{"newPassword": "third-password"}),
		http.StatusBadRequest, "VALIDATION_ERROR")
}

func TestResetLinkIsHostOnly(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	brand, brandUser := signup(t, env, "brand")
	affiliate, _ := signup(t, env, "affiliate")
	path := "/admin/users/" + brandUser["id"].(string) + "/reset-link"
	wantError(t, env.Call(t, http.MethodPost, path, brand, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, path, affiliate, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/admin/users/7d1c7a0e-8c84-4a53-9a58-2a6f7b9e0c11/reset-link", host, nil),
		http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPost, "/admin/users/not-a-uuid/reset-link", host, nil),
		http.StatusBadRequest, "VALIDATION_ERROR")
}
