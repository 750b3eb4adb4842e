// Package amount reads decimal inputs exactly: an amount may arrive as a JSON string ("12.50") or
// a JSON number (12.50), and either way its digits are kept as written, never passed through a float.
package amount

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strings"

	"github.com/shopspring/decimal"
)

// MaxMoney is the most an amount column holds (numeric(14, 2)): an order total, a commission, a
// campaign's spent amount, a payout.
var MaxMoney = decimal.RequireFromString("999999999999.99")

// Text is a decimal input as its client wrote it. The request validator has already checked it
// against the contract's pattern, so Decimal only fails on input that bypassed validation.
type Text string

// UnmarshalJSON takes a JSON string's contents or a JSON number's text verbatim.
func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text(s)
		return nil
	}
	if !json.Valid(b) || len(b) == 0 || (b[0] != '-' && (b[0] < '0' || b[0] > '9')) {
		// A type error, so that encoding/json names the field it is about.
		return &json.UnmarshalTypeError{Value: "not a number or a string", Type: reflect.TypeFor[Text]()}
	}
	*t = Text(b)
	return nil
}

// MarshalJSON writes the amount as a decimal string.
func (t Text) MarshalJSON() ([]byte, error) { return json.Marshal(string(t)) }

// Decimal parses the text exactly.
func (t Text) Decimal() (decimal.Decimal, error) { return decimal.NewFromString(string(t)) }

// String is the text as written.
func (t Text) String() string { return string(t) }

// Format is a decimal as the API, the CSV files and the messages show it: rounded half away from
// zero to two decimals, always both written ("12.50", "0.00"). Money and percentages alike.
func Format(d decimal.Decimal) string { return d.StringFixed(2) }

// plainDecimal is how shops write amounts in their webhooks ("229.20", a refund "-50.00").
// Anything else (an exponent above all) is refused before it is parsed: "1e999999999" would make
// every later comparison allocate a billion digits.
var plainDecimal = regexp.MustCompile(`^-?[0-9]{1,20}(\.[0-9]{1,10})?$`)

// ParsePlain reads an amount a shop's webhook wrote as a plain decimal (surrounding spaces allowed).
func ParsePlain(text string) (decimal.Decimal, error) {
	text = strings.TrimSpace(text)
	if !plainDecimal.MatchString(text) {
		return decimal.Decimal{}, errors.New("not a plain decimal")
	}
	return decimal.NewFromString(text)
}
