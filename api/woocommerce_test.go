package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/domain/woocommerce"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// store is a brand's WooCommerce store as the platform sees it: the shop (its brand, program and
// webhook secret) with WooCommerce's delivery URL.
type store struct {
	shop
	wcPath string
}

func newStore(t *testing.T, env *servertest.Env, s shop) store {
	t.Helper()
	publicID := strings.TrimSuffix(strings.TrimPrefix(s.path, "/integrations/shopify/"), "/orders")
	return store{shop: s, wcPath: "/integrations/woocommerce/" + publicID}
}

// deliver sends an order webhook signed with secret ("" sends no signature), as WooCommerce does.
func (s store) deliver(t *testing.T, env *servertest.Env, topic, deliveryID, secret string, body []byte) servertest.Response {
	t.Helper()
	h := http.Header{"Content-Type": {"application/json"}, "X-WC-Webhook-Topic": {topic}, "X-WC-Webhook-Delivery-ID": {deliveryID},
		"X-WC-Webhook-Source": {"https://magazin.example.ro/"}, "X-WC-Webhook-Resource": {"order"}, "X-WC-Webhook-Event": {"created"}}
	if secret != "" {
		h.Set("X-WC-Webhook-Signature", woocommerce.Sign(secret, body))
	}
	return env.Send(t, http.MethodPost, s.wcPath, h, body)
}

// wcOrder is WooCommerce's sample order placed an hour ago, with its id, status and refunds
// replaced (refunds as the JSON array's items, e.g. `{"id": 731, "reason": "", "total": "-50.00"}`).
func wcOrder(id, status string, refunds ...string) []byte {
	return sample(woocommerce.SampleOrder, `"id": 727,`, `"id": `+id+`,`, `"number": "727"`, `"number": "`+id+`"`,
		`"status": "processing"`, `"status": "`+status+`"`, `"refunds": []`, `"refunds": [`+strings.Join(refunds, ", ")+`]`,
		"2026-11-20T10:15:42", time.Now().UTC().Add(-time.Hour).Format("2006-01-02T15:04:05"))
}

// wcState is what a test compares of a conversion.
func wcState(c map[string]any) string {
	return c["status"].(string) + " " + c["commission_amount"].(string) + " " + c["refunded_amount"].(string)
}

// TestWooCommerceOrderLifecycle: an order processing becomes one conversion attributed by its
// coupon (WooCommerce writes codes in lower case), with commission on its subtotal after discounts
// (the line items' totals, 180.00 of 229.20, by default); a redelivery and
// the order completed change nothing; a partial refund from its refunds[] scales the commission
// once; the order refunded takes the rest back.
func TestWooCommerceOrderLifecycle(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, codeShop(t, env))

	outcome, c := result(mustStatus(t, s.deliver(t, env, "order.created", "101", s.secret, wcOrder("727", "processing")), http.StatusOK))
	if outcome != "stored" || c["attribution"] != "discount_code" || c["affiliate_id"] != s.affID || c["commission_amount"] != "18.00" ||
		c["order_total"] != "229.20" || c["currency"] != "RON" || c["order_id"] != "727" || c["source"] != "woocommerce" ||
		c["status"] != "pending" || c["customer_email"] != "maria.ionescu@example.ro" {
		t.Fatalf("%s: %v", outcome, c)
	}
	if outcome, _ := result(mustStatus(t, s.deliver(t, env, "order.created", "101", s.secret, wcOrder("727", "processing")), http.StatusOK)); outcome != "duplicate" {
		t.Fatalf("the same delivery again: %s", outcome)
	}
	if outcome, again := result(mustStatus(t, s.deliver(t, env, "order.updated", "102", s.secret, wcOrder("727", "completed")), http.StatusOK)); outcome != "duplicate" || again["id"] != c["id"] {
		t.Fatalf("completed: %s %v", outcome, again)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 1 {
		t.Fatalf("%d conversions for one order", n)
	}

	// Half of it refunded (114.60 of 229.20): half the commission, once, under any delivery id.
	half := `{"id": 731, "reason": "", "total": "-114.60"}`
	for _, id := range []string{"103", "104"} {
		mustStatus(t, s.deliver(t, env, "order.updated", id, s.secret, wcOrder("727", "completed", half)), http.StatusOK)
	}
	if got := wcState(s.conversion(t, env, c["id"].(string))); got != "pending 9.00 114.60" {
		t.Fatalf("after half a refund: %s", got)
	}
	// The rest refunded: the order's status says refunded, its refunds list both.
	outcome, after := result(mustStatus(t, s.deliver(t, env, "order.updated", "105", s.secret,
		wcOrder("727", "refunded", `{"id": 732, "reason": "", "total": "-114.60"}`, half)), http.StatusOK))
	if outcome != "refund_applied" || wcState(after) != "reversed 0.00 229.20" {
		t.Fatalf("refunded: %s %v", outcome, after)
	}
}

// TestWooCommerceOutOfOrder: a cancellation, a partial refund and a full refund end in the same
// state whether they arrive before their order or after it; a cancelled order reverses as
// Shopify's cancellation does; an order not paid yet stores nothing.
func TestWooCommerceOutOfOrder(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, codeShop(t, env))
	partial := `{"id": 741, "reason": "", "total": "-57.30"}`
	cases := []struct {
		name  string
		later []byte
		want  string
	}{
		{"cancelled", nil, "reversed 0.00 229.20"},
		{"partial refund", wcOrder("ID", "processing", partial), "pending 13.50 57.30"},
		{"refunded", wcOrder("ID", "refunded"), "reversed 0.00 229.20"},
	}
	for i, tc := range cases {
		var states []string
		for j, before := range []bool{false, true} {
			id := "80" + string(rune('0'+i)) + string(rune('0'+j))
			order := wcOrder(id, "processing")
			later := wcOrder(id, "cancelled")
			if tc.later != nil {
				later = []byte(strings.ReplaceAll(string(tc.later), `"id": ID,`, `"id": `+id+`,`))
				later = []byte(strings.ReplaceAll(string(later), `"number": "ID"`, `"number": "`+id+`"`))
			}
			first, second := order, later
			if before {
				first, second = later, order
			}
			mustStatus(t, s.deliver(t, env, "order.updated", id+"-a", s.secret, first), http.StatusOK)
			mustStatus(t, s.deliver(t, env, "order.updated", id+"-b", s.secret, second), http.StatusOK)
			var convID string
			if err := env.App.Pool.QueryRow(t.Context(), "SELECT id::text FROM conversions WHERE brand_id = $1 AND order_id = $2", s.brand.brandID(), id).Scan(&convID); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			states = append(states, wcState(s.conversion(t, env, convID)))
		}
		if states[0] != tc.want || states[1] != tc.want {
			t.Errorf("%s: in order %q, out of order %q, want %q", tc.name, states[0], states[1], tc.want)
		}
	}
	if outcome, _ := result(mustStatus(t, s.deliver(t, env, "order.created", "900", s.secret, wcOrder("900", "pending")), http.StatusOK)); outcome != "ignored_status" {
		t.Fatalf("a pending order: %s", outcome)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1 AND order_id = '900'", s.brand.brandID()); n != 0 {
		t.Fatalf("a pending order stored %d conversions", n)
	}
}

// TestWooCommerceSignatures: only the brand's own secret opens its delivery URL, a refused delivery
// stores nothing, an unknown brand is 404, and WooCommerce's ping (unsigned, form-encoded) is 200.
func TestWooCommerceSignatures(t *testing.T) {
	env := servertest.Get(t)
	s, other := newStore(t, env, newShop(t, env)), newStore(t, env, newShop(t, env))
	order := wcOrder("5001", "processing")
	tampered := sample(order, `"total": "229.20"`, `"total": "1.00"`)
	for name, r := range map[string]servertest.Response{
		"no signature":           s.deliver(t, env, "order.created", "x1", "", order),
		"another brand's secret": s.deliver(t, env, "order.created", "x2", other.secret, order),
		"a made-up secret":       s.deliver(t, env, "order.created", "x3", "wc_made_up_secret", order),
		"a body changed after it": env.Send(t, http.MethodPost, s.wcPath, http.Header{"Content-Type": {"application/json"},
			"X-WC-Webhook-Topic": {"order.created"}, "X-WC-Webhook-Signature": {woocommerce.Sign(s.secret, order)}}, tampered),
	} {
		if r.Status != http.StatusUnauthorized || r.Body["code"] != "UNAUTHORIZED" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	// One brand's secret cannot post to another's path, nor the other way round.
	if r := other.deliver(t, env, "order.created", "x4", s.secret, order); r.Status != http.StatusUnauthorized {
		t.Errorf("cross-tenant: %d %s", r.Status, r.Raw)
	}
	unknown := env.Send(t, http.MethodPost, "/integrations/woocommerce/no-such-brand-x", http.Header{"Content-Type": {"application/json"},
		"X-WC-Webhook-Signature": {woocommerce.Sign(s.secret, order)}, "X-WC-Webhook-Topic": {"order.created"}}, order)
	if unknown.Status != http.StatusNotFound {
		t.Errorf("unknown brand: %d %s", unknown.Status, unknown.Raw)
	}
	for name, ping := range map[string]struct{ ct, body string }{
		"form-encoded": {"application/x-www-form-urlencoded", "webhook_id=12"},
		"JSON":         {"application/json", `{"webhook_id": 12}`},
	} {
		r := env.Send(t, http.MethodPost, s.wcPath, http.Header{"Content-Type": {ping.ct}}, []byte(ping.body))
		if outcome, _ := result(mustStatus(t, r, http.StatusOK)); outcome != "ping" {
			t.Errorf("%s ping: %s", name, outcome)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id IN ($1, $2)", s.brand.brandID(), other.brand.brandID()); n != 0 {
		t.Fatalf("refused deliveries and pings stored %d conversions", n)
	}
	// The right one is taken, for its own brand only.
	mustStatus(t, s.deliver(t, env, "order.created", "x5", s.secret, order), http.StatusOK)
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", other.brand.brandID()); n != 0 {
		t.Fatalf("another brand's order reached this one: %d", n)
	}
}

// TestWooCommerceRefusals: what cannot be an order answers 400 naming WooCommerce's field.
func TestWooCommerceRefusals(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, newShop(t, env))
	for _, tc := range []struct {
		name, body, field string
	}{
		{"no id", `{"status": "processing", "total": "10.00", "currency": "RON"}`, "id"},
		{"no total", `{"id": 1, "status": "processing", "currency": "RON"}`, "total"},
		{"a total in exponent form", `{"id": 2, "status": "processing", "total": "1e9", "currency": "RON"}`, "total"},
		{"an unknown currency", `{"id": 3, "status": "processing", "total": "10.00", "currency": "XYZ"}`, "currency"},
		{"a positive refund", `{"id": 4, "status": "processing", "total": "10.00", "currency": "RON", "refunds": [{"id": 9, "total": "5.00"}]}`, "refunds.0.total"},
		{"a time with an offset", `{"id": 5, "status": "processing", "total": "10.00", "currency": "RON", "date_created_gmt": "2026-11-20T10:15:42+02:00"}`, "date_created_gmt"},
	} {
		r := s.deliver(t, env, "order.created", "r-"+tc.field, s.secret, []byte(tc.body))
		if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Raw), `"field":"`+tc.field+`"`) {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("refused orders stored %d conversions", n)
	}
}

// TestWooCommerceCommissionBase: a campaign whose commission_base is total takes its percentage of
// the order's total, with tax and shipping; the default is the subtotal after discounts.
func TestWooCommerceCommissionBase(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, codeShop(t, env))
	if s.campaign["commission_base"] != "subtotal" {
		t.Fatalf("a new campaign's commission base: %v", s.campaign["commission_base"])
	}
	updated := data(mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+s.campaign["id"].(string), s.brand.token, map[string]any{"commission_base": "total"}), http.StatusOK))
	if updated["campaign"].(map[string]any)["commission_base"] != "total" {
		t.Fatalf("updated: %v", updated)
	}
	_, c := result(mustStatus(t, s.deliver(t, env, "order.created", "b1", s.secret, wcOrder("7001", "processing")), http.StatusOK))
	if c["commission_amount"] != "22.92" || c["order_total"] != "229.20" {
		t.Fatalf("on the total: %v", c)
	}
	r := env.Call(t, http.MethodPut, "/campaigns/"+s.campaign["id"].(string), s.brand.token, map[string]any{"commission_base": "gross"})
	if r.Status != http.StatusBadRequest {
		t.Fatalf("an unknown base: %d %s", r.Status, r.Raw)
	}
}

// TestShopifyCommissionBase: Shopify's orders follow the campaign's commission base too: by default
// a percentage of subtotal_price (after discounts, before shipping and taxes), else of total_price.
func TestShopifyCommissionBase(t *testing.T) {
	env := servertest.Get(t)
	s := codeShop(t, env)
	order := sample(recentOrder("5837293649401"), `"subtotal_price": "199.00"`, `"subtotal_price": "160.00"`)
	_, c := result(mustStatus(t, s.send(t, env, "orders/create", "cb-1", s.secret, order), http.StatusOK))
	if c["commission_amount"] != "16.00" || c["order_total"] != "199.00" {
		t.Fatalf("on the subtotal: %v", c)
	}
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+s.campaign["id"].(string), s.brand.token, map[string]any{"commission_base": "total"}), http.StatusOK)
	order = sample(recentOrder("5837293649402"), `"subtotal_price": "199.00"`, `"subtotal_price": "160.00"`)
	_, c = result(mustStatus(t, s.send(t, env, "orders/create", "cb-2", s.secret, order), http.StatusOK))
	if c["commission_amount"] != "19.90" {
		t.Fatalf("on the total: %v", c)
	}
}

// TestWooCommerceClickAttribution: the click id the plugin copies into the order's meta_data
// (_aff_click) attributes the order to the link's affiliate, before any coupon.
func TestWooCommerceClickAttribution(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, newShop(t, env))
	link := s.link(t, env, "https://"+s.domain+"/sale")
	resp := visit(t, env.URL, link["short_code"].(string), "")
	click := resp.Header.Get("Location")[strings.Index(resp.Header.Get("Location"), "aff_click=")+len("aff_click="):]
	waitClicks(t, env, link["id"].(string), 1)
	ageClick(t, env, clickRow(t, env, click), 2*time.Hour)
	order := sample(wcOrder("6001", "processing"), `"value": "CLICKID"`, `"value": "`+click+`"`, `"code": "toamna20"`, `"code": "not-a-code"`)
	outcome, c := result(mustStatus(t, s.deliver(t, env, "order.created", "k1", s.secret, order), http.StatusOK))
	if outcome != "stored" || c["attribution"] != "link" || c["link_id"] != link["id"] || c["affiliate_id"] != s.affID {
		t.Fatalf("%s %v", outcome, c)
	}
}

// TestWooCommerceDeliveryIDIsNotTheEvent: WooCommerce builds X-WC-Webhook-Delivery-ID from the
// webhook's id and the current second, so different events share it and a retry a second later
// has another: the event is what the delivery carries. Three orders cancelled with one delivery
// id are three cancellations; the same order paid then cancelled under one id is two events; the
// same body again, under any delivery id, is a duplicate.
func TestWooCommerceDeliveryIDIsNotTheEvent(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, codeShop(t, env))
	state := func(orderID string) string {
		var id string
		if err := env.App.Pool.QueryRow(t.Context(), "SELECT id::text FROM conversions WHERE brand_id = $1 AND order_id = $2", s.brand.brandID(), orderID).Scan(&id); err != nil {
			t.Fatalf("order %s: %v", orderID, err)
		}
		return wcState(s.conversion(t, env, id))
	}
	ids := []string{"8101", "8102", "8103"}
	for i, id := range ids {
		mustStatus(t, s.deliver(t, env, "order.created", "31-170000000"+string(rune('0'+i)), s.secret, wcOrder(id, "processing")), http.StatusOK)
	}
	for _, id := range ids {
		outcome, _ := result(mustStatus(t, s.deliver(t, env, "order.updated", "31-1700000100", s.secret, wcOrder(id, "cancelled")), http.StatusOK))
		if got := state(id); outcome != "refund_applied" || got != "reversed 0.00 229.20" {
			t.Errorf("order %s cancelled under a shared delivery id: %s, %s", id, outcome, got)
		}
	}
	// A byte-identical retry, under the same delivery id or the next second's, changes nothing.
	for _, delivery := range []string{"31-1700000100", "31-1700000101"} {
		if outcome, _ := result(mustStatus(t, s.deliver(t, env, "order.updated", delivery, s.secret, wcOrder("8101", "cancelled")), http.StatusOK)); outcome != "duplicate" {
			t.Errorf("a retry under %s: %s", delivery, outcome)
		}
	}
	// One order paid and cancelled within one second, both under one delivery id: two events.
	outcome, c := result(mustStatus(t, s.deliver(t, env, "order.updated", "31-1700000200", s.secret, wcOrder("8104", "processing")), http.StatusOK))
	if outcome != "stored" {
		t.Fatalf("paid: %s %v", outcome, c)
	}
	outcome, _ = result(mustStatus(t, s.deliver(t, env, "order.updated", "31-1700000200", s.secret, wcOrder("8104", "cancelled")), http.StatusOK))
	if got := state("8104"); outcome != "refund_applied" || got != "reversed 0.00 229.20" {
		t.Errorf("cancelled in the same second: %s, %s", outcome, got)
	}
	// Without date_modified the body tells events apart: a refund added is news, a retry is not.
	undated := func(refunds ...string) []byte {
		return sample(wcOrder("8105", "processing", refunds...), `"date_modified_gmt": "2026-11-20T10:15:43",`, ``, `"date_modified": "2026-11-20T12:15:43",`, ``)
	}
	if bytes.Contains(undated(), []byte("date_modified")) {
		t.Fatal("the sample still has date_modified")
	}
	mustStatus(t, s.deliver(t, env, "order.created", "31-1700000300", s.secret, undated()), http.StatusOK)
	refund := `{"id": 951, "reason": "", "total": "-114.60"}`
	if outcome, _ := result(mustStatus(t, s.deliver(t, env, "order.updated", "31-1700000300", s.secret, undated(refund)), http.StatusOK)); outcome != "refund_applied" || state("8105") != "pending 9.00 114.60" {
		t.Errorf("an undated refund: %s, %s", outcome, state("8105"))
	}
	if outcome, _ := result(mustStatus(t, s.deliver(t, env, "order.updated", "31-1700000301", s.secret, undated(refund)), http.StatusOK)); outcome != "duplicate" {
		t.Errorf("an undated retry: %s", outcome)
	}
}

// TestWooCommerceIDsAreWholeNumbers: WooCommerce's order and refund ids are positive whole numbers
// (WordPress post ids): 0, a negative, a fraction, a number past 2^63 or a word answers 400 naming
// the field and stores nothing; an id written as a string is read as the number it writes.
func TestWooCommerceIDsAreWholeNumbers(t *testing.T) {
	env := servertest.Get(t)
	s := newStore(t, env, codeShop(t, env))
	for _, tc := range []struct{ name, id, field string }{
		{"zero", `0`, "id"},
		{"negative", `-727`, "id"},
		{"a fraction", `727.5`, "id"},
		{"a whole number written as a fraction", `727.0`, "id"},
		{"past 2^63", `9223372036854775808`, "id"},
		{"far past 2^63", `18446744073709551616`, "id"},
		{"an exponent", `7e2`, "id"},
		{"a word", `"seven"`, "id"},
		{"a zero string", `"0"`, "id"},
	} {
		body := sample(wcOrder("727", "processing"), `"id": 727,`, `"id": `+tc.id+`,`)
		r := s.deliver(t, env, "order.created", "i-"+tc.name, s.secret, body)
		if r.Status != http.StatusBadRequest || errorField(r) != tc.field {
			t.Errorf("order id %s: %d %s", tc.id, r.Status, r.Raw)
		}
	}
	for _, id := range []string{`0`, `-731`, `731.5`, `9223372036854775808`} {
		body := wcOrder("728", "processing", `{"id": `+id+`, "reason": "", "total": "-10.00"}`)
		r := s.deliver(t, env, "order.updated", "ri-"+id, s.secret, body)
		if r.Status != http.StatusBadRequest || errorField(r) != "refunds.0.id" {
			t.Errorf("refund id %s: %d %s", id, r.Status, r.Raw)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("refused orders stored %d conversions", n)
	}
	// The largest id, and an id sent as a string, are stored as the numbers they are.
	for id, want := range map[string]string{`9223372036854775807`: "9223372036854775807", `"729"`: "729"} {
		body := sample(wcOrder("727", "processing"), `"id": 727,`, `"id": `+id+`,`)
		if outcome, c := result(mustStatus(t, s.deliver(t, env, "order.created", "ok-"+want, s.secret, body), http.StatusOK)); outcome != "stored" || c["order_id"] != want {
			t.Errorf("order id %s: %s %v", id, outcome, c)
		}
	}
}
