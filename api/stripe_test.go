package api_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/openaffiliate/platform/server/domain/stripe"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// stripeShop is a brand selling through Stripe: its program (10% in RON), its endpoint's path and
// signing secret, and a click on its affiliate's link made two hours ago.
type stripeShop struct {
	program
	path, secret, click string
}

// newStripeShop makes a program whose campaign follows the recurring rule given (nil keeps the
// default) and saves a signing secret for its Stripe endpoint.
func newStripeShop(t *testing.T, env *servertest.Env, rule map[string]any) stripeShop {
	t.Helper()
	p := newProgram(t, env)
	update := map[string]any{"commission_type": "percentage", "commission_value": "0.10", "currency": "RON"}
	for k, v := range rule {
		update[k] = v
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, update), http.StatusOK)
	secret := "whsec_" + strings.ReplaceAll(p.brand.brandID(), "-", "")
	mustStatus(t, env.Call(t, http.MethodPut, "/brands/"+p.brand.brandID()+"/stripe-secret", p.brand.token, map[string]any{"stripe_secret": secret}), http.StatusOK)
	details := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/integration/details", p.brand.token, nil), http.StatusOK))
	if details["has_stripe_secret"] != true {
		t.Fatalf("integration details: %v", details)
	}
	url := details["stripe_webhook_url"].(string)
	s := stripeShop{program: p, path: url[strings.Index(url, "/api/v1")+len("/api/v1"):], secret: secret}

	link := p.link(t, env, "https://"+p.domain+"/preturi")
	resp := visit(t, env.URL, link["short_code"].(string), "")
	location := resp.Header.Get("Location")
	s.click = location[strings.Index(location, "aff_click=")+len("aff_click="):]
	waitClicks(t, env, link["id"].(string), 1)
	ageClick(t, env, clickRow(t, env, s.click), 2*time.Hour)
	return s
}

// deliver sends an event signed with secret at the time given ("" sends no signature), as Stripe does.
func (s stripeShop) deliver(t *testing.T, env *servertest.Env, secret string, at time.Time, body []byte) servertest.Response {
	t.Helper()
	h := http.Header{"Content-Type": {"application/json; charset=utf-8"}, "User-Agent": {"Stripe/1.0 (+https://stripe.com/docs/webhooks)"}}
	if secret != "" {
		signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at})
		h.Set("Stripe-Signature", signed.Header)
	}
	return env.Send(t, http.MethodPost, s.path, h, body)
}

// send delivers a signed event now and answers its result and conversion, wanting a 200.
func (s stripeShop) send(t *testing.T, env *servertest.Env, body []byte) (string, map[string]any) {
	t.Helper()
	return result(mustStatus(t, s.deliver(t, env, s.secret, time.Now(), body), http.StatusOK))
}

// state is what a test compares of an order's conversion: kind, attribution, status, commission,
// refunded amount, note and flag.
func (s stripeShop) state(t *testing.T, env *servertest.Env, orderID string) string {
	t.Helper()
	var id string
	if err := env.App.Pool.QueryRow(t.Context(), "SELECT id::text FROM conversions WHERE brand_id = $1 AND order_id = $2", s.brand.brandID(), orderID).Scan(&id); err != nil {
		t.Fatalf("order %s: %v", orderID, err)
	}
	c := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+id, s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	return strings.Join([]string{c["kind"].(string), c["attribution"].(string), c["status"].(string), c["commission_amount"].(string),
		c["refunded_amount"].(string), c["commission_note"].(string), c["flag_reason"].(string)}, " ")
}

var hourAgo = func() string { return strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10) }

// checkoutPaid is the recorded paid Checkout Session (payment mode, 236.81 RON of which 199.00
// before tax) as event id with PaymentIntent pi and click id click, completed an hour ago.
func checkoutPaid(id, pi, click string) []byte {
	return sample(stripe.SampleCheckoutPayment, "evt_1SXqKc2eZvKYlo2CkD9Rb7xa", id, "pi_3SXqKa2eZvKYlo2C0Vd3mTqH", pi,
		`"client_reference_id": "CLICKID"`, `"client_reference_id": "`+click+`"`, `"created": 1763630142`, `"created": `+hourAgo())
}

// checkoutSubscribed is the recorded Checkout Session in subscription mode for subscription sub.
func checkoutSubscribed(id, sub, click string) []byte {
	return sample(stripe.SampleCheckoutSubscription, "evt_1SXqWm2eZvKYlo2C4Qn1cPzU", id, "sub_1SXqWj2eZvKYlo2CkB2rX0aE", sub,
		`"client_reference_id": "CLICKID"`, `"client_reference_id": "`+click+`"`)
}

// invoicePaid is the recorded invoice.paid (49.00 RON) as invoice inv of subscription sub for
// billing_reason reason, paid at the time given.
func invoicePaid(id, inv, sub, reason string, paidAt time.Time) []byte {
	return sample(stripe.SampleInvoicePaid, "evt_1SXqWn2eZvKYlo2CWr7hZ3aD", id, "in_1SXqWj2eZvKYlo2CJx8pTf1G", inv,
		"sub_1SXqWj2eZvKYlo2CkB2rX0aE", sub, `"billing_reason": "subscription_create"`, `"billing_reason": "`+reason+`"`,
		`"paid_at": 1763630898`, `"paid_at": `+strconv.FormatInt(paidAt.Unix(), 10))
}

// invoicePayment is the recorded invoice_payment.paid: PaymentIntent pi paid invoice inv.
func invoicePayment(id, inv, pi string) []byte {
	return sample(stripe.SampleInvoicePaymentPaid, "evt_1SXqWo2eZvKYlo2CbH5kLm8N", id, "in_1SXqWj2eZvKYlo2CJx8pTf1G", inv,
		"pi_3SXqWk2eZvKYlo2C1aB8cD4e", pi)
}

// chargeRefunded is the recorded charge.refunded of PaymentIntent pi's charge with amount_refunded.
func chargeRefunded(id, pi string, refunded int) []byte {
	return sample(stripe.SampleChargeRefunded, "evt_3SXqKa2eZvKYlo2C0uJ2rN5w", id, "pi_3SXqKa2eZvKYlo2C0Vd3mTqH", pi,
		`"amount_refunded": 11840`, `"amount_refunded": `+strconv.Itoa(refunded))
}

// dispute is the recorded charge.dispute.closed (lost) of PaymentIntent pi, as the event type and
// status given.
func dispute(id, pi, eventType, status string) []byte {
	return sample(stripe.SampleDisputeClosed, "evt_1SZ2pQ2eZvKYlo2CfG7vHk3M", id, "pi_3SXqKa2eZvKYlo2C0Vd3mTqH", pi,
		`"type": "charge.dispute.closed"`, `"type": "`+eventType+`"`, `"status": "lost"`, `"status": "`+status+`"`)
}

// TestStripeCheckoutPayment: a paid Checkout Session in payment mode becomes one conversion under
// its PaymentIntent's id, attributed by the click id in client_reference_id, with 10% of its
// amount before tax; a redelivery changes nothing; charge.refunded's cumulative amount_refunded
// scales the commission once per growth, and all of it refunded reverses the conversion.
func TestStripeCheckoutPayment(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, nil)
	body := checkoutPaid("evt_pay_1", "pi_pay_1", s.click)
	outcome, c := s.send(t, env, body)
	if outcome != "stored" || c["attribution"] != "link" || c["affiliate_id"] != s.affID || c["order_id"] != "pi_pay_1" ||
		c["order_total"] != "236.81" || c["commission_amount"] != "19.90" || c["currency"] != "RON" || c["source"] != "stripe" ||
		c["kind"] != "sale" || c["customer_email"] != "maria.ionescu@example.ro" {
		t.Fatalf("%s: %v", outcome, c)
	}
	if outcome, _ := s.send(t, env, body); outcome != "duplicate" {
		t.Fatalf("the same event again: %s", outcome)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 1 {
		t.Fatalf("%d conversions for one session", n)
	}
	// Half refunded (118.40 of 236.81), delivered twice: the commission scaled once.
	half := chargeRefunded("evt_ref_1", "pi_pay_1", 11840)
	if outcome, _ := s.send(t, env, half); outcome != "refund_applied" {
		t.Fatalf("half a refund: %s", outcome)
	}
	if outcome, _ := s.send(t, env, half); outcome != "duplicate" {
		t.Fatalf("half a refund again: %s", outcome)
	}
	if got := s.state(t, env, "pi_pay_1"); got != "sale link pending 9.95 118.40  " {
		t.Fatalf("after half a refund: %q", got)
	}
	// An older event of the same charge, arriving late, takes nothing more; the rest refunded reverses it.
	if outcome, _ := s.send(t, env, chargeRefunded("evt_ref_0", "pi_pay_1", 5000)); outcome != "nothing_to_do" {
		t.Fatalf("an older amount_refunded: %s", outcome)
	}
	outcome, c = s.send(t, env, chargeRefunded("evt_ref_2", "pi_pay_1", 23681))
	if outcome != "refund_applied" || c["status"] != "reversed" || c["commission_amount"] != "0.00" || c["refunded_amount"] != "236.81" {
		t.Fatalf("all refunded: %s %v", outcome, c)
	}
}

// TestStripeSubscription: a subscription bought through Checkout (its click id in
// client_reference_id) earns on its first invoice and, as the campaign's recurring rule says
// (the first 3 payments), on its renewals: three renewals attribute without a click, the third
// earning nothing and saying why. A refund of a renewal's payment, which only invoice_payment.paid
// ties to its invoice, scales that renewal's commission.
func TestStripeSubscription(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, map[string]any{"recurring": "first_payments", "recurring_limit": 3})
	start := time.Now().Add(-time.Hour)
	if outcome, _ := s.send(t, env, checkoutSubscribed("evt_s_1", "sub_a", s.click)); outcome != "subscription_noted" {
		t.Fatalf("checkout: %s", outcome)
	}
	outcome, first := s.send(t, env, invoicePaid("evt_s_2", "in_a_1", "sub_a", "subscription_create", start))
	if outcome != "stored" || first["kind"] != "sale" || first["attribution"] != "link" || first["affiliate_id"] != s.affID ||
		first["commission_amount"] != "4.90" || first["order_total"] != "49.00" || first["subscription_id"] != "sub_a" {
		t.Fatalf("first invoice: %s %v", outcome, first)
	}
	if n := count(t, env, "SELECT count(*) FROM subscriptions WHERE brand_id = $1 AND subscription_id = 'sub_a' AND customer_id = 'cus_TGsC8yUe2VhRlm' AND affiliate_id = $2",
		s.brand.brandID(), s.affID); n != 1 {
		t.Fatalf("the subscription is not remembered: %d", n)
	}
	want := []string{"renewal link pending 4.90 0.00  ", "renewal link pending 4.90 0.00  ", "renewal link pending 0.00 0.00 recurring_limit_reached "}
	for i, w := range want {
		inv := "in_a_" + strconv.Itoa(i+2)
		if outcome, _ := s.send(t, env, invoicePaid("evt_s_r"+strconv.Itoa(i), inv, "sub_a", "subscription_cycle", start.Add(time.Duration(i+1)*time.Minute))); outcome != "stored" {
			t.Fatalf("renewal %d: %s", i+1, outcome)
		}
		if got := s.state(t, env, inv); got != w {
			t.Errorf("renewal %d: %q, want %q", i+1, got, w)
		}
	}
	// The second payment (the first renewal) is refunded by half.
	if outcome, _ := s.send(t, env, invoicePayment("evt_s_p", "in_a_2", "pi_a_2")); outcome != "payment_noted" {
		t.Fatalf("invoice payment: %s", outcome)
	}
	if outcome, _ := s.send(t, env, chargeRefunded("evt_s_ref", "pi_a_2", 2450)); outcome != "refund_applied" {
		t.Fatalf("refund: %s", outcome)
	}
	if got := s.state(t, env, "in_a_2"); got != "renewal link pending 2.45 24.50  " {
		t.Errorf("the refunded renewal: %q", got)
	}
}

// TestStripeProductRate: an invoice's lines carry their Stripe price and product, so a lifetime
// campaign's rate for a price pays the first payment and every renewal at that rate (30% of the
// 49.00 RON line instead of the campaign's 10%), and each conversion keeps the line it matched.
func TestStripeProductRate(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, map[string]any{"recurring": "lifetime", "product_rates": []any{
		map[string]any{"match": "price_id", "match_value": "price_1RZlA42eZvKYlo2CwVq2Xk9P", "commission_type": "percentage", "commission_value": "0.30"},
	}})
	start := time.Now().Add(-time.Hour)
	s.send(t, env, checkoutSubscribed("evt_pr_1", "sub_p", s.click))
	s.send(t, env, invoicePaid("evt_pr_2", "in_p_1", "sub_p", "subscription_create", start))
	s.send(t, env, invoicePaid("evt_pr_3", "in_p_2", "sub_p", "subscription_cycle", start.Add(time.Minute)))
	for _, inv := range []string{"in_p_1", "in_p_2"} {
		var id string
		if err := env.App.Pool.QueryRow(t.Context(), "SELECT id::text FROM conversions WHERE brand_id = $1 AND order_id = $2", s.brand.brandID(), inv).Scan(&id); err != nil {
			t.Fatal(err)
		}
		c := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+id, s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
		lines, _ := c["lines"].([]any)
		if c["commission_amount"] != "14.70" || len(lines) != 1 {
			t.Fatalf("%s: commission %v, lines %v", inv, c["commission_amount"], c["lines"])
		}
		l := lines[0].(map[string]any)
		if l["price_id"] != "price_1RZlA42eZvKYlo2CwVq2Xk9P" || l["product_id"] != "prod_SUkfP0vY1rT2bN" || l["amount"] != "49.00" || l["quantity"] != float64(1) || l["rule"] == nil {
			t.Errorf("%s: line %v", inv, l)
		}
	}
}

// TestStripeDisputes: a dispute opened flags its pending conversion for review (noted in its
// activity), so its holding period cannot confirm it; one closed lost reverses the commission as a
// full refund; one won returns the conversion to pending with its commission.
func TestStripeDisputes(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, nil)
	for _, pi := range []string{"pi_lost", "pi_won"} {
		if outcome, _ := s.send(t, env, checkoutPaid("evt_"+pi, pi, s.click)); outcome != "stored" {
			t.Fatalf("%s: %s", pi, outcome)
		}
		opened := dispute("evt_open_"+pi, pi, "charge.dispute.created", "needs_response")
		if outcome, c := s.send(t, env, opened); outcome != "dispute_noted" || c["status"] != "flagged" {
			t.Fatalf("%s opened: %s %v", pi, outcome, c)
		}
		if outcome, _ := s.send(t, env, opened); outcome != "duplicate" {
			t.Fatalf("%s opened again: %s", pi, outcome)
		}
		if got := s.state(t, env, pi); got != "sale link flagged 19.90 0.00  payment_disputed" {
			t.Fatalf("%s under dispute: %q", pi, got)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM activity_log WHERE action = 'conversion.disputed' AND entity_id IN (SELECT id::text FROM conversions WHERE brand_id = $1)", s.brand.brandID()); n != 2 {
		t.Errorf("disputes noted: %d", n)
	}
	if outcome, c := s.send(t, env, dispute("evt_close_lost", "pi_lost", "charge.dispute.closed", "lost")); outcome != "refund_applied" || c["status"] != "reversed" || c["commission_amount"] != "0.00" {
		t.Fatalf("lost: %s %v", outcome, c)
	}
	if outcome, _ := s.send(t, env, dispute("evt_close_won", "pi_won", "charge.dispute.closed", "won")); outcome != "dispute_won" {
		t.Fatalf("won: %s", outcome)
	}
	if got := s.state(t, env, "pi_won"); got != "sale link pending 19.90 0.00  " {
		t.Fatalf("after a won dispute: %q", got)
	}
}

// TestStripeOutOfOrder: events of one payment end in the same state whichever arrives first: a
// partial refund, a full refund or a lost dispute before or after its Checkout Session; a
// subscription's first invoice before or after its Checkout Session (the click id only on the
// session); a refund of an invoice's payment before its invoice and its invoice payment.
func TestStripeOutOfOrder(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, map[string]any{"recurring": "lifetime"})
	type step func(tag string) []byte
	cases := []struct {
		name  string
		steps []step
		order string // the order id whose state is compared
		want  string
	}{
		{"partial refund", []step{
			func(tag string) []byte { return checkoutPaid("evt_c"+tag, "pi_"+tag, s.click) },
			func(tag string) []byte { return chargeRefunded("evt_r"+tag, "pi_"+tag, 11840) },
		}, "pi_", "sale link pending 9.95 118.40  "},
		{"two refunds", []step{
			func(tag string) []byte { return checkoutPaid("evt_c"+tag, "pi_"+tag, s.click) },
			func(tag string) []byte { return chargeRefunded("evt_r1"+tag, "pi_"+tag, 5000) },
			func(tag string) []byte { return chargeRefunded("evt_r2"+tag, "pi_"+tag, 11840) },
		}, "pi_", "sale link pending 9.95 118.40  "},
		{"full refund", []step{
			func(tag string) []byte { return checkoutPaid("evt_c"+tag, "pi_"+tag, s.click) },
			func(tag string) []byte { return chargeRefunded("evt_r"+tag, "pi_"+tag, 23681) },
		}, "pi_", "sale link reversed 0.00 236.81  "},
		{"lost dispute", []step{
			func(tag string) []byte { return checkoutPaid("evt_c"+tag, "pi_"+tag, s.click) },
			func(tag string) []byte { return dispute("evt_d"+tag, "pi_"+tag, "charge.dispute.closed", "lost") },
		}, "pi_", "sale link reversed 0.00 236.81  payment_disputed"},
		{"dispute opened", []step{
			func(tag string) []byte { return checkoutPaid("evt_c"+tag, "pi_"+tag, s.click) },
			func(tag string) []byte {
				return dispute("evt_d"+tag, "pi_"+tag, "charge.dispute.created", "needs_response")
			},
		}, "pi_", "sale link flagged 19.90 0.00  payment_disputed"},
		{"dispute won", []step{
			func(tag string) []byte { return checkoutPaid("evt_c"+tag, "pi_"+tag, s.click) },
			func(tag string) []byte {
				return dispute("evt_d"+tag, "pi_"+tag, "charge.dispute.created", "needs_response")
			},
			func(tag string) []byte { return dispute("evt_w"+tag, "pi_"+tag, "charge.dispute.closed", "won") },
		}, "pi_", "sale link pending 19.90 0.00  "},
		{"invoice dispute", []step{
			func(tag string) []byte { return checkoutSubscribed("evt_c"+tag, "sub_"+tag, s.click) },
			func(tag string) []byte {
				return invoicePaid("evt_i"+tag, "in_"+tag, "sub_"+tag, "subscription_create", time.Now().Add(-time.Hour))
			},
			func(tag string) []byte { return invoicePayment("evt_p"+tag, "in_"+tag, "pi_"+tag) },
			func(tag string) []byte {
				return dispute("evt_d"+tag, "pi_"+tag, "charge.dispute.created", "needs_response")
			},
		}, "in_", "sale link flagged 4.90 0.00  payment_disputed"},
		{"first invoice", []step{
			func(tag string) []byte { return checkoutSubscribed("evt_c"+tag, "sub_"+tag, s.click) },
			func(tag string) []byte {
				return invoicePaid("evt_i"+tag, "in_"+tag, "sub_"+tag, "subscription_create", time.Now().Add(-time.Hour))
			},
		}, "in_", "sale link pending 4.90 0.00  "},
		{"invoice refund", []step{
			func(tag string) []byte { return checkoutSubscribed("evt_c"+tag, "sub_"+tag, s.click) },
			func(tag string) []byte {
				return invoicePaid("evt_i"+tag, "in_"+tag, "sub_"+tag, "subscription_create", time.Now().Add(-time.Hour))
			},
			func(tag string) []byte { return invoicePayment("evt_p"+tag, "in_"+tag, "pi_"+tag) },
			func(tag string) []byte { return chargeRefunded("evt_r"+tag, "pi_"+tag, 4900) },
		}, "in_", "sale link reversed 0.00 49.00  "},
	}
	for i, tc := range cases {
		var states []string
		for j, reversed := range []bool{false, true} {
			tag := "ooo" + strconv.Itoa(i) + strconv.Itoa(j)
			steps := tc.steps
			if reversed {
				steps = make([]step, len(tc.steps))
				for k := range tc.steps {
					steps[k] = tc.steps[len(tc.steps)-1-k]
				}
			}
			for _, st := range steps {
				s.send(t, env, st(tag))
			}
			states = append(states, s.state(t, env, tc.order+tag))
		}
		if states[0] != tc.want || states[1] != tc.want {
			t.Errorf("%s: in order %q, out of order %q, want %q", tc.name, states[0], states[1], tc.want)
		}
	}
	// A first invoice held for its session is stored once the session comes, and once only.
	if outcome, _ := s.send(t, env, invoicePaid("evt_h1", "in_h", "sub_h", "subscription_create", time.Now().Add(-time.Hour))); outcome != "held_for_checkout" {
		t.Fatalf("a first invoice before its session: %s", outcome)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1 AND order_id = 'in_h'", s.brand.brandID()); n != 0 {
		t.Fatalf("a held invoice is stored: %d", n)
	}
	if outcome, c := s.send(t, env, checkoutSubscribed("evt_h2", "sub_h", s.click)); outcome != "stored" || c["order_id"] != "in_h" || c["attribution"] != "link" {
		t.Fatalf("its session: %s %v", outcome, c)
	}
	if outcome, _ := s.send(t, env, checkoutSubscribed("evt_h3", "sub_h", s.click)); outcome != "subscription_noted" {
		t.Fatalf("the session again under another event: %s", outcome)
	}
	// A first invoice whose session never comes is stored, unattributed, before the next invoice.
	s.send(t, env, invoicePaid("evt_n1", "in_n1", "sub_n", "subscription_create", time.Now().Add(-time.Hour)))
	if outcome, _ := s.send(t, env, invoicePaid("evt_n2", "in_n2", "sub_n", "subscription_cycle", time.Now().Add(-time.Minute))); outcome != "stored" {
		t.Fatalf("the next invoice: %s", outcome)
	}
	if got := s.state(t, env, "in_n1"); got != "sale none pending 0.00 0.00  " {
		t.Errorf("a first invoice without its session: %q", got)
	}
}

// TestStripeSignatures: only the brand's own signing secret, within 5 minutes, opens its endpoint;
// a refused event stores nothing; an unknown brand is 404; a brand without a secret refuses all;
// an event of another API release is 400 naming api_version. Another brand can neither set nor
// clear this brand's secret.
func TestStripeSignatures(t *testing.T) {
	env := servertest.Get(t)
	s, other := newStripeShop(t, env, nil), newStripeShop(t, env, nil)
	body := checkoutPaid("evt_sig", "pi_sig", s.click)
	tampered := sample(body, `"amount_total": 23681`, `"amount_total": 100`)
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: s.secret})
	for name, r := range map[string]servertest.Response{
		"no signature":           s.deliver(t, env, "", time.Now(), body),
		"another brand's secret": s.deliver(t, env, other.secret, time.Now(), body),
		"a made-up secret":       s.deliver(t, env, "whsec_madeup0000000000", time.Now(), body),
		"a stale timestamp":      s.deliver(t, env, s.secret, time.Now().Add(-6*time.Minute), body),
		"a body changed after it": env.Send(t, http.MethodPost, s.path, http.Header{"Content-Type": {"application/json"},
			"Stripe-Signature": {signed.Header}}, tampered),
		"a garbled header": env.Send(t, http.MethodPost, s.path, http.Header{"Content-Type": {"application/json"},
			"Stripe-Signature": {"t=abc,v1"}}, body),
	} {
		if r.Status != http.StatusUnauthorized || r.Body["code"] != "UNAUTHORIZED" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	// Brand B's secret on brand A's endpoint, and A's on B's.
	if r := other.deliver(t, env, s.secret, time.Now(), checkoutPaid("evt_x", "pi_x", s.click)); r.Status != http.StatusUnauthorized {
		t.Errorf("cross-tenant: %d %s", r.Status, r.Raw)
	}
	unknown := env.Send(t, http.MethodPost, "/integrations/stripe/no-such-brand-x", http.Header{"Content-Type": {"application/json"}, "Stripe-Signature": {signed.Header}}, body)
	if unknown.Status != http.StatusNotFound {
		t.Errorf("unknown brand: %d %s", unknown.Status, unknown.Raw)
	}
	old := sample(body, `"api_version": "2025-08-27.basil"`, `"api_version": "2024-06-20"`)
	if r := s.deliver(t, env, s.secret, time.Now(), old); r.Status != http.StatusBadRequest || errorField(r) != "api_version" {
		t.Errorf("an acacia event: %d %s", r.Status, r.Raw)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id IN ($1, $2)", s.brand.brandID(), other.brand.brandID()); n != 0 {
		t.Fatalf("refused events stored %d conversions", n)
	}
	if n := count(t, env, "SELECT count(*) FROM shopify_webhooks WHERE brand_id IN ($1, $2)", s.brand.brandID(), other.brand.brandID()); n != 0 {
		t.Fatalf("refused events were taken: %d", n)
	}

	// Brand B cannot set or clear A's secret, nor read it.
	path := "/brands/" + s.brand.brandID() + "/stripe-secret"
	if r := env.Call(t, http.MethodPut, path, other.brand.token, map[string]any{"stripe_secret": other.secret}); r.Status != http.StatusNotFound {
		t.Errorf("another brand sets the secret: %d %s", r.Status, r.Raw)
	}
	if r := env.Call(t, http.MethodDelete, path, other.brand.token, nil); r.Status != http.StatusNotFound {
		t.Errorf("another brand clears the secret: %d %s", r.Status, r.Raw)
	}
	if r := env.Call(t, http.MethodPut, path, s.brand.token, map[string]any{"stripe_secret": "rk_0123456789abcdefghij"}); r.Status != http.StatusBadRequest {
		t.Errorf("not a signing secret: %d %s", r.Status, r.Raw)
	}
	if outcome, _ := s.send(t, env, body); outcome != "stored" {
		t.Fatalf("the brand's own secret: %s", outcome)
	}
	// Cleared, the endpoint refuses everything.
	mustStatus(t, env.Call(t, http.MethodDelete, path, s.brand.token, nil), http.StatusOK)
	if d := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/integration/details", s.brand.token, nil), http.StatusOK)); d["has_stripe_secret"] != false {
		t.Errorf("after clearing: %v", d["has_stripe_secret"])
	}
	if r := s.deliver(t, env, s.secret, time.Now(), checkoutPaid("evt_after", "pi_after", s.click)); r.Status != http.StatusUnauthorized {
		t.Errorf("after clearing: %d %s", r.Status, r.Raw)
	}
}

// TestStripeTestEvent: the integration page's check signs the sample session with the brand's
// saved secret and passes it through the endpoint's checks, storing nothing; without a secret it
// says to save one; an affiliate cannot send one.
func TestStripeTestEvent(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, nil)
	d := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/stripe/test-event", s.brand.token, nil), http.StatusOK))
	if d["result"] != "test_event" || d["signature_checked"] != true || d["event_type"] != "checkout.session.completed" ||
		d["amount"] != "236.81" || d["currency"] != "RON" || !strings.HasSuffix(d["webhook_url"].(string), s.path) {
		t.Fatalf("test event: %v", d)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("the test event stored %d conversions", n)
	}
	if r := env.Call(t, http.MethodPost, "/brands/stripe/test-event", s.affiliate.token, nil); r.Status != http.StatusForbidden {
		t.Errorf("an affiliate: %d %s", r.Status, r.Raw)
	}
	mustStatus(t, env.Call(t, http.MethodDelete, "/brands/"+s.brand.brandID()+"/stripe-secret", s.brand.token, nil), http.StatusOK)
	if r := env.Call(t, http.MethodPost, "/brands/stripe/test-event", s.brand.token, nil); r.Status != http.StatusBadRequest || errorField(r) != "stripe_secret" {
		t.Errorf("without a secret: %d %s", r.Status, r.Raw)
	}
}

// TestStripeFutureSignature: a signature timestamped more than a minute ahead of the server's
// clock answers 401 and stores nothing, as a stale one does; a little ahead (a clock's skew) is taken.
func TestStripeFutureSignature(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, nil)
	for _, ahead := range []time.Duration{6 * time.Minute, 24 * time.Hour, 2 * time.Minute} {
		r := s.deliver(t, env, s.secret, time.Now().Add(ahead), checkoutPaid("evt_future", "pi_future", s.click))
		if r.Status != http.StatusUnauthorized || r.Body["code"] != "UNAUTHORIZED" {
			t.Errorf("signed %s ahead: %d %s", ahead, r.Status, r.Raw)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("events from the future stored %d conversions", n)
	}
	if outcome, _ := result(mustStatus(t, s.deliver(t, env, s.secret, time.Now().Add(20*time.Second), checkoutPaid("evt_future", "pi_future", s.click)), http.StatusOK)); outcome != "stored" {
		t.Fatalf("signed 20 s ahead: %s", outcome)
	}
}

// TestStripeLaterAPIVersions: the contract says 2025-08-27.basil "or later": a later basil
// version and the releases after basil (clover, and one not named yet) are read; a version before
// basil (acacia, or one without a release) answers 400 naming api_version.
func TestStripeLaterAPIVersions(t *testing.T) {
	env := servertest.Get(t)
	s := newStripeShop(t, env, nil)
	for i, version := range []string{"2025-08-27.basil", "2025-09-30.clover", "2026-02-25.clover", "2027-03-31.dahlia"} {
		id := "later_" + strconv.Itoa(i)
		body := sample(checkoutPaid("evt_"+id, "pi_"+id, s.click), `"api_version": "2025-08-27.basil"`, `"api_version": "`+version+`"`)
		if outcome, c := s.send(t, env, body); outcome != "stored" || c["attribution"] != "link" {
			t.Errorf("%s: %s %v", version, outcome, c)
		}
	}
	for i, version := range []string{"2025-02-24.acacia", "2024-06-20", "2025-03-30.basil", "clover", "2025-13-45.clover", ""} {
		id := "earlier_" + strconv.Itoa(i)
		body := sample(checkoutPaid("evt_"+id, "pi_"+id, s.click), `"api_version": "2025-08-27.basil"`, `"api_version": "`+version+`"`)
		if r := s.deliver(t, env, s.secret, time.Now(), body); r.Status != http.StatusBadRequest || errorField(r) != "api_version" {
			t.Errorf("%q: %d %s", version, r.Status, r.Raw)
		}
	}
}
