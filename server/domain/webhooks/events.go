package webhooks

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/jobs"
)

// Event types a brand's endpoint may choose (docs/product.md §11; the payloads are the
// WebhookEvent* schemas in openapi.yaml).
const (
	ConversionCreated       = "conversion.created"
	ConversionStatusChanged = "conversion.status_changed"
	PayoutCreated           = "payout.created"
	PayoutPaid              = "payout.paid"
	AffiliateApplied        = "affiliate.applied"
	AffiliateApproved       = "affiliate.approved"
	// TestEvent is sent by "send test event" to one endpoint, whatever it chose.
	TestEvent = "webhook.test"
)

// EventTypes are the types an endpoint may choose, in the order the settings show them.
var EventTypes = []string{ConversionCreated, ConversionStatusChanged, PayoutCreated, PayoutPaid, AffiliateApplied, AffiliateApproved}

// Changes of a conversion's status that conversion.status_changed reports.
const (
	ChangeConfirmed = "confirmed"
	ChangeRejected  = "rejected"
	ChangeReversed  = "reversed"
	ChangeRefunded  = "refunded"
)

// Conversion is the data of the conversion events.
type Conversion struct {
	ID                 uuid.UUID  `json:"id"`
	OrderID            string     `json:"order_id"`
	Kind               string     `json:"kind"`
	Status             string     `json:"status"`
	Change             string     `json:"change,omitempty"`
	PreviousStatus     string     `json:"previous_status,omitempty"`
	Source             string     `json:"source"`
	Attribution        string     `json:"attribution"`
	CampaignID         *uuid.UUID `json:"campaign_id"`
	AffiliateID        *uuid.UUID `json:"affiliate_id"`
	OrderTotal         string     `json:"order_total"`
	RefundedAmount     string     `json:"refunded_amount"`
	Currency           string     `json:"currency"`
	CommissionAmount   string     `json:"commission_amount"`
	CommissionCurrency string     `json:"commission_currency"`
	ConvertedAt        time.Time  `json:"converted_at"`
}

// Payout is the data of the payout events.
type Payout struct {
	ID              uuid.UUID  `json:"id"`
	AffiliateID     *uuid.UUID `json:"affiliate_id"`
	Amount          string     `json:"amount"`
	Currency        string     `json:"currency"`
	ConversionCount int32      `json:"conversion_count"`
	Status          string     `json:"status"`
	Reference       string     `json:"reference"`
	CreatedAt       time.Time  `json:"created_at"`
	PaidAt          *time.Time `json:"paid_at"`
}

// Application is the data of the affiliate events: an affiliate's application to a campaign.
type Application struct {
	ID             uuid.UUID `json:"id"`
	CampaignID     uuid.UUID `json:"campaign_id"`
	CampaignName   string    `json:"campaign_name"`
	AffiliateID    uuid.UUID `json:"affiliate_id"`
	AffiliateName  string    `json:"affiliate_name"`
	AffiliateEmail string    `json:"affiliate_email"`
	Status         string    `json:"status"`
	CreatedAt      time.Time `json:"created_at"`
}

// envelope is what every event's body is: the Standard Webhooks shape.
type envelope struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

// Events writes the events of a change, in the change's transaction, for the brand's endpoints
// that chose them: one delivery and one job per endpoint. A nil *Events writes none.
type Events struct {
	jobs jobs.Inserter
	q    *queries.Queries
	now  func() time.Time
}

// NewEvents makes the writer of events; ins enqueues each delivery's job.
func NewEvents(ins jobs.Inserter, now func() time.Time) *Events {
	return &Events{jobs: ins, q: queries.New(), now: now}
}

// Emit records an event of the brand for each of its enabled endpoints that chose the type.
func (e *Events) Emit(ctx context.Context, tx pgx.Tx, brandID uuid.UUID, eventType string, data any) error {
	if e == nil {
		return nil
	}
	endpoints, err := e.Subscribed(ctx, tx, brandID, eventType)
	if err != nil {
		return err
	}
	return e.EmitTo(ctx, tx, brandID, endpoints, eventType, data)
}

// Subscribed answers the brand's enabled endpoints that chose the event type, for EmitTo: a change
// that writes one event per row (a group of orders) reads them once. db is the transaction that
// then emits, or a wrapper that runs in it (a group of orders sends its queued statements with
// this read, in one round trip).
func (e *Events) Subscribed(ctx context.Context, db dbtx.DB, brandID uuid.UUID, eventType string) ([]uuid.UUID, error) {
	if e == nil {
		return nil, nil
	}
	return e.q.SubscribedWebhookEndpoints(ctx, db, queries.SubscribedWebhookEndpointsParams{BrandID: brandID, EventType: eventType})
}

// EmitTo records an event of the brand for each of endpoints, read by Subscribed in the same
// transaction.
func (e *Events) EmitTo(ctx context.Context, tx pgx.Tx, brandID uuid.UUID, endpoints []uuid.UUID, eventType string, data any) error {
	if e == nil || len(endpoints) == 0 {
		return nil
	}
	at := e.now().UTC().Truncate(time.Millisecond)
	payload, err := encode(eventType, at, data)
	if err != nil {
		return err
	}
	for _, endpoint := range endpoints {
		if _, err := e.enqueue(ctx, tx, brandID, endpoint, eventType, payload, at); err != nil {
			return err
		}
	}
	return nil
}

// encode is an event's body.
func encode(eventType string, at time.Time, data any) ([]byte, error) {
	return json.Marshal(envelope{Type: eventType, Timestamp: at, Data: data})
}

// enqueue writes one delivery and its job.
func (e *Events) enqueue(ctx context.Context, tx pgx.Tx, brandID, endpointID uuid.UUID, eventType string, payload []byte, at time.Time) (queries.WebhookDelivery, error) {
	d, err := e.q.CreateWebhookDelivery(ctx, tx, queries.CreateWebhookDeliveryParams{
		ID: newMessageID(), EndpointID: endpointID, BrandID: brandID, EventType: eventType, Payload: string(payload), CreatedAt: at,
	})
	if err != nil {
		return d, err
	}
	return d, e.jobs.InsertTx(ctx, tx, DeliverArgs{BrandID: d.BrandID, DeliveryID: d.ID}, nil)
}

// newMessageID is a delivery's id: time-ordered, so the log reads in order.
func newMessageID() uuid.UUID {
	return uuid.Must(uuid.NewV7())
}

// DeliverArgs is the job that delivers one delivery (worker: Deliverer).
type DeliverArgs struct {
	BrandID    uuid.UUID `json:"brand_id"`
	DeliveryID uuid.UUID `json:"delivery_id"`
}

// Kind names the job.
func (DeliverArgs) Kind() string { return "webhooks.deliver" }

// InsertOpts: deliveries run in their own queue, so the platform's jobs and mail never wait behind
// a brand's endpoints; the worker decides when a delivery has failed for good, so River never
// gives up first.
func (DeliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: 100}
}
