package woocommerce

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/brands"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Outcomes of a delivery, as the contract names them.
const (
	Stored        = "stored"
	Duplicate     = "duplicate"
	Ping          = "ping"
	RefundApplied = "refund_applied"
	HeldForOrder  = "held_for_order"
	NothingToDo   = "nothing_to_do"
	IgnoredStatus = "ignored_status"
	IgnoredTopic  = "ignored_topic"
)

// Source is the conversions' source, and the prefix of the deliveries and claims it keeps.
const Source = "woocommerce"

// Delivery is one webhook request as it arrived. WooCommerce's X-WC-Webhook-Delivery-ID is not
// read: it is the webhook's id and the current second, shared by different events sent in one
// second and different for a retry sent later, so the event is told by what it carries (EventKey).
type Delivery struct {
	PublicID, Topic, Signature string
	Body                       []byte
}

// Result is what a delivery did; Conversion is set when it stored or found one.
type Result struct {
	Outcome    string
	Conversion *conversions.Conversion
}

// Service receives webhooks.
type Service struct {
	pool        *pgxpool.Pool
	q           *queries.Queries
	conversions *conversions.Service
	stop        *emergency.Service // the host's switches: ingestion paused, maintenance
	secrets     *brands.WebhookSecrets
}

// New makes the service.
func New(pool *pgxpool.Pool, c *conversions.Service, secrets *brands.WebhookSecrets) *Service {
	return &Service{pool: pool, q: queries.New(), conversions: c, stop: emergency.New(pool), secrets: secrets}
}

// Receive checks a delivery's signature against its brand's webhook secret, then acts on the
// order's status. WooCommerce sends the whole order on every change, so each delivery brings the
// order to the state its status and refunds say, whatever came before: the order is stored once
// per order id, each refund once per refund id, a cancellation and a full refund once per order.
func (s *Service) Receive(ctx context.Context, d Delivery) (Result, error) {
	if err := s.stop.CheckIngestion(ctx); err != nil {
		return Result{}, err
	}
	brand, err := s.secrets.Brand(ctx, d.PublicID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Result{}, apierror.NotFound("No brand has this public id")
	}
	if err != nil {
		return Result{}, err
	}
	if IsPing(d.Body) {
		// WooCommerce pings a webhook's address when it is saved, unsigned, and saves it only
		// when the answer is 200: the ping reads and stores nothing.
		return Result{Outcome: Ping}, nil
	}
	if d.Signature == "" {
		return Result{}, apierror.Unauthorized("The webhook is not signed: X-WC-Webhook-Signature is missing")
	}
	if !Verify(brand.WebhookSecret, d.Body, d.Signature) {
		return Result{}, apierror.Unauthorized("The webhook signature does not match the brand's webhook secret")
	}
	switch d.Topic {
	case "order.created", "order.updated":
	case "":
		return Result{}, apierror.Invalid("X-WC-Webhook-Topic", "required", "The webhook has no topic (X-WC-Webhook-Topic)")
	default:
		return Result{Outcome: IgnoredTopic}, nil
	}
	o, err := ParseOrder(d.Body)
	if err != nil {
		return Result{}, err
	}
	// The signature proves the brand: its store acts for it as its API key would.
	sc := tenancy.Brand(uuid.Nil, brand.ID)
	return s.apply(ctx, sc, brand.ID, d, o)
}

// paid are the statuses of an order that earns commission.
var paid = map[string]bool{"processing": true, "completed": true, "refunded": true}

// apply stores a paid order (once: by its id), then, in one transaction that claims the delivery,
// applies its cancellation, full refund or listed refunds (each once: by its claim). A refund or
// cancellation of an order not stored yet is held for it, so events in any order end alike.
func (s *Service) apply(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, d Delivery, o Order) (Result, error) {
	var r Result
	if paid[o.Status] {
		order := conversions.Order{
			OrderID: o.ID, Total: o.Total, Currency: o.Currency, CustomerEmail: o.Email,
			ConvertedAt: o.CreatedAt, ClickID: o.ClickID, DiscountCode: first(o.Coupons), Source: Source,
			Subtotal: o.Subtotal,
		}
		for _, l := range o.Lines {
			order.Lines = append(order.Lines, conversions.Line{
				ProductID: l.ProductID, SKU: l.SKU, Categories: l.Categories, Quantity: l.Quantity, Amount: l.Total,
			})
		}
		c, created, err := s.conversions.Ingest(ctx, sc, order)
		if err != nil {
			return Result{}, apierror.RenameFields(err, apierror.WithListFields(orderFields, "lines", "line_items", len(o.Lines), lineFields))
		}
		r = Result{Outcome: Duplicate, Conversion: &c}
		if created {
			r.Outcome = Stored
		}
	}
	type change struct {
		claim string
		args  conversions.RefundArgs
	}
	var changes []change
	for _, f := range o.Refunds {
		changes = append(changes, change{"refund:" + o.ID + ":" + f.ID, conversions.RefundArgs{OrderID: o.ID, Amount: f.Amount}})
	}
	switch o.Status {
	case "cancelled":
		changes = append(changes, change{"cancelled:" + o.ID, conversions.RefundArgs{OrderID: o.ID, Cancelled: true}})
	case "refunded":
		changes = append(changes, change{"refunded:" + o.ID, conversions.RefundArgs{OrderID: o.ID, Amount: o.Total}})
	}
	stored := r.Outcome
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		r.Outcome = stored // a run again after a deadlock starts over
		fresh, err := s.take(ctx, tx, brandID, d, EventKey(d.Topic, o, d.Body))
		if err != nil {
			return err
		}
		if !fresh {
			r.Outcome = Duplicate
			return nil
		}
		for _, ch := range changes {
			fresh, err := s.take(ctx, tx, brandID, d, ch.claim)
			if err != nil {
				return err
			}
			if !fresh {
				continue
			}
			ch.args.Source, ch.args.Key = Source+" "+d.Topic, Source+":"+ch.claim
			outcome, err := s.conversions.Refund(ctx, tx, sc, ch.args)
			if err != nil {
				return err
			}
			// What the order's refunds did says more than that the order was there already.
			if r.Outcome == "" || r.Outcome == Duplicate || outcome == RefundApplied {
				r.Outcome = outcome
			}
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	if r.Outcome == "" {
		// A pending, on-hold or failed order, with nothing to take back: it earns nothing yet.
		r.Outcome = IgnoredStatus
	}
	if r.Conversion != nil && r.Outcome != Stored && r.Outcome != Duplicate {
		// The refunds changed it: show it as it is now.
		if c, err := s.conversions.Get(ctx, sc, r.Conversion.ID); err == nil {
			r.Conversion = &c
		}
	}
	return r, nil
}

// EventKey is what tells one delivery's event from another: its topic, order id, the order's
// date_modified, status and refunds (what a delivery can change), or, for an order without
// date_modified, its topic, order id and whole body. A retry carries the same, whatever its
// delivery id; two changes of an order differ in status or refunds, even within one second.
func EventKey(topic string, o Order, body []byte) string {
	event := body
	if o.Modified != "" {
		parts := []string{o.Modified, o.Status}
		for _, f := range o.Refunds {
			parts = append(parts, f.ID+":"+f.Amount.String())
		}
		event = []byte(strings.Join(parts, "\x00"))
	}
	sum := sha256.Sum256(event)
	// At most 19 digits of id and 64 of hash: within the claims' 300 characters with any prefix.
	return "event:" + topic + ":" + o.ID + ":" + hex.EncodeToString(sum[:])
}

// take claims key for the brand's store; false when it was taken before. WooCommerce's keys
// share the webhooks' claims table with Shopify's, under their own prefix.
func (s *Service) take(ctx context.Context, tx pgx.Tx, brandID uuid.UUID, d Delivery, key string) (bool, error) {
	return s.q.TakeShopifyWebhook(ctx, tx, queries.TakeShopifyWebhookParams{BrandID: brandID, WebhookID: Source + ":" + key, Topic: d.Topic})
}

// orderFields are the WooCommerce names of the fields a conversion is made of, for errors.
var orderFields = map[string]string{
	"order_id": "id", "order_total": "total", "currency": "currency", "customer_email": "billing.email",
	"converted_at": "date_created_gmt", "discount_code": "coupon_lines.0.code",
}

// lineFields are the WooCommerce names of a line's fields.
var lineFields = map[string]string{
	"product_id": "product_id", "sku": "sku", "quantity": "quantity", "amount": "total", "categories": "meta_data",
}

func first(codes []string) string {
	if len(codes) == 0 {
		return ""
	}
	return codes[0]
}
