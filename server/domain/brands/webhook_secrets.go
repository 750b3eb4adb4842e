package brands

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/change"
)

// secretTTL is how long a brand's webhook secret read from the database is trusted. A secret
// changed through this process (or a brand deleted) takes effect at once: a change.Credentials
// event empties the cache; another process sharing the database may accept the old secret for at
// most this long.
const secretTTL = 10 * time.Second

// WebhookSecrets are the brands a shop's webhooks are addressed to (by the brand's public id) with
// the secret each is signed with. Every order a shop reports brings one, so a brand read in the
// last secretTTL is not read again.
type WebhookSecrets struct {
	pool  *pgxpool.Pool
	q     *queries.Queries
	known *change.Cache[string, WebhookBrand]
}

// WebhookBrand is a brand as its shop's webhooks need it: its id and the secret they are signed with.
type WebhookBrand struct {
	ID            uuid.UUID
	WebhookSecret string
}

// NewWebhookSecrets makes the cache of a database's webhook secrets, shared by its integrations
// (Shopify, WooCommerce); subscribe it to the pool's change.Bus (server/run.go).
func NewWebhookSecrets(pool *pgxpool.Pool) *WebhookSecrets {
	return &WebhookSecrets{pool: pool, q: queries.New(), known: change.NewCache[string, WebhookBrand](change.Credentials, secretTTL, 10_000)}
}

// Invalidate forgets every secret read so far when one changed or a brand went.
func (w *WebhookSecrets) Invalidate(ctx context.Context, e change.Event) { w.known.Invalidate(ctx, e) }

// Brand is the brand with this public id and its webhook secret; pgx.ErrNoRows when there is none.
func (w *WebhookSecrets) Brand(ctx context.Context, publicID string) (WebhookBrand, error) {
	return w.known.Get(publicID, func() (WebhookBrand, error) {
		row, err := w.q.BrandForWebhook(ctx, w.pool, publicID)
		return WebhookBrand{ID: row.ID, WebhookSecret: row.WebhookSecret}, err
	})
}
