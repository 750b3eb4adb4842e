// Package written writes values in messages the way the interface writes them (docs/i18n.md):
// money by its currency's one rule (docs/product.md §8), whatever the reader's language, and days
// in the reader's language. Mail bodies and subjects use it, so a mail reads like the screens.
package written

import (
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/server/platform/amount"
)

// Money is an amount with two decimals as formatAmount writes it in the interface: RON as ro-RO
// (1.234,56 RON), EUR as de-DE (1.234,56 €), USD as en-US ($1,234.56), any other currency as en-US
// with its code (CHF 1,234.56).
func Money(d decimal.Decimal, currency string) string {
	switch currency {
	case "RON":
		return grouped(d, ".", ",") + "\u00a0RON"
	case "EUR":
		return grouped(d, ".", ",") + "\u00a0€"
	case "USD":
		if d.IsNegative() {
			return "-$" + grouped(d.Neg(), ",", ".")
		}
		return "$" + grouped(d, ",", ".")
	}
	return currency + "\u00a0" + grouped(d, ",", ".")
}

// grouped writes d rounded half away from zero to two decimals, its whole part in groups of three
// joined by thousands, and mark before the decimals.
func grouped(d decimal.Decimal, thousands, mark string) string {
	s := amount.Format(d)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, decimals, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(thousands)
		}
		b.WriteRune(r)
	}
	return sign + b.String() + mark + decimals
}

var monthsRo = [...]string{"ian.", "feb.", "mar.", "apr.", "mai", "iun.", "iul.", "aug.", "sept.", "oct.", "nov.", "dec."}

// Day is a calendar day as formatDay writes it: "23 nov. 2026" in Romanian, "Nov 23, 2026" in
// English (any other language reads Romanian, the default).
func Day(t time.Time, lang string) string {
	if lang == "en" {
		return t.Format("Jan 2, 2006")
	}
	return t.Format("2") + " " + monthsRo[t.Month()-1] + " " + t.Format("2006")
}
