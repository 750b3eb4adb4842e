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
	e, err := Verify(signed.Payload, signed.Header, secret, time.Now())
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

// TestVerifyRefuses: a stale, future or foreign signature, and an event of a version before
// basil, are refused; the times are the injected clock's, not the machine's.
func TestVerifyRefuses(t *testing.T) {
	const secret = "whsec_test0000000000000000"
	now := time.Now().Add(-72 * time.Hour).Truncate(time.Second) // the platform's clock, not the machine's
	at := func(when time.Time) *webhook.SignedPayload {
		return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: SampleCheckoutPayment, Secret: secret, Timestamp: when})
	}
	for name, tc := range map[string]struct {
		signed time.Time
		want   string // "" is taken
	}{
		"stale":                 {now.Add(-Tolerance - time.Second), "older than 5 minutes"},
		"at the tolerance":      {now.Add(-Tolerance), ""},
		"within the skew":       {now.Add(Skew), ""},
		"past the skew":         {now.Add(Skew + time.Second), "ahead of the platform's clock"},
		"a day ahead":           {now.Add(24 * time.Hour), "ahead of the platform's clock"},
		"at the machine's time": {time.Now(), "ahead of the platform's clock"},
	} {
		signed := at(tc.signed)
		_, err := Verify(signed.Payload, signed.Header, secret, now)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v", name, err)
		}
	}
	fresh := at(now)
	if _, err := Verify(fresh.Payload, fresh.Header, "whsec_other000000000000000", now); err == nil {
		t.Error("another secret was taken")
	}
	if _, err := Verify(fresh.Payload, fresh.Header, "", now); err == nil {
		t.Error("no secret was taken")
	}
	// Signed without a timestamp: the signature of no time is not a fresh one.
	untimed := "v1=" + strings.SplitN(fresh.Header, "v1=", 2)[1]
	if _, err := Verify(fresh.Payload, untimed, secret, now); err == nil {
		t.Error("a signature without t= was taken")
	}
	for version, want := range map[string]bool{
		"2025-08-27.basil": true, "2025-03-31.basil": true, "2025-09-30.clover": true, "2026-02-25.clover": true, "2027-03-31.dahlia": true,
		"2025-03-30.basil": false, "2025-02-24.acacia": false, "2024-06-20": false, "2025-09-30.preview": false,
		"2025-09-30.Clover": false, "2025-9-30.clover": false, "clover": false, "": false,
	} {
		body := []byte(strings.Replace(string(SampleCheckoutPayment), "2025-08-27.basil", version, 1))
		signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: now})
		_, err := Verify(signed.Payload, signed.Header, secret, now)
		if want && err != nil || !want && (err == nil || !strings.Contains(err.Error(), "API version")) {
			t.Errorf("%q: %v", version, err)
		}
	}
}
