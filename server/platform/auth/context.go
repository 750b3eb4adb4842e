package auth

import (
	"context"

	"github.com/google/uuid"
)

// Account types.
const (
	RoleBrand     = "brand"
	RoleAffiliate = "affiliate"
	RoleHost      = "host"
)

// User is the authenticated caller of a request.
type User struct {
	ID          uuid.UUID
	AccountType string
	BrandID     uuid.NullUUID // brand users
	AffiliateID uuid.NullUUID // affiliate users
	Session     Session       // zero for API keys
	APIKeyID    uuid.UUID     // set when a brand API key authenticated the call (ID is then uuid.Nil)
}

type userKey struct{}

// WithUser stores the authenticated user in a context.
func WithUser(ctx context.Context, u User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// UserFrom reads the authenticated user; ok is false on public operations.
func UserFrom(ctx context.Context) (User, bool) {
	u, ok := ctx.Value(userKey{}).(User)
	return u, ok
}
