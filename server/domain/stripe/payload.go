// Package stripe receives the events of a brand's Stripe webhook endpoint: it checks their
// signature with stripe-go's webhook package, reads the Checkout Sessions, invoices, invoice
// payments, charges and disputes they carry (API version 2025-08-27.basil's shapes, the same in
// the later versions, through stripe-go's types) and hands sales, renewals, refunds and lost disputes to the conversions service.
package stripe

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	stripego "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// Tolerance is how old a signature's timestamp may be: Stripe's own default.
const Tolerance = 5 * time.Minute

// Skew is how far ahead of the platform's clock a signature's timestamp may be: Stripe's clock
// running a little ahead of ours, not an event signed for later (stripe-go checks only the past).
const Skew = time.Minute

// ClickMeta is the metadata key a brand puts the visitor's aff_click into (on a Checkout
// Session, or on a subscription through subscription_data.metadata, whence its invoices copy it).
const ClickMeta = "aff_click"

// firstVersion is the first API version whose shapes the platform reads: basil's first
// (2025-03-31.basil), when invoices began to name their subscription under parent. The fields the
// platform reads are the same in every later version, of basil and of the releases after it.
var firstVersion = time.Date(2025, 3, 31, 0, 0, 0, 0, time.UTC)

// firstRelease is the release of firstVersion; releases are named in alphabetical order.
const firstRelease = "basil"

// readable tells whether an event's api_version (`YYYY-MM-DD.release`) is firstVersion or later:
// a later version of basil, or of a later release (clover, ...). A preview version, a version
// without a release (before acacia) or an earlier one is not.
func readable(version string) bool {
	date, release, ok := strings.Cut(version, ".")
	if !ok || release == "preview" || release < firstRelease || strings.Trim(release, "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	at, err := time.Parse(time.DateOnly, date)
	return err == nil && !at.Before(firstVersion)
}

func malformed(field, message string) error {
	return apierror.Invalid(field, "stripe", message)
}

// signedAt is the timestamp (t=) of a Stripe-Signature header stripe-go accepted; its last, as
// stripe-go reads it. false when there is none.
func signedAt(header string) (time.Time, bool) {
	var at time.Time
	found := false
	for _, pair := range strings.Split(header, ",") {
		if k, v, _ := strings.Cut(pair, "="); k == "t" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return time.Time{}, false
			}
			at, found = time.Unix(n, 0), true
		}
	}
	return at, found
}

// Verify checks an event's Stripe-Signature with the endpoint's signing secret and reads it. The
// signature's timestamp is checked against now, the platform's clock: at most Tolerance old and
// at most Skew ahead. Events of an API version the platform does not read are refused naming
// api_version (the library's own version check, which takes only stripe-go's release, is left off).
func Verify(body []byte, header, secret string, now time.Time) (stripego.Event, error) {
	if secret == "" {
		return stripego.Event{}, apierror.Unauthorized("The brand has not saved its Stripe endpoint's signing secret")
	}
	if header == "" {
		return stripego.Event{}, apierror.Unauthorized("The event is not signed: Stripe-Signature is missing")
	}
	e, err := webhook.ConstructEventWithOptions(body, header, secret, webhook.ConstructEventOptions{
		IgnoreTolerance: true, IgnoreAPIVersionMismatch: true,
	})
	at, dated := signedAt(header)
	switch {
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader), errors.Is(err, webhook.ErrNoValidSignature):
		return stripego.Event{}, apierror.Unauthorized("The event's signature does not match the brand's Stripe signing secret")
	case err != nil:
		return stripego.Event{}, malformed("body", "The body is not a Stripe event")
	case !dated || now.Sub(at) > Tolerance:
		return stripego.Event{}, apierror.Unauthorized("The event's signature is older than 5 minutes")
	case at.Sub(now) > Skew:
		return stripego.Event{}, apierror.Unauthorized("The event's signature is dated more than a minute ahead of the platform's clock")
	case e.ID == "" || len(e.ID) > maxID:
		return stripego.Event{}, malformed("id", "The event has no id of at most 255 characters")
	case e.Data == nil || len(e.Data.Raw) == 0:
		return stripego.Event{}, malformed("data.object", "The event carries no object")
	case !readable(e.APIVersion):
		return stripego.Event{}, malformed("api_version", "The endpoint's API version is "+e.APIVersion+
			": create it with API version "+stripego.APIVersion+" or later (any version from 2025-03-31.basil on)")
	}
	return e, nil
}

// maxID is the longest id the platform keeps.
const maxID = 255

// minorUnits are the currencies whose amounts Stripe does not write in hundredths: none for the
// zero-decimal currencies, thousandths for the three-decimal ones. ISK, HUF and TWD are written in
// hundredths like the others (Stripe's special cases).
var minorUnits = map[string]int32{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "JPY": 0, "KMF": 0, "KRW": 0, "MGA": 0, "PYG": 0,
	"RWF": 0, "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "JOD": 3, "KWD": 3, "OMR": 3, "TND": 3,
}

// Amount is an amount in a currency's minor units (Stripe's integers) as an exact decimal.
func Amount(minor int64, currency string) decimal.Decimal {
	exp, ok := minorUnits[strings.ToUpper(currency)]
	if !ok {
		exp = 2
	}
	return decimal.New(minor, -exp)
}

// Sale is a payment the platform stores as a conversion: a paid Checkout Session in payment mode
// or a paid invoice.
type Sale struct {
	OrderID  string // the PaymentIntent's id, or the invoice's
	Total    decimal.Decimal
	Subtotal *decimal.Decimal // after discounts, without tax and shipping
	Currency string
	Email    string
	ClickID  string
	PaidAt   time.Time
	// Subscription is the subscription an invoice bills, and Reason its billing_reason.
	Subscription, Customer, Reason string
	// Payments are the PaymentIntents (or charges) that paid an invoice, when the event lists them.
	Payments []string
	Lines    []Line
}

// Line is one line of an invoice: its price and product, quantity and amount.
type Line struct {
	PriceID, ProductID string
	Quantity           int64
	Amount             decimal.Decimal
}

// Session is what the platform reads from a Checkout Session.
type Session struct {
	Mode, Status string // mode: payment, subscription or setup; status: its payment_status
	Subscription string
	Customer     string
	ClickID      string
	Sale         Sale // in payment mode
}

func clickOf(reference string, metadata map[string]string) string {
	if c := strings.TrimSpace(reference); c != "" {
		return c
	}
	return strings.TrimSpace(metadata[ClickMeta])
}

func idOf[T any](v *T, id func(*T) string) string {
	if v == nil {
		return ""
	}
	return id(v)
}

// ParseSession reads a checkout.session.* event's Checkout Session.
func ParseSession(e stripego.Event) (Session, error) {
	var cs stripego.CheckoutSession
	if err := json.Unmarshal(e.Data.Raw, &cs); err != nil {
		return Session{}, malformed("data.object", "The event's object is not a Checkout Session")
	}
	s := Session{
		Mode: string(cs.Mode), Status: string(cs.PaymentStatus), ClickID: clickOf(cs.ClientReferenceID, cs.Metadata),
		Subscription: idOf(cs.Subscription, func(v *stripego.Subscription) string { return v.ID }),
		Customer:     idOf(cs.Customer, func(v *stripego.Customer) string { return v.ID }),
	}
	currency := strings.ToUpper(string(cs.Currency))
	s.Sale = Sale{
		OrderID: idOf(cs.PaymentIntent, func(v *stripego.PaymentIntent) string { return v.ID }),
		Total:   Amount(cs.AmountTotal, currency), Currency: currency, ClickID: s.ClickID,
		Customer: s.Customer, PaidAt: time.Unix(e.Created, 0).UTC(),
	}
	if cs.CustomerDetails != nil {
		s.Sale.Email = cs.CustomerDetails.Email
	}
	if d := cs.TotalDetails; d != nil {
		sub := Amount(cs.AmountTotal-d.AmountTax-d.AmountShipping, currency)
		s.Sale.Subtotal = &sub
	}
	switch {
	case cs.ID == "":
		return Session{}, malformed("data.object.id", "The Checkout Session has no id")
	case s.Mode == "payment" && s.Status == "paid" && s.Sale.OrderID == "":
		return Session{}, malformed("data.object.payment_intent", "A paid Checkout Session in payment mode names its PaymentIntent")
	case s.Mode == "subscription" && s.Subscription == "":
		return Session{}, malformed("data.object.subscription", "A Checkout Session in subscription mode names its subscription")
	}
	return s, nil
}

// ParseInvoice reads a paid invoice (invoice.paid's object, or one held for its Checkout Session).
func ParseInvoice(raw []byte) (Sale, error) {
	var inv stripego.Invoice
	if err := json.Unmarshal(raw, &inv); err != nil {
		return Sale{}, malformed("data.object", "The event's object is not an invoice")
	}
	if inv.ID == "" {
		return Sale{}, malformed("data.object.id", "The invoice has no id")
	}
	currency := strings.ToUpper(string(inv.Currency))
	s := Sale{
		OrderID: inv.ID, Total: Amount(inv.AmountPaid, currency), Currency: currency, Email: inv.CustomerEmail,
		Customer: idOf(inv.Customer, func(v *stripego.Customer) string { return v.ID }), Reason: string(inv.BillingReason),
		ClickID: strings.TrimSpace(inv.Metadata[ClickMeta]), Lines: InvoiceLines(&inv),
	}
	sub := Amount(inv.TotalExcludingTax, currency)
	s.Subtotal = &sub
	if p := inv.Parent; p != nil && p.SubscriptionDetails != nil {
		d := p.SubscriptionDetails
		s.Subscription = idOf(d.Subscription, func(v *stripego.Subscription) string { return v.ID })
		if c := strings.TrimSpace(d.Metadata[ClickMeta]); c != "" {
			s.ClickID = c
		}
	}
	s.PaidAt = time.Unix(inv.Created, 0).UTC()
	if t := inv.StatusTransitions; t != nil && t.PaidAt != 0 {
		s.PaidAt = time.Unix(t.PaidAt, 0).UTC()
	}
	if inv.Payments != nil {
		for _, p := range inv.Payments.Data {
			if id := paymentOf(p); id != "" && p.Status == "paid" {
				s.Payments = append(s.Payments, id)
			}
		}
	}
	return s, nil
}

// InvoiceLines are an invoice's lines as the per-product rates read them: each line's price and
// product (basil's pricing.price_details), quantity and amount after the line's discounts (in
// major units).
func InvoiceLines(inv *stripego.Invoice) []Line {
	if inv.Lines == nil {
		return nil
	}
	currency := string(inv.Currency)
	lines := make([]Line, 0, len(inv.Lines.Data))
	for _, l := range inv.Lines.Data {
		minor := l.Amount
		for _, d := range l.DiscountAmounts {
			if d != nil {
				minor -= d.Amount
			}
		}
		line := Line{Quantity: l.Quantity, Amount: Amount(minor, currency)}
		if p := l.Pricing; p != nil && p.PriceDetails != nil {
			line.PriceID, line.ProductID = p.PriceDetails.Price, p.PriceDetails.Product
		}
		lines = append(lines, line)
	}
	return lines
}

// paymentOf is the payment an invoice payment names: its PaymentIntent, or its charge.
func paymentOf(p *stripego.InvoicePayment) string {
	if p == nil || p.Payment == nil {
		return ""
	}
	if p.Payment.PaymentIntent != nil && p.Payment.PaymentIntent.ID != "" {
		return p.Payment.PaymentIntent.ID
	}
	return idOf(p.Payment.Charge, func(v *stripego.Charge) string { return v.ID })
}

// InvoicePayment is an invoice_payment.paid event's news: which payment paid which invoice.
type InvoicePayment struct {
	Invoice, Payment, Currency string
}

// ParseInvoicePayment reads an invoice_payment.paid event's invoice payment.
func ParseInvoicePayment(e stripego.Event) (InvoicePayment, error) {
	var p stripego.InvoicePayment
	if err := json.Unmarshal(e.Data.Raw, &p); err != nil {
		return InvoicePayment{}, malformed("data.object", "The event's object is not an invoice payment")
	}
	ip := InvoicePayment{Invoice: idOf(p.Invoice, func(v *stripego.Invoice) string { return v.ID }), Payment: paymentOf(&p), Currency: strings.ToUpper(string(p.Currency))}
	switch {
	case ip.Invoice == "":
		return InvoicePayment{}, malformed("data.object.invoice", "The invoice payment names no invoice")
	case ip.Payment == "":
		return InvoicePayment{}, malformed("data.object.payment.payment_intent", "The invoice payment names no PaymentIntent or charge")
	}
	return ip, nil
}

// Charge is what a charge.refunded event says: the payment and how much of it is refunded so far.
type Charge struct {
	ID, Payment, Currency string
	Refunded              int64 // amount_refunded, in minor units, all refunds so far
}

// ParseCharge reads a charge.* event's charge.
func ParseCharge(e stripego.Event) (Charge, error) {
	var ch stripego.Charge
	if err := json.Unmarshal(e.Data.Raw, &ch); err != nil {
		return Charge{}, malformed("data.object", "The event's object is not a charge")
	}
	c := Charge{ID: ch.ID, Currency: strings.ToUpper(string(ch.Currency)), Refunded: ch.AmountRefunded,
		Payment: idOf(ch.PaymentIntent, func(v *stripego.PaymentIntent) string { return v.ID })}
	if c.Payment == "" {
		c.Payment = c.ID
	}
	switch {
	case c.ID == "":
		return Charge{}, malformed("data.object.id", "The charge has no id")
	case c.Refunded < 0:
		return Charge{}, malformed("data.object.amount_refunded", "The charge's amount_refunded is negative")
	}
	return c, nil
}

// Dispute is what a charge.dispute.* event says.
type Dispute struct {
	ID, Payment, Status, Reason, Currency string
	Amount                                int64
}

// ParseDispute reads a charge.dispute.* event's dispute.
func ParseDispute(e stripego.Event) (Dispute, error) {
	var dp stripego.Dispute
	if err := json.Unmarshal(e.Data.Raw, &dp); err != nil {
		return Dispute{}, malformed("data.object", "The event's object is not a dispute")
	}
	d := Dispute{ID: dp.ID, Status: string(dp.Status), Reason: string(dp.Reason), Currency: strings.ToUpper(string(dp.Currency)), Amount: dp.Amount,
		Payment: idOf(dp.PaymentIntent, func(v *stripego.PaymentIntent) string { return v.ID })}
	if d.Payment == "" {
		d.Payment = idOf(dp.Charge, func(v *stripego.Charge) string { return v.ID })
	}
	switch {
	case d.ID == "":
		return Dispute{}, malformed("data.object.id", "The dispute has no id")
	case d.Payment == "":
		return Dispute{}, malformed("data.object.charge", "The dispute names no charge or PaymentIntent")
	}
	return d, nil
}
