package brands

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/change"
)

// WebhookSecrets answers the brand a shop's webhook is addressed to (by the brand's public id) with
// the secret it is signed with. Every order a shop reports brings it, so a brand read in the last
// secretTTL is not read again.
type WebhookSecrets struct {
	pool *pgxpool.Pool
	q    *queries.Queries

	mu    sync.Mutex
	known map[string]knownSecret
	// forgotten counts the times the cache was emptied: a brand read while it was emptied (perhaps
	// before its new secret committed) is not kept.
	forgotten uint64
}

type knownSecret struct {
	brand  queries.BrandForWebhookRow
	readAt time.Time
}

// secretTTL is how long a brand's webhook secret read from the database is trusted. A secret
// changed through this process (or a brand deleted) takes effect at once: a change.Credentials
// event empties the cache; another process sharing the database may accept the old secret for at
// most this long.
const secretTTL = 10 * time.Second

// maxKnownSecrets bounds the cache: past it, it is emptied and refilled by the brands in use.
const maxKnownSecrets = 10_000

var (
	secretsMu      sync.Mutex
	secretsPerPool = map[*pgxpool.Pool]*WebhookSecrets{}
)

// SecretsOf answers the webhook secrets of a database: one cache per pool, shared by every
// integration (Shopify, WooCommerce) and told of changes through the pool's change.Bus.
func SecretsOf(pool *pgxpool.Pool) *WebhookSecrets {
	secretsMu.Lock()
	defer secretsMu.Unlock()
	if w, ok := secretsPerPool[pool]; ok {
		return w
	}
	w := &WebhookSecrets{pool: pool, q: queries.New(), known: map[string]knownSecret{}}
	change.Of(pool).Subscribe(w)
	secretsPerPool[pool] = w
	return w
}

// Brand is the brand with this public id and its webhook secret; pgx.ErrNoRows when there is none.
func (w *WebhookSecrets) Brand(ctx context.Context, publicID string) (queries.BrandForWebhookRow, error) {
	w.mu.Lock()
	k, ok := w.known[publicID]
	forgotten := w.forgotten
	w.mu.Unlock()
	if ok && time.Since(k.readAt) < secretTTL {
		return k.brand, nil
	}
	brand, err := w.q.BrandForWebhook(ctx, w.pool, publicID)
	if err != nil {
		return brand, err
	}
	w.mu.Lock()
	if w.forgotten == forgotten {
		if len(w.known) >= maxKnownSecrets {
			clear(w.known)
		}
		w.known[publicID] = knownSecret{brand: brand, readAt: time.Now()}
	}
	w.mu.Unlock()
	return brand, nil
}

// Invalidate forgets every secret read so far when one changed or a brand went.
func (w *WebhookSecrets) Invalidate(_ context.Context, e change.Event) {
	if e.Kind != change.Credentials {
		return
	}
	w.mu.Lock()
	clear(w.known)
	w.forgotten++
	w.mu.Unlock()
}
