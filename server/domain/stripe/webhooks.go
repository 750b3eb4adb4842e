package stripe

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	stripego "github.com/stripe/stripe-go/v82"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/domain/emergency"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Outcomes of an event, as the contract names them.
const (
	Stored            = "stored"
	Duplicate         = "duplicate"
	TestEvent         = "test_event"
	SubscriptionNoted = "subscription_noted"
	HeldForCheckout   = "held_for_checkout"
	PaymentNoted      = "payment_noted"
	RefundApplied     = conversions.RefundApplied
	HeldForOrder      = conversions.RefundHeld
	NothingToDo       = conversions.RefundNothingToDo
	DisputeNoted      = "dispute_noted"
	DisputeWon        = "dispute_won"
	IgnoredEvent      = "ignored_event"
)

// Source is the conversions' source, and the prefix of the claims it keeps.
const Source = "stripe"

// Delivery is one event as it arrived.
type Delivery struct {
	PublicID, Signature string
	Body                []byte
}

// Result is what an event did; Conversion is set when it stored or changed one.
type Result struct {
	Outcome    string
	Conversion *conversions.Conversion
}

// Service receives the events of brands' Stripe endpoints.
type Service struct {
	pool        *pgxpool.Pool
	q           *queries.Queries
	conversions *conversions.Service
	stop        *emergency.Service // the host's switches: ingestion paused, maintenance
	now         func() time.Time   // the clock signatures' timestamps are checked against
}

// New makes the service; now is the clock (time.Now outside tests).
func New(pool *pgxpool.Pool, c *conversions.Service, now func() time.Time) *Service {
	return &Service{pool: pool, q: queries.New(), conversions: c, stop: emergency.New(pool), now: now}
}

// Receive checks an event's signature with its brand's Stripe signing secret and applies it,
// once per event id. While the host has ingestion paused every event answers 503 before anything
// is read, and Stripe sends it again later.
func (s *Service) Receive(ctx context.Context, d Delivery) (Result, error) {
	if err := s.stop.CheckIngestion(ctx); err != nil {
		return Result{}, err
	}
	brandID, e, err := s.verify(ctx, d)
	if err != nil {
		return Result{}, err
	}
	// The signature proves the brand: its Stripe account acts for it as its API key would.
	sc := tenancy.Brand(uuid.Nil, brandID)
	taken, err := s.q.StripeEventTaken(ctx, s.pool, queries.StripeEventTakenParams{BrandID: brandID, WebhookID: eventKey(e)})
	if err != nil || taken {
		return Result{Outcome: Duplicate}, err
	}
	var r Result
	switch e.Type {
	case "checkout.session.completed", "checkout.session.async_payment_succeeded":
		r, err = s.checkout(ctx, sc, brandID, e)
	case "invoice.paid":
		r, err = s.invoice(ctx, sc, brandID, e)
	case "invoice_payment.paid":
		r, err = s.invoicePayment(ctx, sc, brandID, e)
	case "charge.refunded":
		r, err = s.chargeRefunded(ctx, sc, brandID, e)
	case "charge.dispute.created", "charge.dispute.closed":
		r, err = s.dispute(ctx, sc, brandID, e)
	default:
		r = Result{Outcome: IgnoredEvent}
	}
	if err != nil {
		return Result{}, err
	}
	if r.Outcome == Stored || r.Outcome == Duplicate || r.Outcome == IgnoredEvent || r.Outcome == SubscriptionNoted || r.Outcome == HeldForCheckout {
		// Taking a sale's event is only bookkeeping: storing it again changes nothing (the order id
		// is taken once). The refunds' and disputes' events are taken with what they change.
		if _, err := s.q.TakeShopifyWebhook(ctx, s.pool, queries.TakeShopifyWebhookParams{BrandID: brandID, WebhookID: eventKey(e), Topic: string(e.Type)}); err != nil {
			return Result{}, err
		}
	}
	return r, nil
}

// verify finds the brand of a delivery and checks its event's signature.
func (s *Service) verify(ctx context.Context, d Delivery) (uuid.UUID, stripego.Event, error) {
	brand, err := s.q.BrandForStripe(ctx, s.pool, d.PublicID)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, stripego.Event{}, apierror.NotFound("No brand has this public id")
	}
	if err != nil {
		return uuid.Nil, stripego.Event{}, err
	}
	e, err := Verify(d.Body, d.Signature, brand.StripeSecret, s.now())
	return brand.ID, e, err
}

// eventKey is an event's claim in the webhooks' claims table, shared with Shopify's and
// WooCommerce's under its own prefix.
func eventKey(e stripego.Event) string { return Source + ":event:" + e.ID }

// maxLineQuantity is the most units a conversion's line holds.
const maxLineQuantity = 1_000_000

// lineFields are the Stripe names of an invoice line's fields, for errors.
var lineFields = map[string]string{
	"product_id": "pricing.price_details.product", "price_id": "pricing.price_details.price",
	"quantity": "quantity", "amount": "amount",
}

// orderFields are the Stripe names of the fields a conversion is made of, for errors.
var orderFields = map[string]string{
	"order_id": "data.object.id", "order_total": "data.object.amount_paid", "currency": "data.object.currency",
	"customer_email": "data.object.customer_email", "converted_at": "data.object.status_transitions.paid_at",
}

// store stores a sale (kind sale or renewal) once by its order id.
func (s *Service) store(ctx context.Context, sc tenancy.Scope, sale Sale, kind string) (Result, error) {
	o := conversions.Order{
		OrderID: sale.OrderID, Total: sale.Total, Subtotal: sale.Subtotal, Currency: sale.Currency,
		CustomerEmail: sale.Email, ConvertedAt: &sale.PaidAt, ClickID: sale.ClickID, Source: Source,
		Kind: kind, SubscriptionID: sale.Subscription, CustomerID: sale.Customer,
	}
	fields := orderFields
	if len(sale.Lines) > 0 {
		fields = make(map[string]string, len(orderFields)+4*len(sale.Lines))
		for k, v := range orderFields {
			fields[k] = v
		}
	}
	for i, l := range sale.Lines {
		// A line the per-product rates cannot read (a credit, a metered line with no quantity)
		// earns within the rest of the invoice at the campaign's rate.
		if l.Quantity < 1 || l.Quantity > maxLineQuantity || l.Amount.IsNegative() {
			continue
		}
		at := fmt.Sprintf("lines.%d.", len(o.Lines))
		for f, t := range lineFields {
			fields[at+f] = fmt.Sprintf("data.object.lines.data.%d.%s", i, t)
		}
		o.Lines = append(o.Lines, conversions.Line{PriceID: l.PriceID, ProductID: l.ProductID, Quantity: int(l.Quantity), Amount: l.Amount})
	}
	c, created, err := s.conversions.Ingest(ctx, sc, o)
	if err != nil {
		return Result{}, apierror.RenameFields(err, fields)
	}
	if created {
		return Result{Outcome: Stored, Conversion: &c}, nil
	}
	return Result{Outcome: Duplicate, Conversion: &c}, nil
}

// checkout: a paid session in payment mode is a sale under its PaymentIntent's id; one in
// subscription mode remembers its click id for the subscription's first invoice, and stores that
// invoice if it arrived first and was held for the session.
func (s *Service) checkout(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, e stripego.Event) (Result, error) {
	cs, err := ParseSession(e)
	if err != nil {
		return Result{}, err
	}
	switch cs.Mode {
	case "payment":
		if cs.Status != "paid" {
			// An asynchronous payment still under way: checkout.session.async_payment_succeeded follows.
			return Result{Outcome: IgnoredEvent}, nil
		}
		r, err := s.store(ctx, sc, cs.Sale, conversions.KindSale)
		if err != nil {
			return Result{}, err
		}
		cs.Sale.Payments = []string{cs.Sale.OrderID}
		return s.payAll(ctx, sc, brandID, r, cs.Sale)
	case "subscription":
		var held []byte
		err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			row, err := s.q.LockStripeSubscription(ctx, tx, queries.LockStripeSubscriptionParams{BrandID: brandID, SubscriptionID: cs.Subscription})
			if err != nil {
				return err
			}
			held = row.HeldInvoice
			return s.q.SaveStripeSubscription(ctx, tx, queries.SaveStripeSubscriptionParams{
				BrandID: brandID, SubscriptionID: cs.Subscription, CheckoutSeen: true, ClickID: cs.ClickID,
				CustomerID: cs.Customer, HeldInvoice: row.HeldInvoice,
			})
		})
		if err != nil || held == nil {
			return Result{Outcome: SubscriptionNoted}, err
		}
		sale, err := ParseInvoice(held)
		if err != nil {
			return Result{}, err
		}
		sale.ClickID = cs.ClickID
		return s.release(ctx, sc, brandID, sale)
	}
	return Result{Outcome: IgnoredEvent}, nil
}

// release stores a subscription's held first invoice, then forgets it (a failure in between
// leaves it held, and storing it again changes nothing).
func (s *Service) release(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, sale Sale) (Result, error) {
	r, err := s.store(ctx, sc, sale, conversions.KindSale)
	if err != nil {
		return Result{}, err
	}
	if err := s.q.ReleaseStripeInvoice(ctx, s.pool, queries.ReleaseStripeInvoiceParams{BrandID: brandID, SubscriptionID: sale.Subscription}); err != nil {
		return Result{}, err
	}
	return s.payAll(ctx, sc, brandID, r, sale)
}

// invoice: a paid invoice is a sale, or a renewal of the subscription it bills. A subscription's
// first invoice without a click id of its own takes its Checkout Session's, and waits for the
// session when it has not arrived; a later invoice stores a first one still waiting, unattributed.
func (s *Service) invoice(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, e stripego.Event) (Result, error) {
	sale, err := ParseInvoice(e.Data.Raw)
	if err != nil {
		return Result{}, err
	}
	if sale.Subscription == "" {
		r, err := s.store(ctx, sc, sale, conversions.KindSale)
		if err != nil {
			return Result{}, err
		}
		return s.payAll(ctx, sc, brandID, r, sale)
	}
	first := sale.Reason == "subscription_create"
	var held []byte
	waiting := false
	err = dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		held, waiting = nil, false // a run again after a deadlock starts over
		row, err := s.q.LockStripeSubscription(ctx, tx, queries.LockStripeSubscriptionParams{BrandID: brandID, SubscriptionID: sale.Subscription})
		if err != nil {
			return err
		}
		save := queries.SaveStripeSubscriptionParams{
			BrandID: brandID, SubscriptionID: sale.Subscription, CheckoutSeen: row.CheckoutSeen, ClickID: row.ClickID,
			CustomerID: row.CustomerID, HeldInvoice: row.HeldInvoice,
		}
		switch {
		case !first:
			held = row.HeldInvoice
			return nil
		case sale.ClickID != "":
		case row.CheckoutSeen:
			sale.ClickID = row.ClickID
		default:
			waiting, save.HeldInvoice = true, e.Data.Raw
		}
		return s.q.SaveStripeSubscription(ctx, tx, save)
	})
	switch {
	case err != nil:
		return Result{}, err
	case waiting:
		return Result{Outcome: HeldForCheckout}, nil
	case first:
		r, err := s.store(ctx, sc, sale, conversions.KindSale)
		if err != nil {
			return Result{}, err
		}
		return s.payAll(ctx, sc, brandID, r, sale)
	}
	if held != nil {
		// The first invoice's Checkout Session never came: it is stored as it is, before this one.
		firstSale, err := ParseInvoice(held)
		if err != nil {
			return Result{}, err
		}
		if _, err := s.release(ctx, sc, brandID, firstSale); err != nil {
			return Result{}, err
		}
	}
	r, err := s.store(ctx, sc, sale, conversions.KindRenewal)
	if err != nil {
		return Result{}, err
	}
	return s.payAll(ctx, sc, brandID, r, sale)
}

// payAll settles what was kept for the payments of a stored sale: those its event lists (when
// it lists them) and those known to have paid it (a refund or dispute that came first).
func (s *Service) payAll(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, r Result, sale Sale) (Result, error) {
	known, err := s.q.StripePaymentsOfOrder(ctx, s.pool, queries.StripePaymentsOfOrderParams{BrandID: brandID, OrderID: sale.OrderID})
	if err != nil {
		return Result{}, err
	}
	payments := sale.Payments
	for _, p := range known {
		payments = append(payments, p.PaymentID)
	}
	for _, p := range payments {
		if r, err = s.pay(ctx, sc, brandID, r, p, sale.OrderID, sale.Currency); err != nil {
			return Result{}, err
		}
	}
	return r, nil
}

// pay notes that payment paid orderID and applies what was kept for the payment (refunds, a
// lost dispute that arrived first). r is what the sale's event did so far.
func (s *Service) pay(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, r Result, payment, orderID, currency string) (Result, error) {
	outcome, err := s.settle(ctx, sc, brandID, payment, nil, func(p *queries.StripePayment) {
		p.OrderID = orderID
		if p.Currency == "" {
			p.Currency = currency
		}
	})
	if err != nil {
		return Result{}, err
	}
	if outcome != "" && r.Conversion != nil {
		if c, err := s.conversions.Get(ctx, sc, r.Conversion.ID); err == nil {
			r.Conversion = &c
		}
	}
	return r, nil
}

// invoicePayment: which PaymentIntent paid which invoice; refunds and disputes kept for the
// payment are applied to the invoice's conversion.
func (s *Service) invoicePayment(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, e stripego.Event) (Result, error) {
	ip, err := ParseInvoicePayment(e)
	if err != nil {
		return Result{}, err
	}
	outcome, err := s.settle(ctx, sc, brandID, ip.Payment, &e, func(p *queries.StripePayment) {
		p.OrderID = ip.Invoice
		if p.Currency == "" {
			p.Currency = ip.Currency
		}
	})
	if outcome == "" {
		outcome = PaymentNoted
	}
	return s.result(ctx, sc, brandID, outcome, ip.Invoice), err
}

// chargeRefunded: the charge's amount_refunded (all its refunds so far) is kept for its payment;
// what grew since the last is taken back from the conversion the payment paid.
func (s *Service) chargeRefunded(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, e stripego.Event) (Result, error) {
	ch, err := ParseCharge(e)
	if err != nil {
		return Result{}, err
	}
	var orderID string
	outcome, err := s.settle(ctx, sc, brandID, ch.Payment, &e, func(p *queries.StripePayment) {
		p.Currency = ch.Currency
		p.Refunded = max(p.Refunded, ch.Refunded) // an older refund's event, arriving late, takes nothing
		orderID = p.OrderID
	})
	if outcome == "" {
		outcome = NothingToDo
	}
	return s.result(ctx, sc, brandID, outcome, orderID), err
}

// dispute: an opened dispute flags its pending conversion for review (and is noted in its
// activity); one closed lost takes back all unpaid commission as a full refund; one won returns
// the conversion it flagged to pending.
func (s *Service) dispute(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, e stripego.Event) (Result, error) {
	dp, err := ParseDispute(e)
	if err != nil {
		return Result{}, err
	}
	status := "open"
	if e.Type == "charge.dispute.closed" {
		status = "won" // won, or warning_closed: nothing is taken
		if dp.Status == "lost" {
			status = "lost"
		}
	}
	var orderID string
	outcome, err := s.settle(ctx, sc, brandID, dp.Payment, &e, func(p *queries.StripePayment) {
		if p.Dispute == "" || (p.Dispute == "open" && status != "open") {
			// A dispute only moves on: an opening that arrives after its end changes nothing.
			p.Dispute = status
		}
		orderID = p.OrderID
	})
	if err != nil {
		return Result{}, err
	}
	switch {
	case outcome == Duplicate, outcome == HeldForOrder:
	case status == "open":
		outcome = DisputeNoted
	case status == "won":
		outcome = DisputeWon
	case outcome == "":
		outcome = NothingToDo
	}
	return s.result(ctx, sc, brandID, outcome, orderID), nil
}

// settle changes a payment's row under its lock, then applies to its conversion what the row
// keeps and has not applied yet: the refunded amount's growth, and a lost dispute (once). The
// event, when given, is taken in the same transaction: a redelivery answers duplicate.
func (s *Service) settle(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, payment string, e *stripego.Event, change func(*queries.StripePayment)) (string, error) {
	if len(payment) > maxID {
		return "", malformed("data.object.payment_intent", "A payment id has at most 255 characters")
	}
	outcome := ""
	err := dbtx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		outcome = "" // a run again after a deadlock starts over
		if e != nil {
			fresh, err := s.q.TakeShopifyWebhook(ctx, tx, queries.TakeShopifyWebhookParams{BrandID: brandID, WebhookID: eventKey(*e), Topic: string(e.Type)})
			if err != nil || !fresh {
				outcome = Duplicate
				return err
			}
		}
		p, err := s.q.LockStripePayment(ctx, tx, queries.LockStripePaymentParams{BrandID: brandID, PaymentID: payment})
		if err != nil {
			return err
		}
		change(&p)
		if p.OrderID == "" {
			if p.Refunded > p.Applied || (p.Dispute == "lost" && !p.LostApplied) {
				outcome = HeldForOrder
			}
		} else if outcome, err = s.apply(ctx, tx, sc, &p); err != nil {
			return err
		}
		return s.q.SaveStripePayment(ctx, tx, queries.SaveStripePaymentParams{
			BrandID: brandID, PaymentID: payment, OrderID: p.OrderID, Currency: p.Currency, Refunded: p.Refunded,
			Applied: p.Applied, Dispute: p.Dispute, Held: p.Held, Released: p.Released, LostApplied: p.LostApplied,
		})
	})
	return outcome, err
}

// apply brings the conversion a payment paid to what its row says, once each: the refunded
// amount's growth refunded, an open dispute's flag (kept through its end when it is lost), a won
// dispute's flag lifted, a lost dispute's full refund. A refund of an order not stored yet is kept
// by the conversions' early refunds; a dispute of one waits here for the order's sale event.
func (s *Service) apply(ctx context.Context, tx pgx.Tx, sc tenancy.Scope, p *queries.StripePayment) (string, error) {
	outcome := ""
	refund := func(args conversions.RefundArgs) error {
		args.OrderID, args.Source = p.OrderID, Source+" "+args.Source
		o, err := s.conversions.Refund(ctx, tx, sc, args)
		if outcome == "" || o == RefundApplied {
			outcome = o
		}
		return err
	}
	if p.Refunded > p.Applied {
		key := Source + ":refund:" + p.PaymentID + ":" + strconv.FormatInt(p.Refunded, 10)
		if err := refund(conversions.RefundArgs{Amount: Amount(p.Refunded-p.Applied, p.Currency), Key: key, Source: "charge.refunded"}); err != nil {
			return "", err
		}
		p.Applied = p.Refunded
	}
	details := map[string]any{"payment": p.PaymentID, "source": Source}
	if (p.Dispute == "open" || p.Dispute == "lost") && !p.Held {
		found, err := s.conversions.HoldForDispute(ctx, tx, sc, p.OrderID, details)
		if err != nil {
			return "", err
		}
		p.Held = found
	}
	if p.Dispute == "won" && p.Held && !p.Released {
		found, err := s.conversions.EndDispute(ctx, tx, sc, p.OrderID, details)
		if err != nil {
			return "", err
		}
		p.Released = found
	}
	if p.Dispute == "lost" && !p.LostApplied {
		if err := refund(conversions.RefundArgs{Cancelled: true, Key: Source + ":dispute_lost:" + p.PaymentID, Source: "charge.dispute.closed"}); err != nil {
			return "", err
		}
		p.LostApplied = true
	}
	return outcome, nil
}

// result is an outcome with the conversion of orderID as it is now, when there is one.
func (s *Service) result(ctx context.Context, sc tenancy.Scope, brandID uuid.UUID, outcome, orderID string) Result {
	r := Result{Outcome: outcome}
	if orderID == "" {
		return r
	}
	row, err := s.q.GetConversionByOrder(ctx, s.pool, queries.GetConversionByOrderParams{BrandID: brandID, OrderID: orderID})
	if err != nil {
		return r
	}
	if c, err := s.conversions.Get(ctx, sc, row.Conversion.ID); err == nil {
		r.Conversion = &c
	}
	return r
}
