package conversions

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestRefundedCommission: a refund scales the commission as it is now by what is left of the
// unrefunded part, never raises it, and never takes back more than it has.
func TestRefundedCommission(t *testing.T) {
	d := decimal.RequireFromString
	for _, tc := range []struct {
		commission, total, before, after, want string
	}{
		{"19.90", "199.00", "0", "99.50", "9.95"},    // half of the order, half of the commission
		{"9.95", "199.00", "99.50", "199.00", "0"},   // the rest: nothing left
		{"0.00", "199.00", "0", "99.50", "0"},        // set to 0 by hand: stays 0
		{"5.00", "199.00", "0", "99.50", "2.50"},     // raised by hand to 5: half of 5
		{"5.00", "199.00", "99.50", "99.50", "5.00"}, // nothing more refunded: unchanged
		{"2.50", "199.00", "99.50", "149.25", "1.25"},
		{"0.01", "3.00", "0", "1.00", "0.01"}, // 0.0067 rounds half-up to 0.01, never above the commission
		{"10.00", "0", "0", "0", "0"},         // an order of 0: nothing to keep a share of
		{"10.00", "100.00", "100.00", "100.00", "0"},
	} {
		got := RefundedCommission(d(tc.commission), d(tc.total), d(tc.before), d(tc.after))
		if !got.Equal(d(tc.want)) {
			t.Errorf("%s of %s refunded %s -> %s: got %s, want %s", tc.commission, tc.total, tc.before, tc.after, got, tc.want)
		}
		if got.GreaterThan(d(tc.commission)) || got.IsNegative() {
			t.Errorf("%s became %s", tc.commission, got)
		}
	}
}
