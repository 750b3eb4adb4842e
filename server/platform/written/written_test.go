package written

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// The cases are what the interface's formatAmount and formatDay write (docs/i18n.md).
func TestMoney(t *testing.T) {
	for _, c := range []struct{ amount, currency, want string }{
		{"44.75", "RON", "44,75\u00a0RON"},
		{"1234.5", "RON", "1.234,50\u00a0RON"},
		{"1234567.891", "EUR", "1.234.567,89\u00a0€"},
		{"0", "EUR", "0,00\u00a0€"},
		{"999.995", "USD", "$1,000.00"},
		{"-12.5", "USD", "-$12.50"},
		{"-1234.5", "RON", "-1.234,50\u00a0RON"},
		{"100", "CHF", "CHF\u00a0100.00"},
	} {
		if got := Money(decimal.RequireFromString(c.amount), c.currency); got != c.want {
			t.Errorf("Money(%s, %s) = %q, want %q", c.amount, c.currency, got, c.want)
		}
	}
}

func TestDay(t *testing.T) {
	for _, c := range []struct {
		day  time.Time
		lang string
		want string
	}{
		{time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "ro", "23 nov. 2026"},
		{time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC), "ro", "1 sept. 2026"},
		{time.Date(2026, 5, 7, 0, 0, 0, 0, time.UTC), "ro", "7 mai 2026"},
		{time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "en", "Nov 23, 2026"},
	} {
		if got := Day(c.day, c.lang); got != c.want {
			t.Errorf("Day(%s, %s) = %q, want %q", c.day.Format(time.DateOnly), c.lang, got, c.want)
		}
	}
}
