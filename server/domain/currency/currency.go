// Package currency converts between the platform's currencies with rates whose base is RON.
package currency

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// Base is the currency every stored rate is relative to.
const Base = "RON"

// Offered lists the currencies the UI shows, default first.
var Offered = []string{"RON", "EUR", "USD"}

// rateScale is how many decimals a derived rate keeps.
const rateScale = 10

// MinRate and MaxRate bound what 1 RON may be worth in a currency, so that a rate between any two
// (at most MaxRate/MinRate = 10^9) fits a conversion's exchange_rate (numeric(20, 10)) and is never
// 0 at 10 decimals.
var (
	MinRate = decimal.RequireFromString("0.0001")
	MaxRate = decimal.RequireFromString("100000")
)

// Rebase turns RON-based rates into rates relative to base: rate(X)/rate(base), to 10 decimals.
func Rebase(ronRates map[string]decimal.Decimal, base string) (map[string]decimal.Decimal, error) {
	b, ok := ronRates[base]
	if !ok || b.IsZero() {
		return nil, fmt.Errorf("currency: no rate for %s", base)
	}
	out := make(map[string]decimal.Decimal, len(ronRates))
	for code, r := range ronRates {
		out[code] = r.DivRound(b, rateScale)
	}
	out[base] = decimal.NewFromInt(1)
	return out, nil
}
