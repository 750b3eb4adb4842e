package api_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// confirmedOrders reports orders of 200.00 with a 10% code of the program and confirms them: a
// commission of 20.00 each, in the campaign's currency. It answers the conversions' ids.
func confirmedOrders(t *testing.T, env *servertest.Env, p program, code string, orderIDs ...string) []string {
	t.Helper()
	return confirmedOrdersOf(t, env, p, code, "200.00", orderIDs...)
}

// confirmedOrdersOf is confirmedOrders with orders of another total.
func confirmedOrdersOf(t *testing.T, env *servertest.Env, p program, code, total string, orderIDs ...string) []string {
	t.Helper()
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+p.campaign["id"].(string), p.brand.token, map[string]any{
		"commission_type": "percentage", "commission_value": "0.10",
	}), http.StatusOK)
	if r := env.Call(t, http.MethodPost, "/discount-codes", p.brand.token, map[string]any{
		"campaign_id": p.campaign["id"], "affiliate_id": p.affID, "code": code, "discount_type": "percentage", "discount_value": "0.10",
	}); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		t.Fatalf("discount code: %d %s", r.Status, r.Raw)
	}
	out := make([]string, len(orderIDs))
	for i, orderID := range orderIDs {
		c := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", p.brand.token, map[string]any{
			"order_id": orderID, "order_total": total, "currency": p.campaign["currency"], "discount_code": code,
		}), http.StatusCreated))["conversion"].(map[string]any)
		out[i] = c["id"].(string)
	}
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": out, "decision": "confirm"}), http.StatusOK)
	return out
}

func payoutsOf(r servertest.Response) []map[string]any {
	list := data(r)["payouts"].([]any)
	out := make([]map[string]any, len(list))
	for i, p := range list {
		out[i] = p.(map[string]any)
	}
	return out
}

// TestPayouts: a brand groups its affiliate's confirmed commissions into a payout, which locks
// them, pays it with a reference (the conversions become paid), and cancels another; nobody else
// sees or touches them.
func TestPayouts(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	host := hostToken(t, env)
	cur := p.campaign["currency"].(string)
	ids := confirmedOrders(t, env, p, "PAY10", "po-1", "po-2")
	theirs := confirmedOrders(t, env, other, "PAY10", "po-1")

	// What a run would pay: 40.00 for two conversions; with a minimum of 50, nothing.
	payable := data(mustStatus(t, env.Call(t, http.MethodGet, "/payouts/payable", p.brand.token, nil), http.StatusOK))["payable"].([]any)
	if len(payable) != 1 || payable[0].(map[string]any)["amount"] != "40.00" || payable[0].(map[string]any)["conversion_count"] != float64(2) {
		t.Fatalf("payable: %v", payable)
	}
	// Paged: past the only group the page is empty, and the total still counts it.
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/payouts/payable?limit=1&offset=1", p.brand.token, nil), http.StatusOK)); len(got["payable"].([]any)) != 0 || got["total"] != float64(1) || got["limit"] != float64(1) {
		t.Errorf("payable past its only group: %v", got)
	}
	if got := data(mustStatus(t, env.Call(t, http.MethodGet, "/payouts/payable?minimum_amount=50", p.brand.token, nil), http.StatusOK))["payable"].([]any); len(got) != 0 {
		t.Errorf("payable over 50: %v", got)
	}
	wantError(t, env.Call(t, http.MethodGet, "/payouts/payable", p.affiliate.token, nil), http.StatusForbidden, "FORBIDDEN")

	// Runs: an affiliate cannot; under the minimum makes nothing; another brand's id is not found.
	wantError(t, env.Call(t, http.MethodPost, "/payouts/generate", p.affiliate.token, map[string]any{}), http.StatusForbidden, "FORBIDDEN")
	if got := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{"minimum_amount": "40.01"}), http.StatusOK)); len(got) != 0 {
		t.Fatalf("a run under the minimum made %v", got)
	}
	wantError(t, env.Call(t, http.MethodPost, "/payouts/generate", other.brand.token, map[string]any{"brand_id": p.brand.brandID()}), http.StatusNotFound, "NOT_FOUND")
	made := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{"minimum_amount": 40}), http.StatusOK))
	if len(made) != 1 || made[0]["amount"] != "40.00" || made[0]["conversion_count"] != float64(2) || made[0]["status"] != "pending" ||
		made[0]["currency"] != cur || made[0]["affiliate_id"] != p.affID || made[0]["paid_at"] != nil {
		t.Fatalf("payout: %v", made)
	}
	payout := made[0]["id"].(string)
	if again := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{}), http.StatusOK)); len(again) != 0 {
		t.Fatalf("the same commissions were grouped twice: %v", again)
	}
	if n := count(t, env, "SELECT count(*) FROM payouts WHERE brand_id = $1", other.brand.brandID()); n != 0 {
		t.Errorf("a brand's run made %d payouts of another brand", n)
	}

	// In a pending payout a conversion cannot be reversed, adjusted or deleted.
	c := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+ids[0], p.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	if c["payout_id"] != payout {
		t.Errorf("conversion's payout_id = %v, want %s", c["payout_id"], payout)
	}
	wantError(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": ids[:1], "decision": "reverse"}), http.StatusConflict, "CONFLICT")
	wantError(t, env.Call(t, http.MethodPut, "/conversions/"+ids[0]+"/commission", p.brand.token, map[string]any{"commission_amount": "1.00", "reason": "x"}), http.StatusConflict, "CONFLICT")
	wantError(t, env.Call(t, http.MethodDelete, "/conversions/"+ids[0], host, nil), http.StatusConflict, "CONFLICT")

	// Who sees it: its brand, its affiliate and the host; nobody else, not even by id.
	for _, tc := range []struct {
		who    string
		token  string
		status int
	}{
		{"its brand", p.brand.token, http.StatusOK},
		{"its affiliate", p.affiliate.token, http.StatusOK},
		{"the host", host, http.StatusOK},
		{"another brand", other.brand.token, http.StatusNotFound},
		{"another affiliate", other.affiliate.token, http.StatusNotFound},
	} {
		if r := env.Call(t, http.MethodGet, "/payouts/"+payout, tc.token, nil); r.Status != tc.status {
			t.Errorf("%s: GET /payouts/%s answered %d, want %d", tc.who, payout, r.Status, tc.status)
		}
		listed := payoutsOf(mustStatus(t, env.Call(t, http.MethodGet, "/payouts", tc.token, nil), http.StatusOK))
		seen := false
		for _, l := range listed {
			seen = seen || l["id"] == payout
		}
		if seen != (tc.status == http.StatusOK) {
			t.Errorf("%s: the list shows it: %v", tc.who, seen)
		}
	}
	for _, token := range []string{other.brand.token, other.affiliate.token} {
		if r := env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", token, map[string]any{"reference": "x"}); r.Status != http.StatusNotFound && r.Status != http.StatusForbidden {
			t.Errorf("another tenant paid it: %d", r.Status)
		}
		if r := env.Call(t, http.MethodDelete, "/payouts/"+payout, token, nil); r.Status != http.StatusNotFound && r.Status != http.StatusForbidden {
			t.Errorf("another tenant cancelled it: %d", r.Status)
		}
	}
	wantError(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.affiliate.token, map[string]any{"reference": "x"}), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.brand.token, map[string]any{"reference": ""}), http.StatusBadRequest, "VALIDATION_ERROR")

	// Paid: the conversions are paid, the earnings say so, and it cannot be paid or cancelled again.
	paid := data(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.brand.token, map[string]any{"reference": "TRX-2026-11-24"}), http.StatusOK))["payout"].(map[string]any)
	if paid["status"] != "paid" || paid["reference"] != "TRX-2026-11-24" || paid["paid_at"] == nil {
		t.Fatalf("paid: %v", paid)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE payout_id = $1 AND status = 'paid'", payout); n != 2 {
		t.Errorf("%d conversions paid, want 2", n)
	}
	wantError(t, env.Call(t, http.MethodPost, "/payouts/"+payout+"/pay", p.brand.token, map[string]any{"reference": "again"}), http.StatusConflict, "CONFLICT")
	wantError(t, env.Call(t, http.MethodDelete, "/payouts/"+payout, p.brand.token, nil), http.StatusConflict, "CONFLICT")
	wantError(t, env.Call(t, http.MethodPost, "/conversions/review", p.brand.token, map[string]any{"conversion_ids": ids[:1], "decision": "reverse"}), http.StatusConflict, "CONFLICT")
	e := data(mustStatus(t, env.Call(t, http.MethodGet, "/earnings", p.affiliate.token, nil), http.StatusOK))["earnings"].([]any)[0].(map[string]any)
	if e["paid"] != "40.00" || e["confirmed"] != "0.00" {
		t.Errorf("earnings after the payout: %v", e)
	}
	if n := count(t, env, "SELECT count(*) FROM activity_log WHERE entity_id = $1 AND action IN ('payout.created', 'payout.paid') AND actor_id IS NOT NULL", payout); n != 2 {
		t.Errorf("%d logged payout changes with their actor, want 2", n)
	}

	// The host's run covers every brand; cancelling gives the commissions back.
	hostRun := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", host, map[string]any{"brand_id": other.brand.brandID()}), http.StatusOK))
	if len(hostRun) != 1 || hostRun[0]["brand_id"] != other.brand.brandID() || hostRun[0]["amount"] != "20.00" {
		t.Fatalf("host run: %v", hostRun)
	}
	mustStatus(t, env.Call(t, http.MethodDelete, "/payouts/"+hostRun[0]["id"].(string), other.brand.token, nil), http.StatusOK)
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE id = $1 AND payout_id IS NULL AND status = 'confirmed'", theirs[0]); n != 1 {
		t.Error("a cancelled payout kept its conversion")
	}
	wantError(t, env.Call(t, http.MethodGet, "/payouts/"+hostRun[0]["id"].(string), host, nil), http.StatusNotFound, "NOT_FOUND")

	// The CSV: the brand's payouts, with a header row.
	r := mustStatus(t, env.Call(t, http.MethodGet, "/payouts/export", p.brand.token, nil), http.StatusOK)
	rows, err := csv.NewReader(strings.NewReader(string(r.Raw))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0][0] != "id" || rows[1][0] != payout || rows[1][5] != "40.00" || rows[1][8] != "TRX-2026-11-24" {
		t.Errorf("export: %v", rows)
	}
	if !strings.Contains(r.Header.Get("Content-Disposition"), "payouts.csv") {
		t.Errorf("Content-Disposition: %q", r.Header.Get("Content-Disposition"))
	}
	if got := mustStatus(t, env.Call(t, http.MethodGet, "/payouts/export", other.affiliate.token, nil), http.StatusOK); strings.Contains(string(got.Raw), payout) {
		t.Error("another affiliate's export holds the payout")
	}
}

// TestPayoutRunsRace: runs racing over the same commissions make one payout; none is in two.
func TestPayoutRunsRace(t *testing.T) {
	env := servertest.Get(t)
	p := newProgram(t, env)
	host := hostToken(t, env)
	orders := make([]string, 12)
	for i := range orders {
		orders[i] = fmt.Sprintf("race-%d", i)
	}
	confirmedOrders(t, env, p, "RACE10", orders...)
	var wg sync.WaitGroup
	made := make([]int, 8)
	for i := range made {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			// The brand's own runs and the host's runs for this brand (other tests leave payable
			// commissions of other brands, which a host's run of every brand would take too).
			token := p.brand.token
			if i%2 == 1 {
				token = host
			}
			body := map[string]any{"brand_id": p.brand.brandID()}
			made[i] = len(payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", token, body), http.StatusOK)))
		}(i)
	}
	wg.Wait()
	total := 0
	for _, n := range made {
		total += n
	}
	if total != 1 {
		t.Errorf("%d payouts made by 8 racing runs, want 1", total)
	}
	if n := count(t, env, "SELECT coalesce(sum(conversion_count), 0)::int FROM payouts WHERE brand_id = $1", p.brand.brandID()); n != len(orders) {
		t.Errorf("payouts hold %d conversions, want %d", n, len(orders))
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1 AND payout_id IS NULL", p.brand.brandID()); n != 0 {
		t.Errorf("%d commissions left out", n)
	}
}

// TestRefundLeavesPendingPayout: a Shopify refund of an order whose commission waits in a pending
// payout takes it out; the payout's totals follow, and a payout left empty is gone.
func TestRefundLeavesPendingPayout(t *testing.T) {
	env := servertest.Get(t)
	s := newShop(t, env)
	// The order of Shopify's sample refund, at its total (another total would flag it reused_order).
	ids := confirmedOrdersOf(t, env, s.program, "LEAVE10", "199.00", "5837293649217", "leave-2")
	made := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", s.brand.token, map[string]any{}), http.StatusOK))
	if len(made) != 1 || made[0]["amount"] != "39.80" {
		t.Fatalf("payout: %v", made)
	}
	payout := made[0]["id"].(string)
	// Shopify's sample refund is for order 5837293649217: 99.50 of its 199.00.
	mustStatus(t, s.send(t, env, "refunds/create", "wh-leave-1", s.secret, sample(shopify.SampleRefund)), http.StatusOK)
	after := data(mustStatus(t, env.Call(t, http.MethodGet, "/payouts/"+payout, s.brand.token, nil), http.StatusOK))["payout"].(map[string]any)
	if after["amount"] != "19.90" || after["conversion_count"] != float64(1) {
		t.Errorf("payout after a refund of one of its orders: %v", after)
	}
	c := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+ids[0], s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	if c["payout_id"] != nil || c["status"] != "confirmed" || c["commission_amount"] != "9.95" {
		t.Errorf("refunded conversion: %v", c)
	}
	// The other order cancelled: nothing is left in the payout, so it is gone.
	mustStatus(t, env.Call(t, http.MethodPost, "/conversions/review", s.brand.token, map[string]any{"conversion_ids": ids[:1], "decision": "reverse"}), http.StatusOK)
	cancel := []byte(`{"id": "leave-2", "name": "#leave-2", "total_price": "199.00", "currency": "` + s.campaign["currency"].(string) + `", "cancelled_at": "2026-11-24T10:00:00+02:00"}`)
	mustStatus(t, s.send(t, env, "orders/cancelled", "wh-leave-2", s.secret, cancel), http.StatusOK)
	wantError(t, env.Call(t, http.MethodGet, "/payouts/"+payout, s.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1 AND payout_id IS NOT NULL", s.brand.brandID()); n != 0 {
		t.Errorf("%d conversions still in a payout", n)
	}
}

// wantRefusedParam: a query value the contract does not allow answers 400 VALIDATION_ERROR whose
// details name the parameter.
func wantRefusedParam(t *testing.T, env *servertest.Env, token, path, param string) {
	t.Helper()
	r := env.Call(t, http.MethodGet, path, token, nil)
	wantError(t, r, http.StatusBadRequest, "VALIDATION_ERROR")
	details, _ := r.Body["details"].([]any)
	if len(details) == 0 || details[0].(map[string]any)["field"] != param {
		t.Errorf("GET %s: details %v, want the field %s", path, r.Body["details"], param)
	}
}

// TestPayoutListSorts: each sort orders the payouts (ties by creation time in the same direction,
// unpaid ones last by paid_at), a sort the contract does not name is refused, and every order
// still shows a brand only its program's payouts and an affiliate only its own.
func TestPayoutListSorts(t *testing.T) {
	env := servertest.Get(t)
	p, other := newProgram(t, env), newProgram(t, env)
	host := hostToken(t, env)
	// Four runs, one order each (commission 10%): payouts a, b, c and d, made in that order.
	made := map[string]string{}
	for i, total := range []string{"300.00", "100.00", "200.00", "200.00"} {
		confirmedOrdersOf(t, env, p, "SORT10", total, fmt.Sprintf("sort-%d", i))
		run := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", p.brand.token, map[string]any{}), http.StatusOK))
		if len(run) != 1 {
			t.Fatalf("run %d made %v", i, run)
		}
		made[run[0]["id"].(string)] = string(rune('a' + i))
	}
	confirmedOrders(t, env, other, "SORT10", "sort-other")
	theirPayout := payoutsOf(mustStatus(t, env.Call(t, http.MethodPost, "/payouts/generate", other.brand.token, map[string]any{}), http.StatusOK))[0]["id"].(string)
	// b is paid before a; c and d stay pending.
	for id, name := range made {
		if name == "b" {
			mustStatus(t, env.Call(t, http.MethodPost, "/payouts/"+id+"/pay", p.brand.token, map[string]any{"reference": "first"}), http.StatusOK)
		}
	}
	for id, name := range made {
		if name == "a" {
			mustStatus(t, env.Call(t, http.MethodPost, "/payouts/"+id+"/pay", p.brand.token, map[string]any{"reference": "second"}), http.StatusOK)
		}
	}

	// The names of the payouts a list shows, in its order; another program's payout shows as '!'.
	names := func(token, query string) string {
		out := ""
		for _, row := range payoutsOf(mustStatus(t, env.Call(t, http.MethodGet, "/payouts?"+query, token, nil), http.StatusOK)) {
			switch id := row["id"].(string); {
			case made[id] != "":
				out += made[id]
			case id == theirPayout:
				out += "!"
			}
		}
		return out
	}
	for query, want := range map[string]string{
		"":                                       "dcba",
		"sort=created_at&order=desc":             "dcba",
		"order=asc":                              "abcd",
		"sort=amount":                            "adcb",
		"sort=amount&order=asc":                  "bcda",
		"sort=paid_at":                           "abdc",
		"sort=paid_at&order=asc":                 "bacd",
		"sort=amount&order=asc&limit=2":          "bc",
		"sort=amount&order=asc&limit=2&offset=2": "da",
	} {
		for who, token := range map[string]string{"its brand": p.brand.token, "its affiliate": p.affiliate.token} {
			if got := names(token, query); got != want {
				t.Errorf("%s, ?%s: %q, want %q", who, query, got, want)
			}
		}
		if got := names(host, query+"&affiliate_id="+p.affID); got != want {
			t.Errorf("the host, ?%s: %q, want %q", query, got, want)
		}
		for who, token := range map[string]string{"another brand": other.brand.token, "another affiliate": other.affiliate.token} {
			if got := names(token, query); strings.Trim(got, "!") != "" {
				t.Errorf("%s, ?%s: sees %q", who, query, got)
			}
		}
	}
	for id := range made {
		wantError(t, env.Call(t, http.MethodGet, "/payouts/"+id, other.brand.token, nil), http.StatusNotFound, "NOT_FOUND")
		wantError(t, env.Call(t, http.MethodGet, "/payouts/"+id, other.affiliate.token, nil), http.StatusNotFound, "NOT_FOUND")
	}
	wantRefusedParam(t, env, p.brand.token, "/payouts?sort=affiliate_email", "sort")
	wantRefusedParam(t, env, p.brand.token, "/payouts?sort=amount&order=sideways", "order")
}
