package stripe

import (
	"strings"
	"testing"
	"time"

	stripego "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// TestAmount: Stripe's integer minor units become exact decimals: hundredths for most
// currencies, units for the zero-decimal ones, thousandths for the three-decimal ones.
func TestAmount(t *testing.T) {
	for _, tc := range []struct {
		minor    int64
		currency string
		want     string
	}{
		{23681, "ron", "236.81"}, {1, "EUR", "0.01"}, {5000, "jpy", "5000"}, {990, "KRW", "990"},
		{12340, "kwd", "12.34"}, {1005, "BHD", "1.005"}, {150000, "isk", "1500"}, {0, "usd", "0"},
	} {
		if got := Amount(tc.minor, tc.currency); got.String() != tc.want {
			t.Errorf("%d %s: %s, want %s", tc.minor, tc.currency, got, tc.want)
		}
	}
}

func event(t *testing.T, body []byte) stripego.Event {
	t.Helper()
	const secret = "whsec_test0000000000000000"
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret})
	e, err := Verify(signed.Payload, signed.Header, secret)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestParseSamples: the recorded events read as Stripe documents them: the session's click id,
// PaymentIntent and amount before tax; the invoice's subscription (basil's parent), billing
// reason, paid time and its line's price and product.
func TestParseSamples(t *testing.T) {
	cs, err := ParseSession(event(t, SampleCheckoutPayment))
	if err != nil {
		t.Fatal(err)
	}
	if cs.Mode != "payment" || cs.Status != "paid" || cs.ClickID != "CLICKID" || cs.Sale.OrderID != "pi_3SXqKa2eZvKYlo2C0Vd3mTqH" ||
		cs.Sale.Total.String() != "236.81" || cs.Sale.Subtotal.String() != "199" || cs.Sale.Currency != "RON" || cs.Sale.Email != "maria.ionescu@example.ro" {
		t.Errorf("session: %+v", cs)
	}
	sub, err := ParseSession(event(t, SampleCheckoutSubscription))
	if err != nil || sub.Mode != "subscription" || sub.Subscription != "sub_1SXqWj2eZvKYlo2CkB2rX0aE" || sub.Customer != "cus_TGsC8yUe2VhRlm" {
		t.Errorf("subscription session: %+v %v", sub, err)
	}
	inv, err := ParseInvoice(event(t, SampleInvoicePaid).Data.Raw)
	if err != nil {
		t.Fatal(err)
	}
	if inv.OrderID != "in_1SXqWj2eZvKYlo2CJx8pTf1G" || inv.Subscription != "sub_1SXqWj2eZvKYlo2CkB2rX0aE" || inv.Reason != "subscription_create" ||
		inv.Total.String() != "49" || !inv.PaidAt.Equal(time.Unix(1763630898, 0)) || inv.ClickID != "" || inv.Customer != "cus_TGsC8yUe2VhRlm" {
		t.Errorf("invoice: %+v", inv)
	}
	if len(inv.Lines) != 1 || inv.Lines[0] != (Line{PriceID: "price_1RZlA42eZvKYlo2CwVq2Xk9P", ProductID: "prod_SUkfP0vY1rT2bN", Quantity: 1, Amount: inv.Lines[0].Amount}) ||
		inv.Lines[0].Amount.String() != "49" {
		t.Errorf("lines: %+v", inv.Lines)
	}
	withClick := strings.Replace(string(SampleInvoicePaid), `"metadata": {},
          "subscription"`, `"metadata": {"aff_click": "K1"},
          "subscription"`, 1)
	if inv, err := ParseInvoice(event(t, []byte(withClick)).Data.Raw); err != nil || inv.ClickID != "K1" {
		t.Errorf("the subscription's metadata: %q %v", inv.ClickID, err)
	}
	ip, err := ParseInvoicePayment(event(t, SampleInvoicePaymentPaid))
	if err != nil || ip != (InvoicePayment{Invoice: "in_1SXqWj2eZvKYlo2CJx8pTf1G", Payment: "pi_3SXqWk2eZvKYlo2C1aB8cD4e", Currency: "RON"}) {
		t.Errorf("invoice payment: %+v %v", ip, err)
	}
	ch, err := ParseCharge(event(t, SampleChargeRefunded))
	if err != nil || ch.Payment != "pi_3SXqKa2eZvKYlo2C0Vd3mTqH" || ch.Refunded != 11840 {
		t.Errorf("charge: %+v %v", ch, err)
	}
	dp, err := ParseDispute(event(t, SampleDisputeClosed))
	if err != nil || dp.Status != "lost" || dp.Payment != "pi_3SXqKa2eZvKYlo2C0Vd3mTqH" || dp.Reason != "fraudulent" {
		t.Errorf("dispute: %+v %v", dp, err)
	}
}

// TestVerifyRefuses: a stale or foreign signature, and an event of another release, are refused.
func TestVerifyRefuses(t *testing.T) {
	const secret = "whsec_test0000000000000000"
	stale := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: SampleCheckoutPayment, Secret: secret, Timestamp: time.Now().Add(-Tolerance - time.Second)})
	if _, err := Verify(stale.Payload, stale.Header, secret); err == nil || !strings.Contains(err.Error(), "older than 5 minutes") {
		t.Errorf("stale: %v", err)
	}
	fresh := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: SampleCheckoutPayment, Secret: secret})
	if _, err := Verify(fresh.Payload, fresh.Header, "whsec_other000000000000000"); err == nil {
		t.Error("another secret was taken")
	}
	if _, err := Verify(fresh.Payload, fresh.Header, ""); err == nil {
		t.Error("no secret was taken")
	}
	clover := []byte(strings.Replace(string(SampleCheckoutPayment), "2025-08-27.basil", "2025-09-30.clover", 1))
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: clover, Secret: secret})
	if _, err := Verify(signed.Payload, signed.Header, secret); err == nil || !strings.Contains(err.Error(), "api_version") && !strings.Contains(err.Error(), "API version") {
		t.Errorf("clover: %v", err)
	}
}
