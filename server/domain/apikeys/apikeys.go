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
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service runs API key operations on one database.
type Service struct {
	pool    *pgxpool.Pool
	q       *queries.Queries
	now     func() time.Time
	changes *change.Bus
	// known are the active keys read in the last keyTTL, by hash: a shop's every order brings its
	// key, and reading it each time was a round trip before the order could be queued.
	known *change.Cache[string, knownKey]
}

// knownKey is an active key as it was read.
type knownKey struct {
	id, brand uuid.UUID
	lastUsed  *time.Time
}

// keyTTL is how long a key read from the database is trusted without reading it again. A key
// revoked through this process is refused at once (a change.Credentials event empties the cache);
// another process sharing the database refuses it at most this long after the revocation.
const keyTTL = 10 * time.Second

// New makes the service; now is the clock of a key's last use.
func New(pool *pgxpool.Pool, now func() time.Time) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, changes: change.Of(pool),
		known: change.NewCache[string, knownKey](change.Credentials, keyTTL, 10_000)}
}

// Invalidate forgets every key read so far when one was revoked or a brand went.
func (s *Service) Invalidate(ctx context.Context, e change.Event) { s.known.Invalidate(ctx, e) }

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
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
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
	// Once committed, the key is refused at once by this process's caches (this one's too, when it
	// was made without subscribing).
	defer s.Invalidate(ctx, change.Event{Kind: change.Credentials})
	defer s.changes.Publish(ctx, change.Event{Kind: change.Credentials})
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
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
// A key read in the last keyTTL is not read again (see keyTTL for a revoked one).
func (s *Service) AuthenticateAPIKey(ctx context.Context, key string) (auth.User, error) {
	if !strings.HasPrefix(key, APIKeyPrefix) {
		return auth.User{}, apierror.Unauthorized("Invalid API key")
	}
	hash := auth.HashToken(key)
	k, err := s.known.Get(string(hash), func() (knownKey, error) {
		row, err := s.q.GetActiveApiKey(ctx, s.pool, hash)
		if errors.Is(err, pgx.ErrNoRows) {
			return knownKey{}, apierror.Unauthorized("Invalid API key")
		}
		return knownKey{id: row.ID, brand: row.BrandID, lastUsed: row.LastUsedAt}, err
	})
	if err != nil {
		return auth.User{}, err
	}
	if now := s.now(); k.lastUsed == nil || now.Sub(*k.lastUsed) > touchInterval {
		if err := s.q.TouchApiKey(ctx, s.pool, k.id); err != nil {
			return auth.User{}, err
		}
		s.known.Update(string(hash), func(k *knownKey) { k.lastUsed = &now })
	}
	return auth.User{AccountType: auth.RoleBrand, BrandID: uuid.NullUUID{UUID: k.brand, Valid: true}, APIKeyID: k.id}, nil
}
