package api_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// subscribed is a program whose affiliate has the discount code ABO10 in a campaign paying 10% in
// RON under the recurring rule given (nil keeps the default).
func subscribed(t *testing.T, env *servertest.Env, rule map[string]any) program {
	t.Helper()
	p := newProgram(t, env)
	update := map[string]any{"commission_type": "percentage", "commission_value": "0.10", "currency": "RON"}
	for k, v := range rule {
		update[k] = v
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, update), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": "ABO10", "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	return p
}

// pay reports a payment of 100.00 RON and answers the conversion stored with the status wanted.
func pay(t *testing.T, env *servertest.Env, token string, status int, fields map[string]any) map[string]any {
	t.Helper()
	body := map[string]any{"order_total": "100.00", "currency": "RON"}
	for k, v := range fields {
		body[k] = v
	}
	return data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", token, body), status))["conversion"].(map[string]any)
}

// earned is what a conversion says of its attribution: kind, attribution, affiliate, commission, note.
func earned(c map[string]any) []any {
	return []any{c["kind"], c["attribution"], c["affiliate_id"], c["commission_amount"], c["commission_note"]}
}

func wantEarned(t *testing.T, what string, c map[string]any, want ...any) {
	t.Helper()
	got := earned(c)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: %v, want %v", what, got, want)
			return
		}
	}
}

// TestConversionSubscriptionLifetime: the first attributed payment of a subscription remembers it
// with its affiliate, campaign and time; three renewals, without code or click, earn for that
// affiliate under lifetime; a renewal repeated (same order id) is stored once and counted once.
func TestConversionSubscriptionLifetime(t *testing.T) {
	env := servertest.Get(t)
	p := subscribed(t, env, map[string]any{"recurring": "lifetime"})
	first := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "s-1", "discount_code": "ABO10", "subscription_id": "sub-1", "customer_id": "cus-1"})
	wantEarned(t, "first payment", first, "sale", "discount_code", p.affID, "10.00", "")
	if first["subscription_id"] != "sub-1" {
		t.Errorf("first payment's subscription: %v", first["subscription_id"])
	}
	if n := count(t, env, "SELECT count(*) FROM subscriptions WHERE brand_id = $1 AND subscription_id = 'sub-1' AND customer_id = 'cus-1' AND affiliate_id = $2 AND campaign_id = $3 AND payments = 1",
		p.brand.brandID(), p.affID, p.campaign["id"]); n != 1 {
		t.Fatalf("the subscription is not remembered: %d", n)
	}
	for _, id := range []string{"s-2", "s-3", "s-4"} {
		r := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": id, "kind": "renewal", "subscription_id": "sub-1"})
		wantEarned(t, "renewal "+id, r, "renewal", "discount_code", p.affID, "10.00", "")
	}
	again := pay(t, env, p.brand.token, http.StatusOK, map[string]any{"order_id": "s-4", "kind": "renewal", "subscription_id": "sub-1"})
	wantEarned(t, "repeated renewal", again, "renewal", "discount_code", p.affID, "10.00", "")
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1 AND order_id = 's-4'", p.brand.brandID()); n != 1 {
		t.Errorf("the repeated renewal is stored %d times", n)
	}
	if n := count(t, env, "SELECT payments FROM subscriptions WHERE brand_id = $1 AND subscription_id = 'sub-1'", p.brand.brandID()); n != 4 {
		t.Errorf("payments counted: %d, want 4", n)
	}
}

// TestConversionSubscriptionRules: first_payment (the default) pays only the first payment;
// first_payments with 2 pays the first and one renewal; first_months with 1 pays the renewals
// within a month of the first. A renewal left out is attributed with zero commission and says why.
func TestConversionSubscriptionRules(t *testing.T) {
	env := servertest.Get(t)

	p := subscribed(t, env, nil)
	if p.campaign["recurring"] != "first_payment" || p.campaign["recurring_limit"] != nil {
		t.Errorf("a new campaign's rule: %v %v", p.campaign["recurring"], p.campaign["recurring_limit"])
	}
	pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "d-1", "discount_code": "ABO10", "subscription_id": "sub-d"})
	r := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "d-2", "kind": "renewal", "subscription_id": "sub-d"})
	wantEarned(t, "first_payment renewal", r, "renewal", "discount_code", p.affID, "0.00", "recurring_first_payment")

	p = subscribed(t, env, map[string]any{"recurring": "first_payments", "recurring_limit": 2})
	pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "n-1", "discount_code": "ABO10", "subscription_id": "sub-n"})
	r = pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "n-2", "kind": "renewal", "subscription_id": "sub-n"})
	wantEarned(t, "second payment", r, "renewal", "discount_code", p.affID, "10.00", "")
	r = pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "n-3", "kind": "renewal", "subscription_id": "sub-n"})
	wantEarned(t, "third payment", r, "renewal", "discount_code", p.affID, "0.00", "recurring_limit_reached")

	p = subscribed(t, env, map[string]any{"recurring": "first_months", "recurring_limit": 1})
	now := time.Now().UTC()
	pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "m-1", "discount_code": "ABO10", "subscription_id": "sub-m", "converted_at": now.AddDate(0, 0, -45)})
	r = pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "m-2", "kind": "renewal", "subscription_id": "sub-m", "converted_at": now.AddDate(0, 0, -30)})
	wantEarned(t, "within the month", r, "renewal", "discount_code", p.affID, "10.00", "")
	r = pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "m-3", "kind": "renewal", "subscription_id": "sub-m"})
	wantEarned(t, "after the month", r, "renewal", "discount_code", p.affID, "0.00", "recurring_months_passed")
}

// TestConversionSubscriptionUnknown: a renewal of a subscription the brand does not remember (never
// sold, or another brand's) is stored unattributed; one reported before its first payment stays so.
func TestConversionSubscriptionUnknown(t *testing.T) {
	env := servertest.Get(t)
	a := subscribed(t, env, map[string]any{"recurring": "lifetime"})
	b := subscribed(t, env, map[string]any{"recurring": "lifetime"})
	early := pay(t, env, a.brand.token, http.StatusCreated, map[string]any{"order_id": "u-0", "kind": "renewal", "subscription_id": "sub-a"})
	wantEarned(t, "renewal before its first payment", early, "renewal", "none", nil, "0.00", "")
	pay(t, env, a.brand.token, http.StatusCreated, map[string]any{"order_id": "u-1", "discount_code": "ABO10", "subscription_id": "sub-a"})
	r := pay(t, env, a.brand.token, http.StatusCreated, map[string]any{"order_id": "u-2", "kind": "renewal", "subscription_id": "sub-unknown"})
	wantEarned(t, "unknown subscription", r, "renewal", "none", nil, "0.00", "")
	// Brand B reports a renewal with brand A's subscription id: nobody of A's earns from it.
	r = pay(t, env, b.brand.token, http.StatusCreated, map[string]any{"order_id": "u-3", "kind": "renewal", "subscription_id": "sub-a"})
	wantEarned(t, "another brand's subscription", r, "renewal", "none", nil, "0.00", "")
	if r := env.Call(t, http.MethodPost, "/conversions/process", a.brand.token, map[string]any{"order_id": "u-4", "order_total": "1.00", "currency": "RON", "kind": "renewal"}); r.Status != http.StatusBadRequest || errorField(r) != "subscription_id" {
		t.Errorf("a renewal without its subscription: %d %s", r.Status, r.Raw)
	}
}

// TestCampaignRecurringRule: the limit is required with first_payments and first_months, 1 to 120,
// and refused with the others; turning to an unlimited rule clears it.
func TestCampaignRecurringRule(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	path := "/campaigns/" + p.campaign["id"].(string)
	for _, tc := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"recurring": "first_payments"}, "recurring_limit"},
		{map[string]any{"recurring": "first_months", "recurring_limit": 0}, "recurring_limit"},
		{map[string]any{"recurring": "first_months", "recurring_limit": 121}, "recurring_limit"},
		{map[string]any{"recurring": "lifetime", "recurring_limit": 5}, "recurring_limit"},
		{map[string]any{"recurring_limit": 5}, "recurring_limit"},
		{map[string]any{"recurring": "weekly"}, "recurring"},
	} {
		r := env.Call(t, http.MethodPut, path, p.brand.token, tc.body)
		if r.Status != http.StatusBadRequest || errorField(r) != tc.field {
			t.Errorf("%v: %d %s, want 400 naming %s", tc.body, r.Status, r.Raw, tc.field)
		}
	}
	c := data(mustStatus(t, env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{"recurring": "first_payments", "recurring_limit": 12}), http.StatusOK))["campaign"].(map[string]any)
	if c["recurring"] != "first_payments" || c["recurring_limit"] != float64(12) {
		t.Errorf("set: %v %v", c["recurring"], c["recurring_limit"])
	}
	c = data(mustStatus(t, env.Call(t, http.MethodPut, path, p.brand.token, map[string]any{"recurring": "lifetime"}), http.StatusOK))["campaign"].(map[string]any)
	if c["recurring"] != "lifetime" || c["recurring_limit"] != nil {
		t.Errorf("lifetime: %v %v", c["recurring"], c["recurring_limit"])
	}
	created := createCampaign(t, env, p.brand.token, map[string]any{"name": "Abonamente", "recurring": "first_months", "recurring_limit": 6})
	if created["recurring"] != "first_months" || created["recurring_limit"] != float64(6) {
		t.Errorf("created: %v %v", created["recurring"], created["recurring_limit"])
	}
}

// errorField is the field an error's first detail names.
func errorField(r servertest.Response) string {
	details, _ := r.Body["details"].([]any)
	if len(details) == 0 {
		return ""
	}
	f, _ := details[0].(map[string]any)["field"].(string)
	return f
}

// TestConversionSubscriptionFirstPaymentRejected: a subscription whose first payment the brand
// rejects (as fraud, say) or reverses earns nothing on its renewals, which are stored attributed
// with a zero commission and the reason; the brand confirming the rejected first payment restores
// it, and the renewals after it earn again.
func TestConversionSubscriptionFirstPaymentRejected(t *testing.T) {
	env := servertest.Get(t)
	p := subscribed(t, env, map[string]any{"recurring": "lifetime"})
	review := func(c map[string]any, decision string) map[string]any {
		t.Helper()
		r := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token,
			map[string]any{"conversion_ids": []any{c["id"]}, "decision": decision, "reason": "checked"}), http.StatusOK))
		return r["conversions"].([]any)[0].(map[string]any)
	}

	first := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "fr-1", "discount_code": "ABO10", "subscription_id": "sub-fr"})
	if got := review(first, "reject"); got["status"] != "rejected" {
		t.Fatalf("rejected: %v", got["status"])
	}
	r := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "fr-2", "kind": "renewal", "subscription_id": "sub-fr"})
	wantEarned(t, "a renewal after the first payment was rejected", r, "renewal", "discount_code", p.affID, "0.00", "first_payment_rejected")

	// Restored: the first payment confirmed after all; the next renewal earns.
	if got := review(first, "confirm"); got["status"] != "confirmed" || got["commission_amount"] != "10.00" {
		t.Fatalf("restored: %v %v", got["status"], got["commission_amount"])
	}
	r = pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "fr-3", "kind": "renewal", "subscription_id": "sub-fr"})
	wantEarned(t, "a renewal after the first payment was restored", r, "renewal", "discount_code", p.affID, "10.00", "")

	// A first payment confirmed, then reversed by the brand: its renewals stop too.
	second := pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "rv-1", "discount_code": "ABO10", "subscription_id": "sub-rv"})
	review(second, "confirm")
	if got := review(second, "reverse"); got["status"] != "reversed" {
		t.Fatalf("reversed: %v", got["status"])
	}
	r = pay(t, env, p.brand.token, http.StatusCreated, map[string]any{"order_id": "rv-2", "kind": "renewal", "subscription_id": "sub-rv"})
	wantEarned(t, "a renewal after the first payment was reversed", r, "renewal", "discount_code", p.affID, "0.00", "first_payment_reversed")
	// A reversed conversion is not confirmed again.
	if r := env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": []any{second["id"]}, "decision": "confirm"}); r.Status != http.StatusConflict {
		t.Fatalf("confirming a reversed conversion: %d %s", r.Status, r.Raw)
	}
}
