package shopify

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
	Stored       = "stored"
	Duplicate    = "duplicate"
	TestOrder    = "test_order"
	IgnoredTopic = "ignored_topic"
)

// Delivery is one webhook request as it arrived.
type Delivery struct {
	PublicID, Topic, WebhookID, Signature string
	Body                                  []byte
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

// Receive checks a delivery's signature against its brand's webhook secret, then acts on its topic.
// While the host has ingestion paused (or the platform in maintenance) every delivery answers 503,
// before anything is read, and Shopify sends it again later.
func (s *Service) Receive(ctx context.Context, d Delivery) (Result, error) {
	if err := s.stop.CheckIngestion(ctx); err != nil {
		return Result{}, err
	}
	return s.receive(ctx, d)
}

// receive checks and applies a delivery; a test delivery, which stores nothing, comes here directly.
func (s *Service) receive(ctx context.Context, d Delivery) (Result, error) {
	brand, err := s.secrets.Brand(ctx, d.PublicID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Result{}, apierror.NotFound("No brand has this public id")
	}
	if err != nil {
		return Result{}, err
	}
	if d.Signature == "" {
		return Result{}, apierror.Unauthorized("The webhook is not signed: X-Shopify-Hmac-Sha256 is missing")
	}
	if !Verify(brand.WebhookSecret, d.Body, d.Signature) {
		return Result{}, apierror.Unauthorized("The webhook signature does not match the brand's webhook secret")
	}
	// The signature proves the brand: its shop acts for it as its API key would.
	sc := tenancy.Brand(uuid.Nil, brand.ID)
	switch d.Topic {
	case "orders/create", "orders/paid":
		return s.order(ctx, sc, d)
	case "orders/cancelled":
		c, err := ParseCancellation(d.Body)
		if err != nil {
			return Result{}, err
		}
		return s.refund(ctx, sc, d, "orders/cancelled:"+c.OrderID, conversions.RefundArgs{OrderID: c.OrderID, Cancelled: true})
	case "refunds/create":
		r, err := ParseRefund(d.Body)
		if err != nil {
			return Result{}, err
		}
		return s.refund(ctx, sc, d, "refunds/create:"+r.ID, conversions.RefundArgs{OrderID: r.OrderID, Amount: r.Amount})
	case "":
		return Result{}, apierror.Invalid("X-Shopify-Topic", "required", "The webhook has no topic (X-Shopify-Topic)")
	}
	return Result{Outcome: IgnoredTopic}, nil
}

// orderFields are the Shopify names of the fields a conversion is made of, for errors.
var orderFields = map[string]string{
	"order_id": "id", "order_total": "total_price", "currency": "currency", "customer_email": "email",
	"converted_at": "created_at", "discount_code": "discount_codes.0.code",
}

// lineFields are the Shopify names of a line's fields.
var lineFields = map[string]string{"product_id": "product_id", "sku": "sku", "quantity": "quantity", "amount": "price"}

func (s *Service) order(ctx context.Context, sc tenancy.Scope, d Delivery) (Result, error) {
	o, err := ParseOrder(d.Body)
	if err != nil {
		return Result{}, err
	}
	if o.Test {
		return Result{Outcome: TestOrder}, nil
	}
	order := conversions.Order{
		OrderID: o.ID, Total: o.TotalPrice, Currency: o.Currency, CustomerEmail: o.Email,
		ConvertedAt: o.CreatedAt, ClickID: o.ClickID, Source: "shopify", Subtotal: o.SubtotalPrice,
	}
	if len(o.DiscountCodes) > 0 {
		order.DiscountCode = o.DiscountCodes[0]
	}
	for _, l := range o.Lines {
		order.Lines = append(order.Lines, conversions.Line{ProductID: l.ProductID, SKU: l.SKU, Quantity: l.Quantity, Amount: l.Amount})
	}
	c, created, err := s.conversions.Ingest(ctx, sc, order)
	if err != nil {
		return Result{}, apierror.RenameFields(err, apierror.WithListFields(orderFields, "lines", "line_items", len(o.Lines), lineFields))
	}
	if !created {
		return Result{Outcome: Duplicate, Conversion: &c}, nil
	}
	return Result{Outcome: Stored, Conversion: &c}, nil
}

// refund applies a refund or cancellation once, or keeps it for its order when the order is not
// stored yet: the delivery's id and claim (the refund's own id, or the cancelled order's) are taken
// in the same transaction, so a redelivery changes nothing.
func (s *Service) refund(ctx context.Context, sc tenancy.Scope, d Delivery, claim string, args conversions.RefundArgs) (Result, error) {
	brandID, _ := sc.BrandID() // a brand's, from receive; conversions.Refund refuses any other
	outcome := Duplicate
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		outcome = Duplicate // a run again after a deadlock starts over
		for _, key := range []string{d.WebhookID, claim} {
			if key == "" {
				continue
			}
			fresh, err := s.q.TakeShopifyWebhook(ctx, tx, queries.TakeShopifyWebhookParams{BrandID: brandID, WebhookID: key, Topic: d.Topic})
			if err != nil || !fresh {
				return err
			}
		}
		var err error
		args.Source, args.Key = "shopify "+d.Topic, cmp.Or(d.WebhookID, claim)
		outcome, err = s.conversions.Refund(ctx, tx, sc, args)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	return Result{Outcome: outcome}, nil
}

// TestDelivery is what a brand's test order did.
type TestDelivery struct {
	Result Result
	Topic  string
	Order  Order
	// PublicID is the brand's, for the webhook address.
	PublicID string
}

// SendTest signs a sample order (marked as a test, with a fresh id) with the brand's webhook
// secret and receives it as a delivery from Shopify would be received: the signature is checked
// and the order read; a test order is not stored. The brand is the scope's; any other is refused.
func (s *Service) SendTest(ctx context.Context, sc tenancy.Scope) (TestDelivery, error) {
	brandID, ok := sc.BrandID()
	if !ok {
		return TestDelivery{}, apierror.Forbidden("Only a brand sends itself a test order")
	}
	b, err := s.q.BrandWebhookByID(ctx, s.pool, brandID)
	if err != nil {
		return TestDelivery{}, err
	}
	orderID := fmt.Sprintf("%d", 9000000000000+time.Now().UnixNano()%1000000000000)
	body := []byte(strings.NewReplacer(`"test": false`, `"test": true`, `"id": 5837293649217`, `"id": `+orderID).Replace(string(SampleOrder)))
	order, err := ParseOrder(body)
	if err != nil {
		return TestDelivery{}, err
	}
	const topic = "orders/create"
	r, err := s.receive(ctx, Delivery{PublicID: b.PublicID, Topic: topic, WebhookID: "test-" + orderID, Signature: Sign(b.WebhookSecret, body), Body: body})
	if err != nil {
		return TestDelivery{}, err
	}
	return TestDelivery{Result: r, Topic: topic, Order: order, PublicID: b.PublicID}, nil
}
