package shopify_test

import (
	"strings"
	"testing"
	"time"

	"github.com/openaffiliate/platform/server/domain/shopify"
)

func TestParseOrderOfShopifyShape(t *testing.T) {
	o, err := shopify.ParseOrder(shopify.SampleOrder)
	if err != nil {
		t.Fatal(err)
	}
	if o.ID != "5837293649217" || o.TotalPrice.String() != "199" || o.Currency != "RON" || o.Email != "maria.ionescu@example.ro" ||
		len(o.DiscountCodes) != 1 || o.DiscountCodes[0] != "TOAMNA20" || o.ClickID != "" || o.Test {
		t.Fatalf("%+v", o)
	}
	if want := time.Date(2026, 11, 20, 10, 15, 42, 0, time.UTC); !o.CreatedAt.Equal(want) {
		t.Fatalf("created at %s, want %s (the offset kept)", o.CreatedAt, want)
	}
}

func TestParseOrderClickID(t *testing.T) {
	for body, want := range map[string]string{
		`{"id":1,"total_price":"1.00","landing_site":"/p?aff_click=abc&utm_source=x"}`:                                          "abc",
		`{"id":1,"total_price":"1.00","landing_site":"https://shop.example.com/?aff_click=def"}`:                                "def",
		`{"id":1,"total_price":"1.00","landing_site":"/p?aff_click=abc","note_attributes":[{"name":"aff_click","value":"n1"}]}`: "n1",
		`{"id":1,"total_price":"1.00","note_attributes":[{"name":"other","value":"x"},{"name":"aff_click","value":7}]}`:         "",
		`{"id":1,"total_price":"1.00","landing_site":"%zz"}`:                                                                    "",
	} {
		o, err := shopify.ParseOrder([]byte(body))
		if err != nil || o.ClickID != want {
			t.Errorf("%s: click %q, %v; want %q", body, o.ClickID, err, want)
		}
	}
}

func TestParseOrderRefusals(t *testing.T) {
	for body, field := range map[string]string{
		`{"total_price":"1.00"}`:                         "id",
		`{"id":1}`:                                       "total_price",
		`{"id":1,"total_price":"ten"}`:                   "total_price",
		`{"id":1,"total_price":"1e999999999"}`:           "total_price",
		`{"id":1,"total_price":1E9}`:                     "total_price",
		`{"id":1,"total_price":"1.00","created_at":"x"}`: "created_at",
		`{"id":{"x":1},"total_price":"1.00"}`:            "id",
		`{"id":1,"total_price":"1","email":5}`:           "email",
	} {
		_, err := shopify.ParseOrder([]byte(body))
		if err == nil || !strings.Contains(err.Error(), "400") {
			t.Errorf("%s: %v; want a 400", body, err)
			continue
		}
		if got := fieldOfErr(err); got != field {
			t.Errorf("%s: field %q, want %q", body, got, field)
		}
	}
}

func TestParseRefund(t *testing.T) {
	r, err := shopify.ParseRefund(shopify.SampleRefund)
	if err != nil {
		t.Fatal(err)
	}
	// The failed transaction does not count.
	if r.ID != "929361462" || r.OrderID != "5837293649217" || r.Amount.StringFixed(2) != "99.50" {
		t.Fatalf("%+v", r)
	}
	if _, err := shopify.ParseRefund([]byte(`{"id":1,"transactions":[{"kind":"refund","status":"success","amount":"-5"}],"order_id":2}`)); err == nil {
		t.Error("a negative refund was read")
	}
	for _, body := range []string{`{"order_id":2}`, `{"id":"  ","order_id":2}`, `{"id":"` + strings.Repeat("9", 256) + `","order_id":2}`} {
		if _, err := shopify.ParseRefund([]byte(body)); err == nil {
			t.Errorf("a refund without a usable id was read: %s", body)
		}
	}
}

func TestParseCancellation(t *testing.T) {
	c, err := shopify.ParseCancellation([]byte(`{"id": 5837293649217, "cancelled_at": "2026-11-22T10:00:00+02:00"}`))
	if err != nil || c.OrderID != "5837293649217" || c.CancelledAt.IsZero() {
		t.Fatalf("%+v %v", c, err)
	}
	// An order that was not cancelled is not a cancellation.
	for _, body := range [][]byte{shopify.SampleOrder, shopify.SampleRefund, []byte(`{"id": 1, "cancelled_at": "later"}`), []byte(`{"cancelled_at": "2026-11-22T10:00:00+02:00"}`)} {
		if c, err := shopify.ParseCancellation(body); err == nil {
			t.Errorf("%.40s was read as a cancellation: %+v", body, c)
		}
	}
}

func TestVerify(t *testing.T) {
	body := shopify.SampleOrder
	sig := shopify.Sign("whsec_a", body)
	switch {
	case !shopify.Verify("whsec_a", body, sig):
		t.Error("its own signature is refused")
	case shopify.Verify("whsec_b", body, sig):
		t.Error("another secret's signature is taken")
	case shopify.Verify("whsec_a", append([]byte(" "), body...), sig):
		t.Error("a changed body is taken")
	case shopify.Verify("whsec_a", body, ""), shopify.Verify("whsec_a", body, "not base64!"), shopify.Verify("", body, shopify.Sign("", body)):
		t.Error("a missing or malformed signature, or an empty secret, is taken")
	}
}

// FuzzParseOrder: whatever the body, the parser answers an order with an id, or an error; never a panic.
func FuzzParseOrder(f *testing.F) {
	f.Add(shopify.SampleOrder)
	f.Add([]byte(`{"id":"1","total_price":1e400}`))
	f.Add([]byte(`{"id":1,"total_price":"1.00","note_attributes":[{"name":"aff_click","value":null}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		o, err := shopify.ParseOrder(body)
		if err == nil && (o.ID == "" || strings.TrimSpace(o.ID) != o.ID) {
			t.Fatalf("%q: an order without a clean id: %+v", body, o)
		}
	})
}

// FuzzParseRefund: a refund read has its id and order id, its refunded amount is never negative,
// and the parser never panics.
func FuzzParseRefund(f *testing.F) {
	f.Add(shopify.SampleRefund)
	f.Add([]byte(`{"order_id":1,"transactions":[{"kind":"refund","amount":"1e9"}]}`))
	f.Add([]byte(`{"id":2,"order_id":1,"transactions":[{"kind":"refund","amount":"1.00"}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := shopify.ParseRefund(body)
		if err == nil && (r.OrderID == "" || r.ID == "" || r.Amount.IsNegative()) {
			t.Fatalf("%q: %+v", body, r)
		}
	})
}

// TestParseOrderLines: each line item keeps its product id, variant SKU and quantity, and its
// amount is price × quantity less its discount allocations (or its total_discount when it lists
// none); a custom line item has no product id. Shopify's order carries no collections.
func TestParseOrderLines(t *testing.T) {
	o, err := shopify.ParseOrder(shopify.SampleOrder)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Lines) != 1 || o.Lines[0].ProductID != "8123456789012" || o.Lines[0].SKU != "GHT-38" || o.Lines[0].Quantity != 1 ||
		o.Lines[0].Amount.StringFixed(2) != "199.00" {
		t.Fatalf("%+v", o.Lines)
	}
	o, err = shopify.ParseOrder([]byte(`{"id": 1, "total_price": "95.00", "currency": "RON", "line_items": [
		{"product_id": 12, "sku": "A", "quantity": 3, "price": "20.00", "total_discount": "5.00", "discount_allocations": []},
		{"product_id": null, "sku": null, "quantity": 2, "price": "15.00", "discount_allocations": [{"amount": "1.50"}, {"amount": "3.50"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := o.Lines[0], o.Lines[1]; a.Amount.StringFixed(2) != "55.00" || a.ProductID != "12" || b.ProductID != "" || b.SKU != "" || b.Amount.StringFixed(2) != "25.00" {
		t.Errorf("%+v", o.Lines)
	}
	if _, err := shopify.ParseOrder([]byte(`{"id": 1, "total_price": "9", "currency": "RON", "line_items": [{"quantity": 1, "price": "x"}]}`)); fieldOfErr(err) != "line_items.0.price" {
		t.Errorf("a bad price: %v", err)
	}
}
