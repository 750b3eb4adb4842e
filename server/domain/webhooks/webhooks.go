// Package webhooks is the brands' outbound webhooks (docs/product.md §11): endpoints a brand
// registers for chosen event types, events written in the transaction of the change that causes
// them, and their delivery as jobs, signed the way the Standard Webhooks specification says,
// retried with backoff for about a day, logged attempt by attempt, and never sent to a private
// address unless the platform allows it.
package webhooks

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/ratelimit"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Config is how webhooks are delivered; FromEnv-style defaults come from DefaultConfig.
type Config struct {
	// AllowPrivate lets endpoints be http:// and point at loopback and private addresses
	// (WEBHOOKS_ALLOW_PRIVATE, for development and tests only).
	AllowPrivate bool
	// Backoff is the wait before each retry; a delivery failing once more after the last is
	// given up and its endpoint disabled.
	Backoff []time.Duration
	// RotationOverlap is how long a rotated-out secret still signs.
	RotationOverlap time.Duration
	// Timeout bounds one attempt, answer included.
	Timeout time.Duration
	// Limits bound what one brand may ask of the delivery workers.
	Limits Limits
}

// Queue is the River queue the deliveries run in: their own (JOBS_WEBHOOK_WORKERS workers per
// process), so that mail and the platform's own jobs never wait behind a brand's endpoints.
const Queue = "webhooks"

// DefaultWorkers is how many deliveries one process runs at once by default.
const DefaultWorkers = 10

// Limits bound one brand's endpoints, the deliveries it can ask for, and its share of the
// delivery workers, so that one brand cannot stall the others'.
type Limits struct {
	// Endpoints is how many endpoints a brand may have.
	Endpoints int
	// Tests and Resends count a brand's test events and resends; past them the request answers 429.
	Tests, Resends ratelimit.Limit
	// Running is how many of one brand's deliveries work at once, in all processes together
	// (JOBS_WEBHOOK_WORKERS_PER_BRAND); one more waits (snoozed for Wait to twice Wait, which is
	// not an attempt) while the brand's other deliveries hold the workers.
	Running int
	Wait    time.Duration
}

// DefaultLimits: 10 endpoints per brand; 20 test events and 60 resends per brand in 15 minutes
// (as openapi.yaml says); 3 deliveries of one brand at once.
var DefaultLimits = Limits{
	Endpoints: 10,
	Tests:     ratelimit.Limit{Action: "webhook_test:brand", Max: 20, Window: 15 * time.Minute},
	Resends:   ratelimit.Limit{Action: "webhook_resend:brand", Max: 60, Window: 15 * time.Minute},
	Running:   3,
	Wait:      2 * time.Second,
}

// DefaultBackoff retries after 5 s, 5 min, 30 min, 2 h, 5 h, 8 h and 8 h: eight attempts over
// about 23.6 hours.
var DefaultBackoff = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 8 * time.Hour, 8 * time.Hour}

// DefaultConfig is the production configuration.
func DefaultConfig() Config {
	return Config{Backoff: DefaultBackoff, RotationOverlap: 24 * time.Hour, Timeout: 10 * time.Second, Limits: DefaultLimits}
}

// Service runs the brands' webhook settings and deliveries on one database.
type Service struct {
	pool   *pgxpool.Pool
	q      *queries.Queries
	now    func() time.Time
	events *Events
	cfg    Config
}

// New makes the service; events enqueues the deliveries it makes (a test event, a resend).
func New(pool *pgxpool.Pool, events *Events, now func() time.Time, cfg Config) *Service {
	return &Service{pool: pool, q: queries.New(), now: now, events: events, cfg: cfg}
}

// SecretPrefix starts every signing secret, as the Standard Webhooks libraries expect.
const SecretPrefix = "whsec_"

// newSecret is 32 random bytes, base64 after the prefix.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand never fails (Go 1.24+)
	return SecretPrefix + base64.StdEncoding.EncodeToString(b)
}

// Endpoint is a brand's endpoint as its owner sees it: never its secret.
type Endpoint struct {
	ID             uuid.UUID
	URL            string
	Description    string
	EventTypes     []string
	Enabled        bool
	DisabledReason string
	// PreviousSecretUntil is when the secret rotated out stops signing, while it still does.
	PreviousSecretUntil *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// EndpointInput is what a brand sets on an endpoint.
type EndpointInput struct {
	URL         string
	Description string
	EventTypes  []string
	Enabled     bool
}

func (s *Service) endpointOf(r queries.WebhookEndpoint) Endpoint {
	e := Endpoint{ID: r.ID, URL: r.Url, Description: r.Description, EventTypes: r.EventTypes, Enabled: r.Enabled,
		DisabledReason: r.DisabledReason, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.PreviousSecretUntil != nil && r.PreviousSecretUntil.After(s.now()) {
		e.PreviousSecretUntil = r.PreviousSecretUntil
	}
	return e
}

// check cleans an endpoint's input: a URL the platform may call (as written: one with spaces
// around it is refused, not trimmed) and known event types, each once.
func (s *Service) check(in *EndpointInput) error {
	in.Description = strings.TrimSpace(in.Description)
	if err := CheckURL(in.URL, s.cfg.AllowPrivate); err != nil {
		return err
	}
	if len([]rune(in.Description)) > 200 {
		return apierror.Invalid("description", "maxLength", "The description is at most 200 characters")
	}
	if len(in.EventTypes) == 0 {
		return apierror.Invalid("event_types", "minItems", "Choose at least one event type")
	}
	seen := map[string]bool{}
	types := make([]string, 0, len(in.EventTypes))
	for _, t := range in.EventTypes {
		if !slices.Contains(EventTypes, t) {
			return apierror.Invalid("event_types", "enum", "Unknown event type "+t)
		}
		if !seen[t] {
			seen[t] = true
			types = append(types, t)
		}
	}
	in.EventTypes = types
	return nil
}

// brand is the caller's own brand; only a brand has endpoints.
func brand(sc tenancy.Scope) (uuid.UUID, error) {
	b := sc.OwnBrand()
	if !b.Valid {
		return uuid.Nil, apierror.Forbidden("Webhooks are a brand's")
	}
	return b.UUID, nil
}

func notFound() error { return apierror.NotFound("Webhook endpoint not found") }

// List answers the caller brand's endpoints, oldest first.
func (s *Service) List(ctx context.Context, sc tenancy.Scope) ([]Endpoint, error) {
	b, err := brand(sc)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.ListWebhookEndpoints(ctx, s.pool, b)
	out := make([]Endpoint, len(rows))
	for i, r := range rows {
		out[i] = s.endpointOf(r)
	}
	return out, err
}

// Create registers an endpoint and answers its secret, once.
func (s *Service) Create(ctx context.Context, sc tenancy.Scope, in EndpointInput) (Endpoint, string, error) {
	b, err := brand(sc)
	if err != nil {
		return Endpoint{}, "", err
	}
	if err := s.check(&in); err != nil {
		return Endpoint{}, "", err
	}
	secret := newSecret()
	var row queries.WebhookEndpoint
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.q.LockWebhookEndpointCount(ctx, tx, b.String()); err != nil {
			return err
		}
		n, err := s.q.CountWebhookEndpoints(ctx, tx, b)
		if err != nil {
			return err
		}
		if max := s.cfg.Limits.Endpoints; max > 0 && int(n) >= max {
			return apierror.Conflict("", fmt.Sprintf("A brand may have at most %d webhook endpoints: delete one first", max))
		}
		row, err = s.q.CreateWebhookEndpoint(ctx, tx, queries.CreateWebhookEndpointParams{
			BrandID: b, Url: in.URL, Description: in.Description, EventTypes: in.EventTypes, Enabled: in.Enabled, Secret: secret,
		})
		if err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.WebhookEndpointCreated, b.String(), map[string]any{"endpoint_id": row.ID, "url": in.URL, "event_types": in.EventTypes})
	})
	return s.endpointOf(row), secret, err
}

// Update changes an endpoint's URL, description, event types and whether it is enabled.
func (s *Service) Update(ctx context.Context, sc tenancy.Scope, id uuid.UUID, in EndpointInput) (Endpoint, error) {
	b, err := brand(sc)
	if err != nil {
		return Endpoint{}, err
	}
	if err := s.check(&in); err != nil {
		return Endpoint{}, err
	}
	var row queries.WebhookEndpoint
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err = s.q.UpdateWebhookEndpoint(ctx, tx, queries.UpdateWebhookEndpointParams{
			ID: id, BrandID: b, Url: in.URL, Description: in.Description, EventTypes: in.EventTypes, Enabled: in.Enabled, Now: s.now(),
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound()
		}
		if err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.WebhookEndpointUpdated, b.String(),
			map[string]any{"endpoint_id": id, "url": in.URL, "event_types": in.EventTypes, "enabled": in.Enabled})
	})
	return s.endpointOf(row), err
}

// Delete removes an endpoint with its deliveries and their log; its queued jobs find nothing.
func (s *Service) Delete(ctx context.Context, sc tenancy.Scope, id uuid.UUID) error {
	b, err := brand(sc)
	if err != nil {
		return err
	}
	return dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		n, err := s.q.DeleteWebhookEndpoint(ctx, tx, queries.DeleteWebhookEndpointParams{ID: id, BrandID: b})
		if err != nil {
			return err
		}
		if n == 0 {
			return notFound()
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.WebhookEndpointDeleted, b.String(), map[string]any{"endpoint_id": id})
	})
}

// RotateSecret gives the endpoint a new secret, answered once; the old one also signs for the
// overlap, so a receiver can switch without losing a delivery.
func (s *Service) RotateSecret(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Endpoint, string, error) {
	b, err := brand(sc)
	if err != nil {
		return Endpoint{}, "", err
	}
	secret := newSecret()
	var row queries.WebhookEndpoint
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err = s.q.RotateWebhookSecret(ctx, tx, queries.RotateWebhookSecretParams{
			ID: id, BrandID: b, Secret: secret, PreviousUntil: new(s.now().Add(s.cfg.RotationOverlap)), Now: s.now(),
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound()
		}
		if err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.WebhookSecretRotated, b.String(), map[string]any{"endpoint_id": id})
	})
	return s.endpointOf(row), secret, err
}

// EndPreviousSecret stops the secret a rotation replaced from signing now, instead of at the end
// of the overlap (once the receiver has switched, or when the old secret leaked).
func (s *Service) EndPreviousSecret(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Endpoint, error) {
	b, err := brand(sc)
	if err != nil {
		return Endpoint{}, err
	}
	var row queries.WebhookEndpoint
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		row, err = s.q.EndPreviousWebhookSecret(ctx, tx, queries.EndPreviousWebhookSecretParams{ID: id, BrandID: b, Now: s.now()})
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound()
		}
		if err != nil {
			return err
		}
		return activity.Log(ctx, tx, sc.Actor(), activity.WebhookPreviousSecretEnded, b.String(), map[string]any{"endpoint_id": id})
	})
	return s.endpointOf(row), err
}

// Delivery is one event for one endpoint with its attempts, oldest attempt first.
type Delivery struct {
	ID            uuid.UUID
	EventType     string
	Payload       string
	Status        string
	Attempts      []Attempt
	CreatedAt     time.Time
	LastAttemptAt *time.Time
}

// Attempt is one try at delivering.
type Attempt struct {
	Attempt      int32
	Outcome      string
	ResponseCode *int32
	DurationMS   int32
	Excerpt      string
	Error        string
	AttemptedAt  time.Time
}

// MaxDeliveriesListed is how many of an endpoint's latest deliveries the log shows.
const MaxDeliveriesListed = 50

func (s *Service) ownEndpoint(ctx context.Context, db queries.DBTX, sc tenancy.Scope, id uuid.UUID) (queries.WebhookEndpoint, error) {
	b, err := brand(sc)
	if err != nil {
		return queries.WebhookEndpoint{}, err
	}
	row, err := s.q.GetWebhookEndpoint(ctx, db, queries.GetWebhookEndpointParams{ID: id, BrandID: b})
	if errors.Is(err, pgx.ErrNoRows) {
		return row, notFound()
	}
	return row, err
}

// Deliveries answers an endpoint's latest deliveries, newest first, each with its attempts.
func (s *Service) Deliveries(ctx context.Context, sc tenancy.Scope, endpointID uuid.UUID) ([]Delivery, error) {
	ep, err := s.ownEndpoint(ctx, s.pool, sc, endpointID)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.ListWebhookDeliveries(ctx, s.pool, queries.ListWebhookDeliveriesParams{BrandID: ep.BrandID, EndpointID: endpointID, MaxRows: MaxDeliveriesListed})
	if err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	attempts, err := s.q.ListWebhookAttempts(ctx, s.pool, queries.ListWebhookAttemptsParams{BrandID: ep.BrandID, DeliveryIds: ids})
	if err != nil {
		return nil, err
	}
	byDelivery := map[uuid.UUID][]Attempt{}
	for _, a := range attempts {
		byDelivery[a.DeliveryID] = append(byDelivery[a.DeliveryID], Attempt{Attempt: a.Attempt, Outcome: a.Outcome, ResponseCode: a.ResponseCode,
			DurationMS: a.DurationMs, Excerpt: a.Excerpt, Error: a.Error, AttemptedAt: a.AttemptedAt})
	}
	out := make([]Delivery, len(rows))
	for i, r := range rows {
		out[i] = deliveryOf(r, byDelivery[r.ID])
	}
	return out, nil
}

func deliveryOf(r queries.WebhookDelivery, attempts []Attempt) Delivery {
	if attempts == nil {
		attempts = []Attempt{}
	}
	return Delivery{ID: r.ID, EventType: r.EventType, Payload: r.Payload, Status: r.Status, Attempts: attempts,
		CreatedAt: r.CreatedAt, LastAttemptAt: r.LastAttemptAt}
}

// SendTest queues a webhook.test event to the endpoint (enabled or not), tried once.
func (s *Service) SendTest(ctx context.Context, sc tenancy.Scope, endpointID uuid.UUID) (Delivery, error) {
	var out Delivery
	if err := s.admit(ctx, sc, s.cfg.Limits.Tests, "Too many test events from this brand. Try again later."); err != nil {
		return out, err
	}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ep, err := s.ownEndpoint(ctx, tx, sc, endpointID)
		if err != nil {
			return err
		}
		at := s.now().UTC().Truncate(time.Millisecond)
		payload, err := encode(TestEvent, at, TestData{EndpointID: ep.ID, Message: "This is a test event from OpenAffiliate."})
		if err != nil {
			return err
		}
		d, err := s.events.enqueue(ctx, tx, ep.BrandID, ep.ID, TestEvent, payload, at)
		out = deliveryOf(d, nil)
		return err
	})
	return out, err
}

// TestData is the data of a webhook.test event.
type TestData struct {
	EndpointID uuid.UUID `json:"endpoint_id"`
	Message    string    `json:"message"`
}

// Resend queues one of the endpoint's deliveries again, with the same id and body (so a receiver
// that stored it drops the repeat).
func (s *Service) Resend(ctx context.Context, sc tenancy.Scope, endpointID, deliveryID uuid.UUID) (Delivery, error) {
	var out Delivery
	if err := s.admit(ctx, sc, s.cfg.Limits.Resends, "Too many resends from this brand. Try again later."); err != nil {
		return out, err
	}
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ep, err := s.ownEndpoint(ctx, tx, sc, endpointID)
		if err != nil {
			return err
		}
		if _, err := s.q.GetOwnWebhookDelivery(ctx, tx, queries.GetOwnWebhookDeliveryParams{ID: deliveryID, EndpointID: ep.ID, BrandID: ep.BrandID}); errors.Is(err, pgx.ErrNoRows) {
			return apierror.NotFound("Delivery not found")
		} else if err != nil {
			return err
		}
		d, err := s.q.ResendWebhookDelivery(ctx, tx, queries.ResendWebhookDeliveryParams{BrandID: ep.BrandID, ID: deliveryID})
		if err != nil {
			return err
		}
		out = deliveryOf(d, nil)
		return s.events.jobs.InsertTx(ctx, tx, DeliverArgs{BrandID: d.BrandID, DeliveryID: d.ID}, nil)
	})
	return out, err
}

// admit counts one delivery the caller's brand asks for against limit (none when its Max is 0),
// refusing with 429 past it.
func (s *Service) admit(ctx context.Context, sc tenancy.Scope, limit ratelimit.Limit, message string) error {
	b, err := brand(sc)
	if err != nil || limit.Max <= 0 {
		return err
	}
	return limit.Admit(ctx, s.pool, b.String(), s.now(), message)
}
