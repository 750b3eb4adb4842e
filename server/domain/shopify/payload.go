// Package shopify receives a brand's Shopify webhooks: it checks their signature, reads the
// order or refund they carry, and hands it to the conversions service.
package shopify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// Sign is the signature Shopify sends for body: base64 of HMAC-SHA256 with the shared secret.
func Sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// Verify tells whether signature is body's, in constant time.
func Verify(secret string, body []byte, signature string) bool {
	got, err := base64.StdEncoding.DecodeString(strings.TrimSpace(signature))
	if err != nil || secret == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal(got, mac.Sum(nil))
}

// Order is what the platform reads from a Shopify order.
type Order struct {
	ID         string
	Email      string
	Currency   string
	TotalPrice decimal.Decimal
	// SubtotalPrice is subtotal_price (after discounts, before shipping and taxes); nil when absent.
	SubtotalPrice *decimal.Decimal
	DiscountCodes []string
	ClickID       string
	CreatedAt     *time.Time // nil when the order has none
	Test          bool
	// Lines are its line items: product id, variant SKU, quantity, and price × quantity less the
	// line's discounts. Shopify's order carries no collections: product rates match Shopify lines
	// by product id or SKU (docs/product.md §6.1).
	Lines []Line
}

// Line is one of an order's line items.
type Line struct {
	ProductID string
	SKU       string
	Quantity  int
	Amount    decimal.Decimal
}

// Refund is what the platform reads from a Shopify refund: the refunded amount is the sum of its
// successful refund transactions.
type Refund struct {
	ID      string
	OrderID string
	Amount  decimal.Decimal
}

// Shopify writes ids (13 digits and more) and amounts as JSON numbers or strings; both are kept
// as the text Shopify wrote (amount.Text), never read through a float.
type orderBody struct {
	ID           amount.Text `json:"id"`
	Email        string      `json:"email"`
	ContactEmail string      `json:"contact_email"`
	Customer     *struct {
		Email string `json:"email"`
	} `json:"customer"`
	Currency      string      `json:"currency"`
	TotalPrice    amount.Text `json:"total_price"`
	SubtotalPrice amount.Text `json:"subtotal_price"`
	DiscountCodes []struct {
		Code string `json:"code"`
	} `json:"discount_codes"`
	LandingSite    string `json:"landing_site"`
	NoteAttributes []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"note_attributes"`
	CreatedAt string     `json:"created_at"`
	Test      bool       `json:"test"`
	LineItems []lineItem `json:"line_items"`
}

type lineItem struct {
	ProductID           *amount.Text `json:"product_id"` // null on a custom line item
	SKU                 *string      `json:"sku"`
	Quantity            int          `json:"quantity"`
	Price               amount.Text  `json:"price"`
	TotalDiscount       amount.Text  `json:"total_discount"`
	DiscountAllocations []struct {
		Amount amount.Text `json:"amount"`
	} `json:"discount_allocations"`
}

// ClickParam is the query parameter (and note attribute) that carries a click id.
const ClickParam = "aff_click"

func malformed(field, message string) error {
	return apierror.Invalid(field, "shopify", message)
}

// ParseOrder reads an order webhook's body; what it cannot use answers a 400 naming the field.
func ParseOrder(body []byte) (Order, error) {
	var b orderBody
	if err := json.Unmarshal(body, &b); err != nil {
		return Order{}, malformed(fieldOf(err), "The body is not a Shopify order")
	}
	o := Order{ID: strings.TrimSpace(b.ID.String()), Currency: strings.TrimSpace(b.Currency), Test: b.Test}
	if o.ID == "" {
		return Order{}, malformed("id", "The order has no id")
	}
	if b.TotalPrice == "" {
		return Order{}, malformed("total_price", "The order has no total_price")
	}
	total, err := amount.ParsePlain(b.TotalPrice.String())
	if err != nil {
		return Order{}, malformed("total_price", "The order's total_price is not a decimal number")
	}
	o.TotalPrice = total
	if b.SubtotalPrice != "" {
		subtotal, err := amount.ParsePlain(b.SubtotalPrice.String())
		if err != nil || subtotal.IsNegative() {
			return Order{}, malformed("subtotal_price", "The order's subtotal_price is not a positive decimal number")
		}
		o.SubtotalPrice = &subtotal
	}
	o.Email = firstNonEmpty(b.Email, b.ContactEmail)
	if b.Customer != nil && o.Email == "" {
		o.Email = b.Customer.Email
	}
	for _, c := range b.DiscountCodes {
		if code := strings.TrimSpace(c.Code); code != "" {
			o.DiscountCodes = append(o.DiscountCodes, code)
		}
	}
	for i, l := range b.LineItems {
		line, err := lineOf(l)
		if err != nil {
			return Order{}, malformed("line_items."+strconv.Itoa(i)+"."+err.Error(), "A line item's "+err.Error()+" is not a positive decimal number")
		}
		o.Lines = append(o.Lines, line)
	}
	o.ClickID = clickFromLandingSite(b.LandingSite)
	for _, a := range b.NoteAttributes {
		if s, ok := a.Value.(string); ok && a.Name == ClickParam && strings.TrimSpace(s) != "" {
			// The tracking script's note attribute is what the checkout carried: it wins.
			o.ClickID = strings.TrimSpace(s)
		}
	}
	if b.CreatedAt != "" {
		at, err := time.Parse(time.RFC3339, b.CreatedAt)
		if err != nil {
			return Order{}, malformed("created_at", "The order's created_at is not a time with its offset")
		}
		o.CreatedAt = &at
	}
	return o, nil
}

// lineOf reads a line item: its amount is price × quantity less its discount allocations (or its
// total_discount when it lists none), never below 0. The error names the field at fault.
func lineOf(l lineItem) (Line, error) {
	line := Line{Quantity: l.Quantity}
	if l.ProductID != nil {
		line.ProductID = strings.TrimSpace(l.ProductID.String())
	}
	if l.SKU != nil {
		line.SKU = strings.TrimSpace(*l.SKU)
	}
	price, err := amount.ParsePlain(l.Price.String())
	if err != nil || price.IsNegative() {
		return Line{}, errors.New("price")
	}
	discount := decimal.Zero
	for _, a := range l.DiscountAllocations {
		d, err := amount.ParsePlain(a.Amount.String())
		if err != nil || d.IsNegative() {
			return Line{}, errors.New("discount_allocations")
		}
		discount = discount.Add(d)
	}
	if len(l.DiscountAllocations) == 0 && l.TotalDiscount != "" {
		if discount, err = amount.ParsePlain(l.TotalDiscount.String()); err != nil || discount.IsNegative() {
			return Line{}, errors.New("total_discount")
		}
	}
	line.Amount = decimal.Max(price.Mul(decimal.NewFromInt(int64(l.Quantity))).Sub(discount), decimal.Zero)
	return line, nil
}

// clickFromLandingSite reads aff_click from the landing page's address (a path with its query, or
// an absolute URL).
func clickFromLandingSite(site string) string {
	u, err := url.Parse(strings.TrimSpace(site))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(u.Query().Get(ClickParam))
}

// maxID is the longest id the platform keeps (an order id is at most 255 characters).
const maxID = 255

// Cancellation is what the platform reads from an orders/cancelled body.
type Cancellation struct {
	OrderID     string
	CancelledAt time.Time
}

// ParseCancellation reads an orders/cancelled webhook's body: the order's id and when it was
// cancelled. An order that was not cancelled (an orders/create body under the wrong topic) is
// refused, naming cancelled_at.
func ParseCancellation(body []byte) (Cancellation, error) {
	var b struct {
		ID          amount.Text `json:"id"`
		CancelledAt *string     `json:"cancelled_at"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return Cancellation{}, malformed(fieldOf(err), "The body is not a Shopify order")
	}
	c := Cancellation{OrderID: strings.TrimSpace(b.ID.String())}
	switch {
	case c.OrderID == "":
		return Cancellation{}, malformed("id", "The order has no id")
	case len(c.OrderID) > maxID:
		return Cancellation{}, malformed("id", "An order id has at most 255 characters")
	case b.CancelledAt == nil || strings.TrimSpace(*b.CancelledAt) == "":
		return Cancellation{}, malformed("cancelled_at", "The order was not cancelled: orders/cancelled needs its cancelled_at")
	}
	at, err := time.Parse(time.RFC3339, strings.TrimSpace(*b.CancelledAt))
	if err != nil {
		return Cancellation{}, malformed("cancelled_at", "The order's cancelled_at is not a time with its offset")
	}
	c.CancelledAt = at
	return c, nil
}

type refundBody struct {
	ID           amount.Text `json:"id"`
	OrderID      amount.Text `json:"order_id"`
	Transactions []struct {
		Kind   string      `json:"kind"`
		Status string      `json:"status"`
		Amount amount.Text `json:"amount"`
	} `json:"transactions"`
}

// ParseRefund reads a refunds/create webhook's body; its id and order_id are required.
func ParseRefund(body []byte) (Refund, error) {
	var b refundBody
	if err := json.Unmarshal(body, &b); err != nil {
		return Refund{}, malformed(fieldOf(err), "The body is not a Shopify refund")
	}
	r := Refund{ID: strings.TrimSpace(b.ID.String()), OrderID: strings.TrimSpace(b.OrderID.String()), Amount: decimal.Zero}
	switch {
	case r.OrderID == "":
		return Refund{}, malformed("order_id", "The refund has no order_id")
	case len(r.OrderID) > maxID:
		return Refund{}, malformed("order_id", "An order id has at most 255 characters")
	case r.ID == "":
		// Its id is what tells a refund from another one of the same order: without it, a
		// redelivery under a new webhook id would be applied again.
		return Refund{}, malformed("id", "The refund has no id")
	case len(r.ID) > maxID:
		return Refund{}, malformed("id", "A refund id has at most 255 characters")
	}
	for i, t := range b.Transactions {
		if t.Kind != "refund" || (t.Status != "success" && t.Status != "") || t.Amount == "" {
			continue
		}
		amount, err := amount.ParsePlain(t.Amount.String())
		if err != nil || amount.IsNegative() {
			return Refund{}, malformed("transactions."+strconv.Itoa(i)+".amount", "A refund transaction's amount is not a positive decimal number")
		}
		r.Amount = r.Amount.Add(amount)
	}
	return r, nil
}

// fieldOf names the field a JSON type error is about, when the decoder says.
func fieldOf(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return typeErr.Field
	}
	return "body"
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}
