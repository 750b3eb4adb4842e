package woocommerce

import (
	"strings"
	"testing"
)

// TestParseSampleOrder: the recorded order reads as the platform needs it.
func TestParseSampleOrder(t *testing.T) {
	o, err := ParseOrder(SampleOrder)
	if err != nil {
		t.Fatal(err)
	}
	if o.ID != "727" || o.Status != "processing" || o.Currency != "RON" || o.Total.String() != "229.2" ||
		o.Email != "maria.ionescu@example.ro" || len(o.Coupons) != 1 || o.Coupons[0] != "toamna20" ||
		o.ClickID != "CLICKID" || o.CreatedAt == nil || o.CreatedAt.Format("2006-01-02 15:04:05 MST") != "2026-11-20 10:15:42 UTC" ||
		len(o.Refunds) != 0 || o.RefundedAll || o.Subtotal == nil || o.Subtotal.StringFixed(2) != "180.00" {
		t.Fatalf("%+v", o)
	}
}

// TestParseRefunds: refunds are negative totals, kept as positive amounts by id.
func TestParseRefunds(t *testing.T) {
	o, err := ParseOrder([]byte(`{"id": 9, "status": "refunded", "total": "100.00", "currency": "EUR",
		"refunds": [{"id": 11, "reason": "", "total": "-40.00"}, {"id": 12, "reason": "", "total": "-60.00"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !o.RefundedAll || len(o.Refunds) != 2 || o.Refunds[0].ID != "11" || o.Refunds[0].Amount.String() != "40" || o.Refunds[1].Amount.String() != "60" {
		t.Fatalf("%+v", o)
	}
}

// TestIsPing: WooCommerce's ping, form-encoded or JSON, and nothing else.
func TestIsPing(t *testing.T) {
	for body, want := range map[string]bool{
		"webhook_id=12":                    true,
		`{"webhook_id": 12}`:               true,
		`{"webhook_id": 12, "id": 727}`:    false,
		"webhook_id=12&id=727":             false,
		string(SampleOrder):                false,
		"":                                 false,
		`{"id": 727, "status": "pending"}`: false,
	} {
		if got := IsPing([]byte(body)); got != want {
			t.Errorf("IsPing(%q) = %v", body, got)
		}
	}
}

// TestSignature: the signature is base64 HMAC-SHA256 of the body; another secret or body fails.
func TestSignature(t *testing.T) {
	// printf '%s' '{"id":1}' | openssl dgst -sha256 -hmac secret -binary | base64
	const want = "A971iWIMgT8Zj9A9eWfikrFj7wQ16/Qwcc4OlRl2PLc="
	if got := Sign("secret", []byte(`{"id":1}`)); got != want {
		t.Fatalf("Sign = %s", got)
	}
	if !Verify("secret", []byte(`{"id":1}`), want) || Verify("other", []byte(`{"id":1}`), want) || Verify("secret", []byte(`{"id":2}`), want) {
		t.Fatal("Verify")
	}
}

// TestParseLines: each line item keeps its product id, SKU, quantity, total (after discounts,
// without tax) and the category slugs the plugin writes into its meta (_aff_categories), as a list
// or a comma-separated string.
func TestParseLines(t *testing.T) {
	o, err := ParseOrder(SampleOrder)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Lines) != 2 {
		t.Fatalf("%+v", o.Lines)
	}
	a, b := o.Lines[0], o.Lines[1]
	if a.ProductID != "93" || a.SKU != "PUL-LANA-M" || a.Quantity != 2 || a.Total.StringFixed(2) != "108.00" ||
		len(a.Categories) != 2 || a.Categories[0] != "pulovere" || a.Categories[1] != "iarna" {
		t.Errorf("first line: %+v", a)
	}
	if b.ProductID != "22" || b.SKU != "FULAR-GRI" || b.Quantity != 1 || b.Total.StringFixed(2) != "72.00" || len(b.Categories) != 0 {
		t.Errorf("second line: %+v", b)
	}
	o, err = ParseOrder([]byte(`{"id": 9, "status": "processing", "total": "10.00", "currency": "RON", "line_items": [
		{"product_id": 0, "sku": "", "quantity": 1, "total": "10.00", "meta_data": [{"id": 1, "key": "_aff_categories", "value": "a, b,,"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if l := o.Lines[0]; l.ProductID != "" || len(l.Categories) != 2 || l.Categories[1] != "b" {
		t.Errorf("a deleted product's line: %+v", l)
	}
}

// TestOrderIDs: an order's id is a whole number from 1 to 2^63-1, written as a number or a
// string, kept as its decimal digits; anything else is refused naming id.
func TestOrderIDs(t *testing.T) {
	for id, want := range map[string]string{
		`727`: "727", `"727"`: "727", `"0727"`: "727", `9223372036854775807`: "9223372036854775807",
		`0`: "", `-1`: "", `"+7"`: "", `7.5`: "", `7.0`: "", `7e2`: "", `9223372036854775808`: "", `"x"`: "", `""`: "",
	} {
		o, err := ParseOrder([]byte(`{"id": ` + id + `, "status": "processing", "total": "10.00", "currency": "RON"}`))
		switch {
		case want == "" && (err == nil || !strings.Contains(err.Error(), "id")):
			t.Errorf("id %s: %+v, %v", id, o, err)
		case want != "" && (err != nil || o.ID != want):
			t.Errorf("id %s: %q, %v; want %q", id, o.ID, err, want)
		}
	}
}

// TestEventKey: a retry's key is its first delivery's; a change of status, of refunds or of
// date_modified is another key; without date_modified the body decides.
func TestEventKey(t *testing.T) {
	key := func(topic, body string) string {
		o, err := ParseOrder([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		return EventKey(topic, o, []byte(body))
	}
	const paid = `{"id": 9, "status": "processing", "total": "10.00", "currency": "RON", "date_modified_gmt": "2026-11-20T10:15:43"}`
	same := strings.Replace(paid, `"currency"`, ` "currency"`, 1) // another body of the same change
	if key("order.updated", paid) != key("order.updated", same) {
		t.Error("a retry is a new event")
	}
	for name, other := range map[string]string{
		"status":   strings.Replace(paid, "processing", "cancelled", 1),
		"refunds":  strings.Replace(paid, `"total"`, `"refunds": [{"id": 3, "total": "-1.00"}], "total"`, 1),
		"modified": strings.Replace(paid, "10:15:43", "10:15:44", 1),
		"order":    strings.Replace(paid, `"id": 9`, `"id": 10`, 1),
	} {
		if key("order.updated", paid) == key("order.updated", other) {
			t.Errorf("another %s is the same event", name)
		}
	}
	if key("order.created", paid) == key("order.updated", paid) {
		t.Error("another topic is the same event")
	}
	undated := `{"id": 9, "status": "processing", "total": "10.00", "currency": "RON"}`
	if key("order.updated", undated) != key("order.updated", string([]byte(undated))) || key("order.updated", undated) == key("order.updated", undated+" ") {
		t.Error("without date_modified the body is the event")
	}
}
