package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

// shop is a brand's Shopify store as the platform sees it: its webhook address and secret.
type shop struct {
	program
	path, secret string
}

func newShop(t *testing.T, env *servertest.Env) shop {
	t.Helper()
	p := newProgram(t, env)
	secret := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/"+p.brand.brandID()+"/webhook-secret", p.brand.token, nil), http.StatusOK))["webhook_secret"].(string)
	details := data(mustStatus(t, env.Call(t, http.MethodGet, "/brands/integration/details", p.brand.token, nil), http.StatusOK))
	url := details["shopify_webhook_url"].(string)
	return shop{program: p, path: url[strings.Index(url, "/api/v1")+len("/api/v1"):], secret: secret}
}

// send delivers a webhook signed with secret ("" sends no signature).
func (s shop) send(t *testing.T, env *servertest.Env, topic, webhookID, secret string, body []byte) servertest.Response {
	t.Helper()
	h := http.Header{"Content-Type": {"application/json"}, "X-Shopify-Topic": {topic}, "X-Shopify-Webhook-Id": {webhookID},
		"X-Shopify-Shop-Domain": {"example.myshopify.com"}, "X-Shopify-Api-Version": {"2025-10"}}
	if secret != "" {
		h.Set("X-Shopify-Hmac-Sha256", shopify.Sign(secret, body))
	}
	return env.Send(t, http.MethodPost, s.path, h, body)
}

// sample is a Shopify sample body with some of its text replaced.
func sample(body []byte, replace ...string) []byte {
	return []byte(strings.NewReplacer(replace...).Replace(string(body)))
}

func result(r servertest.Response) (string, map[string]any) {
	d := data(r)
	c, _ := d["conversion"].(map[string]any)
	return d["result"].(string), c
}

// TestShopifyOrderWithCodeThenRefund is issue 10's acceptance: a signed orders/create with a
// discount code becomes one attributed conversion with the right commission; the same webhook
// again changes nothing; a refunds/create for half of it halves the pending commission.
func TestShopifyOrderWithCodeThenRefund(t *testing.T) {
	env := servertest.Get(t)
	s := codeShop(t, env)
	order := recentOrder("5837293649217")

	outcome, c := result(mustStatus(t, s.send(t, env, "orders/create", "wh-1", s.secret, order), http.StatusOK))
	if outcome != "stored" || c["attribution"] != "discount_code" || c["affiliate_id"] != s.affID || c["commission_amount"] != "19.90" ||
		c["order_id"] != "5837293649217" || c["source"] != "shopify" || c["status"] != "pending" || c["customer_email"] != "maria.ionescu@example.ro" {
		t.Fatalf("%s: %v", outcome, c)
	}
	// Shopify redelivers (the same webhook id), or sends orders/paid for the same order: nothing changes.
	for _, topic := range []string{"orders/create", "orders/paid"} {
		outcome, again := result(mustStatus(t, s.send(t, env, topic, "wh-1", s.secret, order), http.StatusOK))
		if outcome != "duplicate" || again["id"] != c["id"] {
			t.Fatalf("%s again: %s %v", topic, outcome, again)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 1 {
		t.Fatalf("%d conversions for one order", n)
	}
	if n := count(t, env, "SELECT current_usage_count FROM discount_codes WHERE code = 'TOAMNA20' AND brand_id = $1", s.brand.brandID()); n != 1 {
		t.Fatalf("the code counts %d uses", n)
	}

	// A refund of half the order (99.50 of 199.00) halves the commission, once.
	refund := sample(shopify.SampleRefund)
	for range 2 {
		mustStatus(t, s.send(t, env, "refunds/create", "wh-2", s.secret, refund), http.StatusOK)
	}
	after := data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+c["id"].(string), s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	if after["commission_amount"] != "9.95" || after["refunded_amount"] != "99.50" || after["status"] != "pending" {
		t.Fatalf("after half a refund: %v", after)
	}
	// The same refund under another delivery id is still the same refund.
	outcome, _ = result(mustStatus(t, s.send(t, env, "refunds/create", "wh-3", s.secret, refund), http.StatusOK))
	if outcome != "duplicate" {
		t.Fatalf("the same refund redelivered: %s", outcome)
	}
	// Cancelling the order takes the rest back.
	cancelled := sample(order, `"cancelled_at": null`, `"cancelled_at": "2026-11-22T10:00:00+02:00"`)
	outcome, _ = result(mustStatus(t, s.send(t, env, "orders/cancelled", "wh-4", s.secret, cancelled), http.StatusOK))
	after = data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+c["id"].(string), s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
	if outcome != "refund_applied" || after["commission_amount"] != "0.00" || after["status"] != "reversed" {
		t.Fatalf("after cancelling: %s %v", outcome, after)
	}
}

// TestShopifySignatures: only the brand's own secret opens its webhook address, and a refused
// delivery stores nothing.
func TestShopifySignatures(t *testing.T) {
	env := servertest.Get(t)
	s, other := newShop(t, env), newShop(t, env)
	order := sample(shopify.SampleOrder, "5837293649217", "5837293649299")
	tampered := sample(shopify.SampleOrder, "5837293649217", "5837293649299", `"total_price": "199.00"`, `"total_price": "1.00"`)
	for name, r := range map[string]servertest.Response{
		"no signature":            s.send(t, env, "orders/create", "x1", "", order),
		"another brand's secret":  s.send(t, env, "orders/create", "x2", other.secret, order),
		"a made-up secret":        s.send(t, env, "orders/create", "x3", "whsec_made_up", order),
		"a body changed after it": env.Send(t, http.MethodPost, s.path, http.Header{"Content-Type": {"application/json"}, "X-Shopify-Topic": {"orders/create"}, "X-Shopify-Hmac-Sha256": {shopify.Sign(s.secret, order)}}, tampered),
	} {
		if r.Status != http.StatusUnauthorized || r.Body["code"] != "UNAUTHORIZED" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	unknown := env.Send(t, http.MethodPost, "/integrations/shopify/no-such-brand-x/orders", http.Header{"Content-Type": {"application/json"}, "X-Shopify-Hmac-Sha256": {shopify.Sign(s.secret, order)}, "X-Shopify-Topic": {"orders/create"}}, order)
	if unknown.Status != http.StatusNotFound {
		t.Errorf("unknown brand: %d %s", unknown.Status, unknown.Raw)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id IN ($1, $2)", s.brand.brandID(), other.brand.brandID()); n != 0 {
		t.Fatalf("refused deliveries stored %d conversions", n)
	}
	// The right one is taken.
	mustStatus(t, s.send(t, env, "orders/create", "x5", s.secret, order), http.StatusOK)
}

// TestShopifyRefusals: what cannot be an order answers 400 naming the field, and stores nothing.
func TestShopifyRefusals(t *testing.T) {
	env := servertest.Get(t)
	s := newShop(t, env)
	for _, tc := range []struct {
		name, body, field string
	}{
		{"an unknown currency", `{"id": 1, "total_price": "10.00", "currency": "XYZ"}`, "currency"},
		{"a negative total", `{"id": 2, "total_price": "-10.00", "currency": "RON"}`, "total_price"},
		{"an absurd total", `{"id": 3, "total_price": "99999999999999999.00", "currency": "RON"}`, "total_price"},
		{"a total in exponent form", `{"id": 4, "total_price": "1e9", "currency": "RON"}`, "total_price"},
		{"no total", `{"id": 5, "currency": "RON"}`, "total_price"},
		{"no id", `{"total_price": "10.00", "currency": "RON"}`, "id"},
		{"a time without a date", `{"id": 6, "total_price": "10.00", "currency": "RON", "created_at": "yesterday"}`, "created_at"},
		{"a wrongly typed email", `{"id": 7, "total_price": "10.00", "currency": "RON", "email": ["a"]}`, "email"},
	} {
		r := s.send(t, env, "orders/create", "", s.secret, []byte(tc.body))
		details, _ := r.Body["details"].([]any)
		if r.Status != http.StatusBadRequest || len(details) == 0 || details[0].(map[string]any)["field"] != tc.field {
			t.Errorf("%s: %d %s; want a 400 naming %s", tc.name, r.Status, r.Raw, tc.field)
		}
	}
	for name, body := range map[string]string{"not JSON": `{"id":`, "an array": `[1, 2]`} {
		if r := s.send(t, env, "orders/create", "", s.secret, []byte(body)); r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if r := s.send(t, env, "", "", s.secret, []byte(`{"id": 8, "total_price": "10.00", "currency": "RON"}`)); r.Status != http.StatusBadRequest {
		t.Errorf("no topic: %d %s", r.Status, r.Raw)
	}
	// A test order is checked and not stored; an unused topic is acknowledged.
	for topic, want := range map[string]string{"orders/create": "test_order", "products/update": "ignored_topic"} {
		outcome, _ := result(mustStatus(t, s.send(t, env, topic, "", s.secret, []byte(`{"id": 9, "total_price": "10.00", "currency": "RON", "test": true}`)), http.StatusOK))
		if outcome != want {
			t.Errorf("%s: %s, want %s", topic, outcome, want)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("refused deliveries stored %d conversions", n)
	}
}

// TestShopifyClickAttribution: the aff_click in the landing page's address attributes the order.
func TestShopifyClickAttribution(t *testing.T) {
	env := servertest.Get(t)
	s := newShop(t, env)
	link := s.link(t, env, "https://"+s.domain+"/sale")
	resp := visit(t, env.URL, link["short_code"].(string), "")
	click := resp.Header.Get("Location")[strings.Index(resp.Header.Get("Location"), "aff_click=")+len("aff_click="):]
	waitClicks(t, env, link["id"].(string), 1)
	ageClick(t, env, clickRow(t, env, click), time.Hour)
	order := sample(shopify.SampleOrder, "utm_source=newsletter", "utm_source=newsletter&aff_click="+click, `"code": "TOAMNA20"`, `"code": "NOT-A-CODE"`,
		"2026-11-20T12:15:42+02:00", time.Now().UTC().Format(time.RFC3339))
	r := s.send(t, env, "orders/create", "c1", s.secret, order)
	outcome, c := result(mustStatus(t, r, http.StatusOK))
	if outcome != "stored" || c["attribution"] != "link" || c["link_id"] != link["id"] || c["affiliate_id"] != s.affID {
		t.Fatalf("%s %v", outcome, c)
	}
}

// TestShopifyTestOrder: a brand's test order goes through its webhook's signature check and parser,
// and is not stored; only a brand may send one.
func TestShopifyTestOrder(t *testing.T) {
	env := servertest.Get(t)
	s := newShop(t, env)
	d := data(mustStatus(t, env.Call(t, http.MethodPost, "/brands/shopify/test-order", s.brand.token, nil), http.StatusOK))
	if d["result"] != "test_order" || d["signature_checked"] != true || d["total_price"] != "199.00" || d["discount_code"] != "TOAMNA20" ||
		!strings.HasSuffix(d["webhook_url"].(string), s.path) {
		t.Fatalf("%v", d)
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("the test order stored %d conversions", n)
	}
	wantError(t, env.Call(t, http.MethodPost, "/brands/shopify/test-order", s.affiliate.token, nil), http.StatusForbidden, "FORBIDDEN")
	wantError(t, env.Call(t, http.MethodPost, "/brands/shopify/test-order", hostToken(t, env), nil), http.StatusForbidden, "FORBIDDEN")
}

// TestShopifySigningKeyFromTheShop: a brand sets the key Shopify signs with; webhooks signed with
// it are taken, with the old secret refused; another brand cannot set it.
func TestShopifySigningKeyFromTheShop(t *testing.T) {
	env := servertest.Get(t)
	s, other := newShop(t, env), newShop(t, env)
	key := "shpss_0123456789abcdef0123456789abcdef"
	path := "/brands/" + s.brand.brandID() + "/webhook-secret"
	wantError(t, env.Call(t, http.MethodPut, path, other.brand.token, map[string]any{"webhook_secret": key}), http.StatusNotFound, "NOT_FOUND")
	wantError(t, env.Call(t, http.MethodPut, path, s.brand.token, map[string]any{"webhook_secret": "short"}), http.StatusBadRequest, "VALIDATION_ERROR")
	wantError(t, env.Call(t, http.MethodPut, path, s.brand.token, map[string]any{"webhook_secret": "has a space in it ok"}), http.StatusBadRequest, "VALIDATION_ERROR")
	// A delivery signed with the old secret is taken just before (so the server keeps the secret for
	// a while); once the key is set, the old secret is refused at once.
	mustStatus(t, s.send(t, env, "orders/create", "k0", s.secret, sample(shopify.SampleOrder, "5837293649217", "5837293649299")), http.StatusOK)
	r := mustStatus(t, env.Call(t, http.MethodPut, path, s.brand.token, map[string]any{"webhook_secret": key}), http.StatusOK)
	if strings.Contains(string(r.Raw), key) {
		t.Fatal("the secret was answered back")
	}
	order := sample(shopify.SampleOrder, "5837293649217", "5837293649300")
	if r := s.send(t, env, "orders/create", "k1", s.secret, order); r.Status != http.StatusUnauthorized {
		t.Fatalf("the old secret: %d", r.Status)
	}
	mustStatus(t, s.send(t, env, "orders/create", "k2", key, order), http.StatusOK)
}

// codeShop is a shop whose campaign pays in RON and whose code TOAMNA20 (the sample order's) earns
// 10%: Shopify's sample order of 199.00 earns 19.90.
func codeShop(t *testing.T, env *servertest.Env) shop {
	t.Helper()
	s := newShop(t, env)
	mustStatus(t, env.Call(t, http.MethodPost, "/discount-codes", s.brand.token, map[string]any{
		"campaign_id": s.campaign["id"], "affiliate_id": s.affID, "code": "TOAMNA20", "discount_type": "fixed_amount",
		"discount_value": "20.00", "commission_override": "0.10",
	}), http.StatusCreated)
	mustStatus(t, env.Call(t, http.MethodPut, "/campaigns/"+s.campaign["id"].(string), s.brand.token, map[string]any{"currency": "RON"}), http.StatusOK)
	return s
}

// recentOrder is Shopify's sample order placed an hour ago, with its id replaced by id.
func recentOrder(id string) []byte {
	return sample(shopify.SampleOrder, "2026-11-20T12:15:42+02:00", time.Now().Add(-time.Hour).Format(time.RFC3339), "5837293649217", id)
}

// refundOf is Shopify's sample refund (99.50 of the order's 199.00) with its own id, for order (a
// JSON number, or a string with its quotes).
func refundOf(id, order string) []byte {
	return sample(shopify.SampleRefund, "929361462", id, "5837293649217", order)
}

// cancelledOrder is an order's body as orders/cancelled sends it.
func cancelledOrder(id string) []byte {
	return sample(recentOrder(id), `"cancelled_at": null`, `"cancelled_at": "`+time.Now().Format(time.RFC3339)+`"`)
}

func (s shop) conversion(t *testing.T, env *servertest.Env, id string) map[string]any {
	t.Helper()
	return data(mustStatus(t, env.Call(t, http.MethodGet, "/conversions/"+id, s.brand.token, nil), http.StatusOK))["conversion"].(map[string]any)
}

// reversedEarnings is the commission taken back from the shop's affiliate, as its earnings say.
func (s shop) reversedEarnings(t *testing.T, env *servertest.Env) any {
	t.Helper()
	rows := data(mustStatus(t, env.Call(t, http.MethodGet, "/earnings", s.brand.token, nil), http.StatusOK))["earnings"].([]any)
	if len(rows) != 1 {
		t.Fatalf("earnings: %v", rows)
	}
	return rows[0].(map[string]any)["reversed"]
}

// TestShopifyRefundBeforeItsOrder is issue 19's: Shopify delivers a refund before its order. The
// refund is kept (once, whatever is redelivered) and applied as the order is stored, whether the
// order then comes from Shopify or from the conversion API; another brand's order with the same id
// is not touched.
func TestShopifyRefundBeforeItsOrder(t *testing.T) {
	env := servertest.Get(t)
	s, other := codeShop(t, env), codeShop(t, env)
	refund := refundOf("929361462", "7000000000001")
	outcome, c := result(mustStatus(t, s.send(t, env, "refunds/create", "early-1", s.secret, refund), http.StatusOK))
	if outcome != "held_for_order" || c != nil {
		t.Fatalf("a refund before its order: %s %v", outcome, c)
	}
	// Redelivered, under its own webhook id or another: still one refund.
	for _, id := range []string{"early-1", "early-2"} {
		if outcome, _ := result(mustStatus(t, s.send(t, env, "refunds/create", id, s.secret, refund), http.StatusOK)); outcome != "duplicate" {
			t.Fatalf("the refund again (%s): %s", id, outcome)
		}
	}
	if n := count(t, env, "SELECT count(*) FROM conversions WHERE brand_id = $1", s.brand.brandID()); n != 0 {
		t.Fatalf("a refund stored %d conversions", n)
	}
	outcome, c = result(mustStatus(t, s.send(t, env, "orders/create", "early-3", s.secret, recentOrder("7000000000001")), http.StatusOK))
	if outcome != "stored" || c["commission_amount"] != "9.95" || c["refunded_amount"] != "99.50" || c["status"] != "pending" || c["affiliate_id"] != s.affID {
		t.Fatalf("the order after its refund: %s %v", outcome, c)
	}
	if read := s.conversion(t, env, c["id"].(string)); read["commission_amount"] != "9.95" || read["refunded_amount"] != "99.50" {
		t.Fatalf("read again: %v", read)
	}
	if got := s.reversedEarnings(t, env); got != "9.95" {
		t.Errorf("reversed earnings %v, want 9.95", got)
	}
	// The order again changes nothing: the refund was applied once.
	if outcome, again := result(mustStatus(t, s.send(t, env, "orders/paid", "early-4", s.secret, recentOrder("7000000000001")), http.StatusOK)); outcome != "duplicate" || again["commission_amount"] != "9.95" {
		t.Fatalf("the order again: %s %v", outcome, again)
	}
	// Another brand's order with the same id keeps its commission: the refund was this brand's.
	outcome, theirs := result(mustStatus(t, other.send(t, env, "orders/create", "early-5", other.secret, recentOrder("7000000000001")), http.StatusOK))
	if outcome != "stored" || theirs["commission_amount"] != "19.90" || theirs["refunded_amount"] != "0.00" {
		t.Fatalf("another brand's order with the same id: %s %v", outcome, theirs)
	}

	// The conversion API stores orders the same way: a refund kept for its order id applies to it.
	mustStatus(t, s.send(t, env, "refunds/create", "early-6", s.secret, refundOf("929361499", `"api-7000"`)), http.StatusOK)
	byAPI := data(mustStatus(t, env.Call(t, http.MethodPost, "/conversions/process", s.brand.token, map[string]any{
		"order_id": "api-7000", "order_total": "199.00", "currency": "RON", "discount_code": "TOAMNA20",
	}), http.StatusCreated))["conversion"].(map[string]any)
	if byAPI["commission_amount"] != "9.95" || byAPI["refunded_amount"] != "99.50" {
		t.Fatalf("an order by API after its refund: %v", byAPI)
	}
}

// TestShopifyCancelBeforeItsOrder: a cancellation delivered before its order is kept, and the
// order is stored with its commission taken back.
func TestShopifyCancelBeforeItsOrder(t *testing.T) {
	env := servertest.Get(t)
	s := codeShop(t, env)
	outcome, _ := result(mustStatus(t, s.send(t, env, "orders/cancelled", "cancel-1", s.secret, cancelledOrder("7000000000002")), http.StatusOK))
	if outcome != "held_for_order" {
		t.Fatalf("a cancellation before its order: %s", outcome)
	}
	outcome, c := result(mustStatus(t, s.send(t, env, "orders/create", "cancel-2", s.secret, recentOrder("7000000000002")), http.StatusOK))
	if outcome != "stored" || c["commission_amount"] != "0.00" || c["status"] != "reversed" || c["refunded_amount"] != "199.00" {
		t.Fatalf("the order after its cancellation: %s %v", outcome, c)
	}
	if got := s.reversedEarnings(t, env); got != "19.90" {
		t.Errorf("reversed earnings %v, want 19.90", got)
	}
	// The cancellation redelivered changes nothing.
	if outcome, _ := result(mustStatus(t, s.send(t, env, "orders/cancelled", "cancel-3", s.secret, cancelledOrder("7000000000002")), http.StatusOK)); outcome != "duplicate" {
		t.Fatalf("the cancellation again: %s", outcome)
	}
}

// TestShopifyRefundAfterAdjustment: a refund scales the commission as the brand last set it, never
// raises it, and never fails: after an adjustment to 0 it stays 0; after one to 5.00, half the
// order refunded leaves 2.50 and the rest refunded 0.
func TestShopifyRefundAfterAdjustment(t *testing.T) {
	env := servertest.Get(t)
	s := codeShop(t, env)
	adjusted := func(order, amount string) string {
		_, c := result(mustStatus(t, s.send(t, env, "orders/create", "adj-"+order, s.secret, recentOrder(order)), http.StatusOK))
		mustStatus(t, env.Call(t, http.MethodPut, "/conversions/"+c["id"].(string)+"/commission", s.brand.token,
			map[string]any{"commission_amount": amount, "reason": "agreed with the affiliate"}), http.StatusOK)
		return c["id"].(string)
	}
	zero, five := adjusted("7000000000003", "0.00"), adjusted("7000000000004", "5.00")

	outcome, _ := result(mustStatus(t, s.send(t, env, "refunds/create", "adj-r1", s.secret, refundOf("929361401", "7000000000003")), http.StatusOK))
	if c := s.conversion(t, env, zero); outcome != "refund_applied" || c["commission_amount"] != "0.00" || c["refunded_amount"] != "99.50" {
		t.Errorf("a refund after an adjustment to 0: %s %v", outcome, c)
	}
	mustStatus(t, s.send(t, env, "refunds/create", "adj-r2", s.secret, refundOf("929361402", "7000000000004")), http.StatusOK)
	if c := s.conversion(t, env, five); c["commission_amount"] != "2.50" || c["refunded_amount"] != "99.50" || c["status"] != "pending" {
		t.Errorf("half refunded after an adjustment to 5.00: %v", c)
	}
	mustStatus(t, s.send(t, env, "refunds/create", "adj-r3", s.secret, refundOf("929361403", "7000000000004")), http.StatusOK)
	if c := s.conversion(t, env, five); c["commission_amount"] != "0.00" || c["refunded_amount"] != "199.00" || c["status"] != "reversed" {
		t.Errorf("all refunded after an adjustment to 5.00: %v", c)
	}
	if got := s.reversedEarnings(t, env); got != "5.00" {
		t.Errorf("reversed earnings %v, want 5.00 (what the refunds took back)", got)
	}
}

// TestShopifyTopicMatchesBody: the topic's fields are required of the body. An orders/cancelled
// without cancelled_at (an order's body under the wrong topic) and a refund without its id answer
// 400 naming the field and change nothing, however often they are sent.
func TestShopifyTopicMatchesBody(t *testing.T) {
	env := servertest.Get(t)
	s := codeShop(t, env)
	_, c := result(mustStatus(t, s.send(t, env, "orders/create", "topic-1", s.secret, recentOrder("7000000000005")), http.StatusOK))
	noID := strings.Replace(string(refundOf("929361405", "7000000000005")), `"id": 929361405,`, "", 1)
	for _, tc := range []struct {
		name, topic, body, field string
	}{
		{"an order under orders/cancelled", "orders/cancelled", string(recentOrder("7000000000005")), "cancelled_at"},
		{"a cancellation without cancelled_at", "orders/cancelled", `{"id": 7000000000005, "total_price": "199.00", "currency": "RON"}`, "cancelled_at"},
		{"a cancellation at no time", "orders/cancelled", `{"id": 7000000000005, "cancelled_at": "yesterday"}`, "cancelled_at"},
		{"a refund under orders/cancelled", "orders/cancelled", string(refundOf("929361405", "7000000000005")), "cancelled_at"},
		{"a refund without its id", "refunds/create", noID, "id"},
		{"a refund without its id, again", "refunds/create", noID, "id"},
		{"an order under refunds/create", "refunds/create", string(recentOrder("7000000000005")), "order_id"},
	} {
		r := s.send(t, env, tc.topic, "", s.secret, []byte(tc.body))
		details, _ := r.Body["details"].([]any)
		if r.Status != http.StatusBadRequest || r.Body["code"] != "VALIDATION_ERROR" || len(details) == 0 || details[0].(map[string]any)["field"] != tc.field {
			t.Errorf("%s: %d %s; want a 400 naming %s", tc.name, r.Status, r.Raw, tc.field)
		}
	}
	if after := s.conversion(t, env, c["id"].(string)); after["commission_amount"] != "19.90" || after["refunded_amount"] != "0.00" || after["status"] != "pending" {
		t.Fatalf("refused deliveries changed the conversion: %v", after)
	}
	// The right bodies are taken.
	mustStatus(t, s.send(t, env, "refunds/create", "topic-2", s.secret, refundOf("929361405", "7000000000005")), http.StatusOK)
	mustStatus(t, s.send(t, env, "orders/cancelled", "topic-3", s.secret, cancelledOrder("7000000000005")), http.StatusOK)
	if after := s.conversion(t, env, c["id"].(string)); after["commission_amount"] != "0.00" || after["status"] != "reversed" {
		t.Fatalf("after the refund and the cancellation: %v", after)
	}
}

// TestShopifyRefundRacingItsOrder: a refund delivered at the same moment as its order is applied
// once, whichever of the two the database takes first.
func TestShopifyRefundRacingItsOrder(t *testing.T) {
	env := servertest.Get(t)
	s := codeShop(t, env)
	const orders = 12
	statuses := make(chan int, 2*orders)
	var wg sync.WaitGroup
	for i := range orders {
		order := fmt.Sprint(7100000000000 + i)
		wg.Go(func() {
			statuses <- s.send(t, env, "refunds/create", "race-r"+order, s.secret, refundOf(fmt.Sprint(929300000+i), order)).Status
		})
		wg.Go(func() {
			statuses <- s.send(t, env, "orders/create", "race-o"+order, s.secret, recentOrder(order)).Status
		})
	}
	wg.Wait()
	close(statuses)
	for status := range statuses {
		if status != http.StatusOK {
			t.Fatalf("a racing delivery answered %d", status)
		}
	}
	rows, err := env.App.Pool.Query(t.Context(), "SELECT order_id, commission_amount::text, refunded_amount::text FROM conversions WHERE brand_id = $1", s.brand.brandID())
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var order, commission, refunded string
		if err := rows.Scan(&order, &commission, &refunded); err != nil {
			t.Fatal(err)
		}
		if n++; commission != "9.95" || refunded != "99.50" {
			t.Errorf("order %s: commission %s, refunded %s; want 9.95 and 99.50", order, commission, refunded)
		}
	}
	if n != orders || count(t, env, "SELECT count(*) FROM early_refunds WHERE brand_id = $1", s.brand.brandID()) != 0 {
		t.Fatalf("%d orders stored of %d, or a refund still kept", n, orders)
	}
}
