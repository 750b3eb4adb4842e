// Package woocommerce receives a brand's WooCommerce webhooks: it checks their signature, reads
// the order they carry (REST API v3's order object) and hands it, its refunds and its
// cancellation to the conversions service.
package woocommerce

import (
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/domain/shopify"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// Sign is the signature WooCommerce sends for body (X-WC-Webhook-Signature): base64 of
// HMAC-SHA256 with the webhook's secret, the same construction as Shopify's.
func Sign(secret string, body []byte) string { return shopify.Sign(secret, body) }

// Verify tells whether signature is body's, in constant time.
func Verify(secret string, body []byte, signature string) bool {
	return shopify.Verify(secret, body, signature)
}

// ClickMeta is the order meta key the WordPress plugin writes the aff_click cookie into.
const ClickMeta = "_aff_click"

// Order is what the platform reads from a WooCommerce order.
type Order struct {
	ID       string
	Status   string
	Email    string
	Currency string
	// Total is the order's total, with tax and shipping: refunds are amounts of it.
	Total decimal.Decimal
	// Subtotal is the line items' totals summed: the order after discounts, without tax and
	// shipping; nil when the order lists no line items.
	Subtotal  *decimal.Decimal
	Coupons   []string
	ClickID   string
	CreatedAt *time.Time // nil when the order has none
	// Modified is the order's date_modified_gmt (else its date_modified) as written, or empty:
	// with its status and refunds, it tells one change of the order from another (EventKey).
	Modified    string
	Refunds     []Refund
	RefundedAll bool // status refunded
	// Lines are its line items: product id, SKU, quantity, total (after discounts, without tax)
	// and the category slugs the plugin keeps in the line's meta (CategoriesMeta).
	Lines []Line
}

// Line is one of an order's line items.
type Line struct {
	ProductID  string
	SKU        string
	Categories []string
	Quantity   int
	Total      decimal.Decimal
}

// CategoriesMeta is the line item meta key the WordPress plugin writes the product's category
// slugs into (integrations/woocommerce/), for product rates that match by category.
const CategoriesMeta = "_aff_categories"

// Refund is one of an order's refunds: WooCommerce lists them as negative totals.
type Refund struct {
	ID     string
	Amount decimal.Decimal
}

type orderBody struct {
	ID        amount.Text `json:"id"`
	Status    string      `json:"status"`
	Currency  string      `json:"currency"`
	Total     amount.Text `json:"total"`
	LineItems []struct {
		ProductID amount.Text `json:"product_id"`
		SKU       string      `json:"sku"`
		Quantity  int         `json:"quantity"`
		Total     amount.Text `json:"total"`
		MetaData  []struct {
			Key   string `json:"key"`
			Value any    `json:"value"`
		} `json:"meta_data"`
	} `json:"line_items"`
	Billing *struct {
		Email string `json:"email"`
	} `json:"billing"`
	CouponLines []struct {
		Code string `json:"code"`
	} `json:"coupon_lines"`
	MetaData []struct {
		Key   string `json:"key"`
		Value any    `json:"value"`
	} `json:"meta_data"`
	Refunds []struct {
		ID    amount.Text `json:"id"`
		Total amount.Text `json:"total"`
	} `json:"refunds"`
	DateCreatedGMT  *string `json:"date_created_gmt"`
	DateModifiedGMT *string `json:"date_modified_gmt"`
	DateModified    *string `json:"date_modified"`
}

func malformed(field, message string) error {
	return apierror.Invalid(field, "woocommerce", message)
}

// categoriesOf reads the plugin's category meta: a list of slugs (or one comma-separated string).
func categoriesOf(v any) []string {
	var out []string
	switch v := v.(type) {
	case []any:
		for _, c := range v {
			if s, ok := c.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, strings.TrimSpace(s))
			}
		}
	case string:
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// IsPing tells whether body is the ping WooCommerce sends when a webhook is created or
// activated: `webhook_id=<n>` form-encoded, or {"webhook_id": n} in JSON, and no order.
func IsPing(body []byte) bool {
	var b map[string]json.RawMessage
	if err := json.Unmarshal(body, &b); err == nil {
		_, ping := b["webhook_id"]
		_, order := b["id"]
		return ping && !order
	}
	v, err := url.ParseQuery(strings.TrimSpace(string(body)))
	return err == nil && v.Has("webhook_id") && len(v) == 1
}

// ParseOrder reads an order webhook's body; what it cannot use answers a 400 naming the field.
func ParseOrder(body []byte) (Order, error) {
	var b orderBody
	if err := json.Unmarshal(body, &b); err != nil {
		return Order{}, malformed(fieldOf(err), "The body is not a WooCommerce order")
	}
	o := Order{Status: strings.TrimSpace(b.Status), Currency: strings.TrimSpace(b.Currency)}
	id, ok := idOf(b.ID)
	switch {
	case strings.TrimSpace(b.ID.String()) == "":
		return Order{}, malformed("id", "The order has no id")
	case !ok:
		return Order{}, malformed("id", "An order id is a whole number from 1 to 9223372036854775807")
	case b.Total == "":
		return Order{}, malformed("total", "The order has no total")
	}
	total, err := amount.ParsePlain(b.Total.String())
	if err != nil {
		return Order{}, malformed("total", "The order's total is not a decimal number")
	}
	o.ID, o.Total = id, total
	o.RefundedAll = o.Status == "refunded"
	for i, l := range b.LineItems {
		line, err := amount.ParsePlain(l.Total.String())
		if err != nil || line.IsNegative() {
			return Order{}, malformed("line_items."+strconv.Itoa(i)+".total", "A line item's total is not a positive decimal number")
		}
		sum := line
		if o.Subtotal != nil {
			sum = o.Subtotal.Add(line)
		}
		o.Subtotal = &sum
		item := Line{ProductID: strings.TrimSpace(l.ProductID.String()), SKU: strings.TrimSpace(l.SKU), Quantity: l.Quantity, Total: line}
		if item.ProductID == "0" {
			item.ProductID = "" // a line whose product was deleted
		}
		for _, m := range l.MetaData {
			if m.Key == CategoriesMeta {
				item.Categories = categoriesOf(m.Value)
			}
		}
		o.Lines = append(o.Lines, item)
	}
	if b.Billing != nil {
		o.Email = strings.TrimSpace(b.Billing.Email)
	}
	for _, c := range b.CouponLines {
		if code := strings.TrimSpace(c.Code); code != "" {
			o.Coupons = append(o.Coupons, code)
		}
	}
	for _, m := range b.MetaData {
		if s, ok := m.Value.(string); ok && m.Key == ClickMeta && strings.TrimSpace(s) != "" {
			o.ClickID = strings.TrimSpace(s)
		}
	}
	for i, r := range b.Refunds {
		field := "refunds." + strconv.Itoa(i)
		id, ok := idOf(r.ID)
		if !ok {
			return Order{}, malformed(field+".id", "A refund's id is a whole number from 1 to 9223372036854775807")
		}
		amount, err := amount.ParsePlain(r.Total.String())
		if err != nil || amount.IsPositive() {
			return Order{}, malformed(field+".total", "A refund's total is a negative decimal number")
		}
		o.Refunds = append(o.Refunds, Refund{ID: id, Amount: amount.Neg()})
	}
	if b.DateCreatedGMT != nil && strings.TrimSpace(*b.DateCreatedGMT) != "" {
		// WooCommerce writes its GMT times without an offset.
		at, err := time.Parse("2006-01-02T15:04:05", strings.TrimSpace(*b.DateCreatedGMT))
		if err != nil {
			return Order{}, malformed("date_created_gmt", "The order's date_created_gmt is not a time (YYYY-MM-DDThh:mm:ss, GMT)")
		}
		o.CreatedAt = &at
	}
	for _, m := range []*string{b.DateModifiedGMT, b.DateModified} {
		if m != nil && strings.TrimSpace(*m) != "" {
			o.Modified = strings.TrimSpace(*m)
			break
		}
	}
	return o, nil
}

// idOf reads an order's or a refund's id: WooCommerce's ids are WordPress post ids, whole
// numbers from 1 (a JSON number, or a string of one), kept as the number's decimal digits so
// that "0727" and 727 are one order. 0, negatives, fractions and numbers past int64 are not ids.
func idOf(t amount.Text) (string, bool) {
	s := strings.TrimSpace(t.String())
	if s == "" || s[0] < '0' || s[0] > '9' {
		return "", false // a sign, or no number at all
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return "", false
	}
	return strconv.FormatInt(n, 10), true
}

// fieldOf names the field a JSON type error is about, when the decoder says.
func fieldOf(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return typeErr.Field
	}
	return "body"
}
