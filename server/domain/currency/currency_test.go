package currency

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestRebase(t *testing.T) {
	ron := map[string]decimal.Decimal{
		"RON": decimal.RequireFromString("1"),
		"EUR": decimal.RequireFromString("0.2010"),
		"USD": decimal.RequireFromString("0.2180"),
	}
	got, err := Rebase(ron, "EUR")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"EUR": "1", "RON": "4.9751243781", "USD": "1.0845771144"}
	for code, w := range want {
		if got[code].String() != w {
			t.Errorf("%s: got %s, want %s", code, got[code], w)
		}
	}
	same, _ := Rebase(ron, "RON")
	if !same["EUR"].Equal(ron["EUR"]) {
		t.Errorf("RON base changed the rates: %v", same)
	}
	if _, err := Rebase(ron, "GBP"); err == nil {
		t.Error("an unknown base was accepted")
	}
}
