package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var seq atomic.Int64

// uniqueEmail makes an address no other test uses.
func uniqueEmail(kind string) string {
	return fmt.Sprintf("%s-%d@example.com", kind, seq.Add(1))
}

func signupBody(kind, email string) map[string]any {
	b := map[string]any{"email": email, "password": "correct-horse", "firstName": "Ana", "lastName": "Pop", "accountType": kind}
	if kind == "brand" {
		b["companyName"] = "Ana Shop SRL"
	}
	return b
}

// signup creates an account and answers its token and user.
func signup(t *testing.T, env *servertest.Env, kind string) (string, map[string]any) {
	t.Helper()
	r := env.Call(t, http.MethodPost, "/auth/signup", "", signupBody(kind, uniqueEmail(kind)))
	if r.Status != http.StatusCreated {
		t.Fatalf("signup %s: %d %s", kind, r.Status, r.Raw)
	}
	data := r.Body["data"].(map[string]any)
	return data["jwt"].(string), data["user"].(map[string]any)
}

func login(t *testing.T, env *servertest.Env, email, password string) servertest.Response {
	t.Helper()
	return env.Call(t, http.MethodPost, "/auth/login", "", map[string]any{"email": email, "password": password})
}

func userCount(t *testing.T, env *servertest.Env) int {
	t.Helper()
	var n int
	if err := env.App.Pool.QueryRow(context.Background(), "SELECT count(*) FROM users").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func wantError(t *testing.T, r servertest.Response, status int, code string) {
	t.Helper()
	if r.Status != status || r.Body["success"] != false || r.Body["code"] != code {
		t.Fatalf("want %d %s, got %d %s", status, code, r.Status, r.Raw)
	}
}

func TestSignupBrand(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("brand")
	body := signupBody("brand", email)
	body["preferredBrandId"] = "Ana-Shop-" + strconv.FormatInt(seq.Add(1), 10)
	r := env.Call(t, http.MethodPost, "/auth/signup", "", body)
	if r.Status != http.StatusCreated || r.Body["success"] != true || r.Body["message"] != "Account created successfully!" {
		t.Fatalf("signup: %d %s", r.Status, r.Raw)
	}
	user := r.Body["data"].(map[string]any)["user"].(map[string]any)
	if user["accountType"] != "brand" || user["email"] != email || user["companyName"] != "Ana Shop SRL" {
		t.Errorf("user: %v", user)
	}
	if user["brandId"] != strings.ToLower(body["preferredBrandId"].(string)) || user["brandUuid"] == nil || user["brandIdHash"] == nil {
		t.Errorf("brand fields: %v", user)
	}

	// The token works at once.
	token := r.Body["data"].(map[string]any)["jwt"].(string)
	me := env.Call(t, http.MethodGet, "/auth/me", token, nil)
	if me.Status != http.StatusOK || me.Body["data"].(map[string]any)["user"].(map[string]any)["id"] != user["id"] {
		t.Fatalf("me: %d %s", me.Status, me.Raw)
	}

	// The same brand id is taken now, whatever its case.
	again := signupBody("brand", uniqueEmail("brand"))
	again["preferredBrandId"] = strings.ToUpper(body["preferredBrandId"].(string))
	wantError(t, env.Call(t, http.MethodPost, "/auth/signup", "", again), http.StatusConflict, "CONFLICT")
}

func TestSignupBrandGeneratesBrandID(t *testing.T) {
	env := servertest.Get(t)
	_, user := signup(t, env, "brand")
	id, _ := user["brandId"].(string)
	if !strings.HasPrefix(id, "ana-shop-srl-") {
		t.Errorf("generated brand id %q should start from the company name", id)
	}
}

func TestSignupAffiliate(t *testing.T) {
	env := servertest.Get(t)
	_, user := signup(t, env, "affiliate")
	if user["accountType"] != "affiliate" || user["brandId"] != nil || user["brandUuid"] != nil || user["isVerified"] != false {
		t.Errorf("affiliate user: %v", user)
	}
	var affiliates int
	if err := env.App.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM affiliates a JOIN users u ON u.affiliate_id = a.id WHERE u.id = $1", user["id"]).Scan(&affiliates); err != nil {
		t.Fatal(err)
	}
	if affiliates != 1 {
		t.Errorf("the affiliate record was not created with the user")
	}
}

func TestSignupDuplicateEmail(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("dup")
	if r := env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email)); r.Status != http.StatusCreated {
		t.Fatalf("first signup: %d %s", r.Status, r.Raw)
	}
	before := userCount(t, env)
	r := env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("brand", strings.ToUpper(email)))
	wantError(t, r, http.StatusConflict, "CONFLICT")
	if userCount(t, env) != before {
		t.Error("a refused sign-up stored a user")
	}
}

func TestSignupRefusesHostAndBadInput(t *testing.T) {
	env := servertest.Get(t)
	cases := map[string]func(map[string]any){
		"host account type":     func(b map[string]any) { b["accountType"] = "host" },
		"missing email":         func(b map[string]any) { delete(b, "email") },
		"missing password":      func(b map[string]any) { delete(b, "password") },
		"missing first name":    func(b map[string]any) { delete(b, "firstName") },
		"missing last name":     func(b map[string]any) { delete(b, "lastName") },
		"blank first name":      func(b map[string]any) { b["firstName"] = "   " },
		"short password":        func(b map[string]any) { b["password"] = "short" },
		"invalid email":         func(b map[string]any) { b["email"] = "not-an-email" },
		"brand without company": func(b map[string]any) { b["accountType"] = "brand"; delete(b, "companyName") },
		"bad brand id": func(b map[string]any) {
			b["accountType"] = "brand"
			b["companyName"] = "X"
			b["preferredBrandId"] = "no spaces!"
		},
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			before := userCount(t, env)
			body := signupBody("affiliate", uniqueEmail("bad"))
			mutate(body)
			r := env.Call(t, http.MethodPost, "/auth/signup", "", body)
			wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
			if msg, _ := r.Body["error"].(string); msg == "" {
				t.Error("no message")
			}
			if userCount(t, env) != before {
				t.Error("a refused sign-up stored a user")
			}
		})
	}
	r := env.Call(t, http.MethodPost, "/auth/signup", "", "{not json")
	wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
}

func TestLogin(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("login")
	env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email))

	r := login(t, env, strings.ToUpper(email), "correct-horse")
	if r.Status != http.StatusOK || r.Body["message"] != "Login successful!" {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	wantError(t, login(t, env, email, "wrong-password"), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, login(t, env, uniqueEmail("nobody"), "correct-horse"), http.StatusUnauthorized, "UNAUTHORIZED")
}

func TestLoginRateLimit(t *testing.T) {
	env := servertest.Get(t)
	email := uniqueEmail("limited")
	env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", email))
	for i := range 5 {
		if r := login(t, env, email, "wrong-password"); r.Status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i+1, r.Status)
		}
	}
	// Now even the right password waits.
	r := login(t, env, email, "correct-horse")
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 900 {
		t.Errorf("Retry-After = %q", r.Header.Get("Retry-After"))
	}
	// Other emails are not affected.
	other := uniqueEmail("free")
	env.Call(t, http.MethodPost, "/auth/signup", "", signupBody("affiliate", other))
	if r := login(t, env, other, "correct-horse"); r.Status != http.StatusOK {
		t.Errorf("another email was limited: %d", r.Status)
	}
}

func TestMeAndLogout(t *testing.T) {
	env := servertest.Get(t)
	token, user := signup(t, env, "brand")
	me := env.Call(t, http.MethodGet, "/auth/me", token, nil)
	if me.Status != http.StatusOK || me.Body["data"].(map[string]any)["user"].(map[string]any)["email"] != user["email"] {
		t.Fatalf("me: %d %s", me.Status, me.Raw)
	}
	out := env.Call(t, http.MethodPost, "/auth/logout", token, nil)
	if out.Status != http.StatusOK || out.Body["success"] != true {
		t.Fatalf("logout: %d %s", out.Status, out.Raw)
	}
	wantError(t, env.Call(t, http.MethodGet, "/auth/me", token, nil), http.StatusUnauthorized, "UNAUTHORIZED")
	wantError(t, env.Call(t, http.MethodPost, "/auth/logout", token, nil), http.StatusUnauthorized, "UNAUTHORIZED")
}

func TestMeRejectsBadTokens(t *testing.T) {
	env := servertest.Get(t)
	token, _ := signup(t, env, "affiliate")
	for name, tok := range map[string]string{
		"none":     "",
		"garbage":  "not-a-jwt",
		"tampered": token[:len(token)-2] + "xx",
		"alg none": "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.",
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, env.Call(t, http.MethodGet, "/auth/me", tok, nil), http.StatusUnauthorized, "UNAUTHORIZED")
		})
	}
}
