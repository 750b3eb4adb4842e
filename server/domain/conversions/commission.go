package conversions

import (
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/domain/campaigns"
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

// Line is one line of an order as its source reports it: what it sold (any of its ids), how many,
// and its amount after discounts in the order's currency.
type Line struct {
	ProductID  string
	SKU        string
	Categories []string
	PriceID    string
	Quantity   int
	Amount     decimal.Decimal
}

// Rules are the rates one order earns by (docs/product.md §6.1): Base for the part of the order no
// product rate matches (the campaign's rule, a tier's value, or a code's override, which also
// leaves Products empty) and the campaign's product rates, the first that matches a line winning.
type Rules struct {
	Base     Rule
	Products []campaigns.ProductRate
}

// LineEarning is what one line earned: the product rate it matched (nil when none: it earns
// within the rest of the order) and that rate's exact commission, in the campaign's currency.
type LineEarning struct {
	Rate       *campaigns.ProductRate
	Commission decimal.Decimal
}

// Earn is what an order earns under rules, before the budget: each line a product rate matches
// earns that rate (a percentage of the line's amount converted at rate, or a fixed amount per
// unit); the rest of the base (the base less the matched lines' amounts, never below 0) earns the
// base rule as Commission computes it. The sum is exact, capped at the base converted at rate, and
// rounded half-up to 2 decimals once, at the end. Without lines it is Commission(rules.Base, ...).
func Earn(rules Rules, base decimal.Decimal, lines []Line, rate decimal.Decimal) (decimal.Decimal, []LineEarning) {
	earned := make([]LineEarning, len(lines))
	sum, matched := decimal.Zero, decimal.Zero
	for i, l := range lines {
		for j := range rules.Products {
			p := &rules.Products[j]
			if !p.Matches(l.ProductID, l.SKU, l.PriceID, l.Categories) {
				continue
			}
			c := p.Value.Mul(decimal.NewFromInt(int64(l.Quantity)))
			if p.Type == "percentage" {
				c = l.Amount.Mul(rate).Mul(p.Value)
			}
			earned[i] = LineEarning{Rate: p, Commission: c}
			sum, matched = sum.Add(c), matched.Add(l.Amount)
			break
		}
	}
	converted := base.Mul(rate)
	rest := decimal.Max(base.Sub(matched), decimal.Zero).Mul(rate)
	if rules.Base.Type == "fixed" {
		sum = sum.Add(decimal.Min(rules.Base.Value, rest))
	} else {
		sum = sum.Add(rest.Mul(rules.Base.Value))
	}
	return decimal.Min(sum, converted).Round(2), earned
}
