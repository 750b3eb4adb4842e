package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

// Issuer and Audience are pinned in every token and checked on every request.
const (
	Issuer   = "openaffiliate"
	Audience = "openaffiliate-api"
)

// TokenTTL is how long a session token lives.
const TokenTTL = 24 * time.Hour

// Claims are a session token's contents.
type Claims struct {
	Role string `json:"role"`
	// Generation is the user's session generation at issue; a password change increments the
	// user's, ending older tokens even within the same second (iat has one-second resolution).
	Generation int32 `json:"gen,omitempty"`
	jwt.RegisteredClaims
}

// Tokens issues and verifies HS256 session tokens.
type Tokens struct {
	secret []byte
	now    func() time.Time
}

// NewTokens makes a token issuer; secret must be at least 32 bytes.
func NewTokens(secret []byte, now func() time.Time) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("auth: JWT secret must be at least 32 bytes")
	}
	return &Tokens{secret: secret, now: now}, nil
}

// Issue signs a token for a user at its current session generation.
func (t *Tokens) Issue(userID uuid.UUID, role string, generation int32) (string, error) {
	now := t.now()
	claims := Claims{
		Role:       role,
		Generation: generation,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    Issuer,
			Subject:   userID.String(),
			Audience:  jwt.ClaimStrings{Audience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now.Add(-time.Minute)),
			ExpiresAt: jwt.NewNumericDate(now.Add(TokenTTL)),
			ID:        uuid.NewString(),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
}

// Session is what a verified token says.
type Session struct {
	UserID     uuid.UUID
	Role       string
	TokenID    uuid.UUID
	ExpiresAt  time.Time
	Generation int32
}

// Parse verifies the signature (HS256 only), issuer, audience and expiry.
func (t *Tokens) Parse(token string) (Session, error) {
	var claims Claims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(Issuer),
		jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.now),
	)
	if err != nil {
		return Session{}, err
	}
	userID, err := uuid.Parse(claims.Subject)
	if err != nil {
		return Session{}, fmt.Errorf("auth: bad subject: %w", err)
	}
	jti, err := uuid.Parse(claims.ID)
	if err != nil {
		return Session{}, fmt.Errorf("auth: bad token id: %w", err)
	}
	return Session{UserID: userID, Role: claims.Role, TokenID: jti, ExpiresAt: claims.ExpiresAt.Time, Generation: claims.Generation}, nil
}
