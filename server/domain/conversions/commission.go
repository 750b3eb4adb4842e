package conversions

import (
	"github.com/shopspring/decimal"
)

// rateDigits is how many decimals an exchange rate keeps (the column is numeric(20, 10)).
const rateDigits = 10

// rateLimit is the first rate the exchange_rate column cannot hold (10 digits before the point).
var rateLimit = decimal.New(1, 10)

// Rule is how a campaign pays: a fraction of the order total ("percentage", 0.10 is 10%) or a fixed
// amount per order ("fixed"), in the campaign's currency.
type Rule struct {
	Type  string
	Value decimal.Decimal
}

// ExchangeRate is what one unit of from is worth in to, from RON-based rates (units of a currency
// that one leu buys), rounded to the digits a conversion stores. ok is false when either is unknown,
// or when the rate between them is not one a conversion can store (0 once rounded, or too large).
// The host's rates are bounded (currency.MinRate, MaxRate) so that every rate between two fits.
func ExchangeRate(ronRates map[string]decimal.Decimal, from, to string) (decimal.Decimal, bool) {
	if from == to {
		return decimal.NewFromInt(1), true
	}
	f, okFrom := ronRates[from]
	t, okTo := ronRates[to]
	if !okFrom || !okTo || !f.IsPositive() || !t.IsPositive() {
		return decimal.Decimal{}, false
	}
	rate := t.DivRound(f, rateDigits)
	if !rate.IsPositive() || !rate.LessThan(rateLimit) {
		return decimal.Decimal{}, false
	}
	return rate, true
}

// Commission is what an order earns under a rule: for a percentage, the order total converted at
// rate times the fraction; for a fixed rule, the amount itself. Rounded half-up to 2 decimals once,
// at the end, with every step before it exact. It never exceeds the order total converted at rate:
// a fixed amount or a fraction above 1 (a code's override) is capped at it.
func Commission(rule Rule, orderTotal, rate decimal.Decimal) decimal.Decimal {
	converted := orderTotal.Mul(rate)
	if rule.Type == "fixed" {
		return decimal.Min(rule.Value, converted).Round(2)
	}
	return decimal.Min(converted.Mul(rule.Value), converted).Round(2)
}

// WithinBudget caps a commission at what is left of a campaign's budget (nil: no budget).
func WithinBudget(commission decimal.Decimal, budget *decimal.Decimal, spent decimal.Decimal) decimal.Decimal {
	if budget == nil {
		return commission
	}
	left := budget.Sub(spent)
	if left.IsNegative() {
		left = decimal.Zero
	}
	return decimal.Min(commission, left)
}
