package auth

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

func fixedClock(t time.Time) func() time.Time { return func() time.Time { return t } }

func TestTokenRoundTrip(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	tokens, err := NewTokens(secret, fixedClock(now))
	if err != nil {
		t.Fatal(err)
	}
	user := uuid.New()
	raw, err := tokens.Issue(user, RoleBrand, 3)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tokens.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if s.UserID != user || s.Role != RoleBrand || s.TokenID == uuid.Nil || !s.ExpiresAt.Equal(now.Add(TokenTTL)) || s.Generation != 3 {
		t.Errorf("session %+v", s)
	}
	// Each token has its own id, so logging out of one leaves the others.
	other, _ := tokens.Issue(user, RoleBrand, 3)
	if s2, _ := tokens.Parse(other); s2.TokenID == s.TokenID {
		t.Error("two tokens share a jti")
	}
}

func TestTokenRefusals(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	tokens, _ := NewTokens(secret, fixedClock(now))
	sign := func(method jwt.SigningMethod, key any, mutate func(*Claims)) string {
		c := Claims{Role: RoleHost, RegisteredClaims: jwt.RegisteredClaims{
			Issuer: Issuer, Audience: jwt.ClaimStrings{Audience}, Subject: uuid.NewString(), ID: uuid.NewString(),
			ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)),
		}}
		mutate(&c)
		s, err := jwt.NewWithClaims(method, c).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := map[string]string{
		"expired":        sign(jwt.SigningMethodHS256, secret, func(c *Claims) { c.ExpiresAt = jwt.NewNumericDate(now.Add(-time.Second)) }),
		"no expiry":      sign(jwt.SigningMethodHS256, secret, func(c *Claims) { c.ExpiresAt = nil }),
		"other issuer":   sign(jwt.SigningMethodHS256, secret, func(c *Claims) { c.Issuer = "someone-else" }),
		"other audience": sign(jwt.SigningMethodHS256, secret, func(c *Claims) { c.Audience = jwt.ClaimStrings{"other"} }),
		"other key":      sign(jwt.SigningMethodHS256, []byte(strings.Repeat("x", 32)), func(*Claims) {}),
		"HS512":          sign(jwt.SigningMethodHS512, secret, func(*Claims) {}),
		"alg none":       sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, func(*Claims) {}),
		"bad subject":    sign(jwt.SigningMethodHS256, secret, func(c *Claims) { c.Subject = "42" }),
		"bad jti":        sign(jwt.SigningMethodHS256, secret, func(c *Claims) { c.ID = "" }),
	}
	for name, raw := range cases {
		if _, err := tokens.Parse(raw); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := NewTokens([]byte("short"), time.Now); err == nil {
		t.Error("a short secret was accepted")
	}
}

func TestPasswords(t *testing.T) {
	ctx := context.Background()
	hash, err := HashPassword(ctx, "correct-horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$") {
		t.Errorf("hash %q is not argon2id", hash)
	}
	if ok, _ := CheckPassword(ctx, hash, "correct-horse"); !ok {
		t.Error("the right password does not match")
	}
	if ok, _ := CheckPassword(ctx, hash, "wrong-horse"); ok {
		t.Error("a wrong password matches")
	}
	if again, _ := HashPassword(ctx, "correct-horse"); again == hash {
		t.Error("two hashes of one password are equal: no salt")
	}
	if ok, err := CheckPasswordTiming(ctx, "", "anything"); ok || err != nil {
		t.Error("an unknown user matched")
	}
	if _, err := CheckPassword(ctx, "$2a$12$bcrypt", "x"); err == nil {
		t.Error("an unknown format was accepted")
	}
	keyless := hash[:strings.LastIndex(hash, "$")+1]
	if ok, err := CheckPassword(ctx, keyless, "anything"); ok || err == nil {
		t.Errorf("a hash without a key matched (%v, %v)", ok, err)
	}
}

func TestIPHasher(t *testing.T) {
	h := IPHasher(secret)
	first, again := h("10.0.0.1"), h("10.0.0.1")
	if first != again || first == h("10.0.0.2") {
		t.Error("hash is not stable or not distinct")
	}
	if strings.Contains(h("10.0.0.1"), "10.0.0.1") || IPHasher([]byte(strings.Repeat("y", 32)))("10.0.0.1") == h("10.0.0.1") {
		t.Error("hash does not depend on the secret")
	}
}

// TestHashingWaitsForASlot fills every argon2id slot: a hash then waits, and gives up with its
// context instead of adding another 19 MiB computation.
func TestHashingWaitsForASlot(t *testing.T) {
	for range cap(signInSlots) {
		signInSlots <- struct{}{}
	}
	release := func() {
		for len(signInSlots) > 0 {
			<-signInSlots
		}
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := HashPassword(ctx, "correct-horse"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("hashing with every slot taken: %v", err)
	}
	if _, err := CheckPasswordTiming(ctx, "", "correct-horse"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("checking with every slot taken: %v", err)
	}
	release()
	if _, err := HashPassword(context.Background(), "correct-horse"); err != nil {
		t.Fatalf("hashing with free slots: %v", err)
	}
}
