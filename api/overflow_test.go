package api_test

import (
	"net/http"
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// wantFieldError: the answer is a 400 VALIDATION_ERROR whose details name field.
func wantFieldError(t *testing.T, what string, r servertest.Response, field string) {
	t.Helper()
	details, _ := r.Body["details"].([]any)
	if r.Status != http.StatusBadRequest || r.Body["code"] != "VALIDATION_ERROR" || len(details) == 0 || details[0].(map[string]any)["field"] != field {
		t.Errorf("%s: %d %s; want a 400 naming %s", what, r.Status, r.Raw, field)
	}
}

// coded sets the program's campaign to rule and value, in RON, and gives its affiliate the code.
func coded(t *testing.T, env *servertest.Env, p program, rule, value, code string) {
	t.Helper()
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{
		"commission_type": rule, "commission_value": value, "currency": "RON",
	}), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": code, "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
}

// TestCommissionOverflow: a 100% campaign paid in RON on the largest order in EUR would earn more
// than a commission holds: the conversion API and the Shopify webhook answer 400 naming the total
// (not 500) and store nothing. A fixed commission larger than its order is capped at the order.
func TestCommissionOverflow(t *testing.T) {
	env := servertest.Get(t)
	s := newShop(t, env)
	coded(t, env, s.program, "percentage", "1", "ALL100")
	huge := map[string]any{"order_id": "huge-1", "order_total": "999999999999.99", "currency": "EUR", "discount_code": "ALL100"}
	wantFieldError(t, "the conversion API", env.Call(t, http.MethodPost, "/conversions/process", s.brand.token, huge), "order_total")
	body := []byte(`{"id": 77001, "total_price": "999999999999.99", "currency": "EUR", "discount_codes": [{"code": "ALL100"}]}`)
	wantFieldError(t, "the Shopify webhook", s.send(t, env, "orders/create", "huge-webhook", s.secret, body), "total_price")
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("refused orders stored %d conversions", n)
	}
	// The same order in RON earns exactly what a commission holds: stored.
	huge["currency"] = "RON"
	c := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", s.brand.token, huge), http.StatusCreated))["conversion"].(map[string]any)
	if c["commission_amount"] != "999999999999.99" {
		t.Errorf("commission %v", c["commission_amount"])
	}

	// A fixed 25.00 on an order of 10.00 earns 10.00.
	p := newProgram(t, env)
	coded(t, env, p, "fixed", "25.00", "FIX25")
	small := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
		"order_id": "small-1", "order_total": "10.00", "currency": "RON", "discount_code": "FIX25",
	}), http.StatusCreated))["conversion"].(map[string]any)
	if small["commission_amount"] != "10.00" {
		t.Errorf("a fixed 25.00 on an order of 10.00 earned %v", small["commission_amount"])
	}
}

// TestTinyRate: the host's rates are bounded so that every rate between two currencies fits what
// a conversion stores: "0.0000000001" USD per RON answers 400 naming the rate. A rate stored out of
// bounds before (by hand) makes an order in that currency a 400 naming the currency, not a 500.
func TestTinyRate(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	restore := map[string]any{"rates": map[string]any{"EUR": "0.2010", "USD": "0.2180"}}
	t.Cleanup(func() { mustStatus(t, env.Call(t, http.MethodPut, "/settings/currency", host, restore), http.StatusOK) })
	for _, tc := range []struct{ rate, field string }{
		{"0.0000000001", "rates.USD"}, {"0.00009", "rates.USD"}, {"100000.01", "rates.USD"}, {"9999999999", "rates.USD"},
	} {
		wantFieldError(t, "USD at "+tc.rate, env.Call(t, http.MethodPut, "/settings/currency", host, map[string]any{"rates": map[string]any{"USD": tc.rate}}), tc.field)
	}
	if n := count(t, env, "SELECT count(*) FROM currency_rates WHERE currency = 'USD' AND rate <> 0.218"); n != 0 {
		t.Fatalf("a refused rate was stored")
	}

	// At the bounds, the largest USD order on a 100% RON campaign is a 400, not a 500.
	p := newProgram(t, env)
	coded(t, env, p, "percentage", "1", "USD100")
	mustStatus(t, env.Call(t, http.MethodPut, "/settings/currency", host, map[string]any{"rates": map[string]any{"USD": "0.0001", "EUR": "100000"}}), http.StatusOK)
	order := map[string]any{"order_id": "usd-1", "order_total": "999999999999.99", "currency": "USD", "discount_code": "USD100"}
	wantFieldError(t, "the largest USD order", env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, order), "order_total")
	order["order_total"] = "10.00"
	c := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, order), http.StatusCreated))["conversion"].(map[string]any)
	if c["commission_amount"] != "100000.00" || c["exchange_rate"] != "10000" {
		t.Errorf("10 USD at 10000 lei each: %v at %v", c["commission_amount"], c["exchange_rate"])
	}

	// A rate stored before the bounds existed.
	if _, err := env.App.Pool.Exec(t.Context(), "UPDATE currency_rates SET rate = 0.0000000001 WHERE currency = 'USD'"); err != nil {
		t.Fatal(err)
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/settings/currency", host, map[string]any{"rates": map[string]any{"EUR": "0.2010"}}), http.StatusOK)
	order["order_id"] = "usd-2"
	wantFieldError(t, "an order at a stored tiny rate", env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, order), "currency")
}

// TestOversizedCommissionPayoutRun: one brand's affiliate earns more than one payout holds (two
// campaigns, each paying the largest commission); the host's run for every brand skips that group
// with its reason, keeps its commissions payable, and pays the other brands. A brand's own run
// shows only its own groups. A commission adjusted by hand above its order total is refused, and
// a campaign's spent amount without a budget stops at what its column holds.
func TestOversizedCommissionPayoutRun(t *testing.T) {
	env := servertest.Get(t)
	host := hostToken(t, env)
	big, other := newProgram(t, env), newProgram(t, env)
	coded(t, env, big, "percentage", "1", "BIG100")
	second := createCampaign(t, env, big.brand.token, map[string]any{"name": "Second", "commission_type": "percentage", "commission_value": "1", "currency": "RON"})
	mustStatus(t, env.Call(t, http.MethodPost, "/campaigns/"+second["id"].(string)+"/join", big.affiliate.token, nil), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", big.brand.token, map[string]any{
		"campaign_id": second["id"], "affiliate_id": big.affID, "code": "BIG200", "discount_type": "percentage", "discount_value": "0.10",
	}), http.StatusCreated)
	reported := func(orderID, total, code string) string {
		t.Helper()
		c := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", big.brand.token, map[string]any{
			"order_id": orderID, "order_total": total, "currency": "RON", "discount_code": code,
		}), http.StatusCreated))["conversion"].(map[string]any)
		return c["id"].(string)
	}
	bigIDs := []string{reported("big-1", "999999999999.99", "BIG100"), reported("big-2", "999999999999.99", "BIG200")}
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", big.brand.token, map[string]any{"conversion_ids": bigIDs, "decision": "confirm"}), http.StatusOK)
	t.Cleanup(func() {
		env.Call(t, http.MethodPost, "/conversions/review", big.brand.token, map[string]any{"conversion_ids": bigIDs, "decision": "reverse"})
	})
	confirmedOrders(t, env, other, "OTHER10", "other-1")

	// The other brand's own run sees nothing of the big one.
	otherRun := data(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", other.brand.token, map[string]any{"minimum_amount": "1000"}), http.StatusOK))
	if skipped, _ := otherRun["skipped"].([]any); len(skipped) != 0 {
		t.Errorf("another brand's run shows skipped groups: %v", skipped)
	}

	run := data(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", host, map[string]any{}), http.StatusOK))
	paid := map[string]bool{}
	for _, p := range run["payouts"].([]any) {
		paid[p.(map[string]any)["brand_id"].(string)] = true
	}
	if !paid[other.brand.brandID()] || paid[big.brand.brandID()] {
		t.Errorf("the run paid %v; want the other brand and not the oversized group", run["payouts"])
	}
	var skip map[string]any
	skipped, _ := run["skipped"].([]any)
	for _, s := range skipped {
		if s.(map[string]any)["brand_id"] == big.brand.brandID() {
			skip = s.(map[string]any)
		}
	}
	if skip == nil || skip["reason"] != "amount_too_large" || skip["amount"] != "1999999999999.98" || skip["conversion_count"] != float64(2) || skip["affiliate_id"] != big.affID {
		t.Errorf("skipped: %v", skipped)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1 AND payout_id IS NULL AND status = 'confirmed'", big.brand.brandID()); n != 2 {
		t.Errorf("%d of the skipped group's commissions stay payable, want 2", n)
	}

	// An adjustment above the order total (20.00 RON at rate 1) is refused; confirming it passes
	// what the first campaign's spent amount holds, which stops there.
	small := reported("small-1", "20.00", "BIG100")
	bigIDs = append(bigIDs, small)
	wantFieldError(t, "an adjustment above the order", env.Call(t, http.MethodPut, "/conversions/"+small+"/commission", big.brand.token,
		map[string]any{"commission_amount": "20.01", "reason": "typo"}), "commission_amount")
	mustStatus(t, env.Call(t, http.MethodPut, "/conversions/"+small+"/commission", big.brand.token,
		map[string]any{"commission_amount": "19.00", "reason": "shipping"}), http.StatusOK)
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", big.brand.token, map[string]any{"conversion_ids": []string{small}, "decision": "confirm"}), http.StatusOK)
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE id = $1 AND spent = 999999999999.99", big.campaign["id"]); n != 1 {
		t.Errorf("the campaign's spent amount did not stop at its column's most")
	}
}

// TestTimesBefore2000: the zero time is a time before 2000 like any other, refused by the
// conversion API and the Shopify webhook; a campaign's dates are from 2000-01-01 on.
func TestTimesBefore2000(t *testing.T) {
	env := servertest.Get(t)
	s := newShop(t, env)
	wantFieldError(t, "converted_at 0001-01-01", env.Call(t, http.MethodPost, "/conversions/process", s.brand.token, map[string]any{
		"order_id": "zero-1", "order_total": "10.00", "currency": "RON", "converted_at": "0001-01-01T00:00:00Z",
	}), "converted_at")
	wantFieldError(t, "created_at 0001-01-01", s.send(t, env, "orders/create", "zero-webhook", s.secret,
		[]byte(`{"id": 77002, "total_price": "10.00", "currency": "RON", "created_at": "0001-01-01T00:00:00Z"}`)), "created_at")
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("refused orders stored %d conversions", n)
	}

	b, _ := newBrand(t, env)
	for _, tc := range []struct{ field, day string }{{"end_date", "0000-01-01"}, {"start_date", "1999-12-31"}, {"end_date", "0001-01-01"}} {
		wantFieldError(t, "a new campaign's "+tc.field+" "+tc.day, env.Call(t, http.MethodPost, "/campaigns", b.token, map[string]any{"name": "Old", tc.field: tc.day}), tc.field)
	}
	c := createCampaign(t, env, b.token, map[string]any{"name": "Y2K", "start_date": "2000-01-01", "end_date": "2000-01-02"})
	wantFieldError(t, "an edited end_date 0000-01-01", env.Call(t, http.MethodPut, "/campaigns/"+c["id"].(string), b.token, map[string]any{"end_date": "0000-01-01"}), "end_date")
	if n := count(t, env, "SELECT count(*) FROM campaigns WHERE brand_id = $1 AND (start_date < '2000-01-01' OR end_date < '2000-01-01')", b.brandID()); n != 0 {
		t.Errorf("%d campaigns with dates before 2000", n)
	}
}
