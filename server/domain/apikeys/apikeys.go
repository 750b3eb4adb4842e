// Package apikeys is the brands' API keys: made, listed and revoked by their brand, and turned back
// into a brand caller when a request brings one. Only a key's hash is stored.
package apikeys

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service runs API key operations on one database.
type Service struct {
	pool *pgxpool.Pool
	q    *queries.Queries
	now  func() time.Time
}

// New makes the service; now is the clock of a key's last use.
func New(pool *pgxpool.Pool, now func() time.Time) *Service {
	return &Service{pool: pool, q: queries.New(), now: now}
}

// APIKeyPrefix starts every brand API key, so a key is recognisable (and never taken for a JWT).
const APIKeyPrefix = "oak_"

// APIKey is a brand's API key as its owner sees it: never its hash.
type APIKey struct {
	ID         uuid.UUID
	Name       string
	Prefix     string
	CreatedAt  time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
}

// apiKeyOf is the one mapping from a key's row to an APIKey.
func apiKeyOf(r queries.ApiKey) APIKey {
	return APIKey{ID: r.ID, Name: r.Name, Prefix: r.Prefix, CreatedAt: r.CreatedAt, LastUsedAt: r.LastUsedAt, RevokedAt: r.RevokedAt}
}

// CreateAPIKey makes a key for the caller's brand and answers it once; only its hash is stored.
func (s *Service) CreateAPIKey(ctx context.Context, sc tenancy.Scope, name string) (APIKey, string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return APIKey{}, "", apierror.Validation("name", "Name is required")
	}
	key := APIKeyPrefix + auth.RandomToken(32)
	var created queries.ApiKey
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		created, err = s.q.CreateApiKey(ctx, tx, queries.CreateApiKeyParams{
			BrandID: sc.OwnBrand().UUID, Name: name, Prefix: key[:len(APIKeyPrefix)+6], KeyHash: auth.HashToken(key),
		})
		if err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.APIKeyCreated, created.ID.String(), map[string]any{"name": name})
	})
	return apiKeyOf(created), key, err
}

// ListAPIKeys answers the caller brand's keys, revoked ones included.
func (s *Service) ListAPIKeys(ctx context.Context, sc tenancy.Scope) ([]APIKey, error) {
	rows, err := s.q.ListApiKeys(ctx, s.pool, sc.OwnBrand().UUID)
	out := make([]APIKey, len(rows))
	for i, r := range rows {
		out[i] = apiKeyOf(r)
	}
	return out, err
}

// RevokeAPIKey revokes one of the caller brand's keys; another brand's key is not found.
func (s *Service) RevokeAPIKey(ctx context.Context, sc tenancy.Scope, id uuid.UUID) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		exists, err := s.q.ApiKeyExists(ctx, tx, queries.ApiKeyExistsParams{ID: id, BrandID: sc.OwnBrand().UUID})
		if err != nil {
			return err
		}
		if !exists {
			return apierror.NotFound("API key not found")
		}
		if _, err := s.q.RevokeApiKey(ctx, tx, queries.RevokeApiKeyParams{ID: id, BrandID: sc.OwnBrand().UUID}); err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.APIKeyRevoked, id.String(), nil)
	})
}

// touchInterval limits last-used updates to one write per key per minute.
const touchInterval = time.Minute

// AuthenticateAPIKey turns an API key into a brand caller; unknown and revoked keys are refused.
func (s *Service) AuthenticateAPIKey(ctx context.Context, key string) (auth.User, error) {
	if !strings.HasPrefix(key, APIKeyPrefix) {
		return auth.User{}, apierror.Unauthorized("Invalid API key")
	}
	row, err := s.q.GetActiveApiKey(ctx, s.pool, auth.HashToken(key))
	if errors.Is(err, pgx.ErrNoRows) {
		return auth.User{}, apierror.Unauthorized("Invalid API key")
	}
	if err != nil {
		return auth.User{}, err
	}
	if row.LastUsedAt == nil || s.now().Sub(*row.LastUsedAt) > touchInterval {
		if err := s.q.TouchApiKey(ctx, s.pool, row.ID); err != nil {
			return auth.User{}, err
		}
	}
	return auth.User{AccountType: auth.RoleBrand, BrandID: uuid.NullUUID{UUID: row.BrandID, Valid: true}, APIKeyID: row.ID}, nil
}
