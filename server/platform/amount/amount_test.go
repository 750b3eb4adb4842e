package amount

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestFormat(t *testing.T) {
	for in, want := range map[string]string{
		"0":               "0.00",
		"12.5":            "12.50",
		"12.50":           "12.50",
		"1.005":           "1.01",
		"-1.005":          "-1.01",
		"-0.004":          "0.00",
		"0.125":           "0.13",
		"999999999999.99": "999999999999.99",
		"1e3":             "1000.00",
		"33.3333333":      "33.33",
	} {
		if got := Format(decimal.RequireFromString(in)); got != want {
			t.Errorf("Format(%s) = %q, want %q", in, got, want)
		}
	}
}
