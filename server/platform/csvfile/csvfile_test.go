package csvfile_test

import (
	"testing"

	"github.com/openaffiliate/platform/server/platform/csvfile"
)

func TestCell(t *testing.T) {
	for in, want := range map[string]string{
		"":                "",
		"plain":           "plain",
		"12.50":           "12.50",
		"a+b@example.com": "a+b@example.com",
		"=1+1":            "'=1+1",
		"-2":              "'-2",
		"@SUM(A1)":        "'@SUM(A1)",
		"\tx":             "'\tx",
		"A;=2+2;":         "A;'=2+2;",
		"A,+1,@x;-y":      "A,'+1,'@x;'-y",
		"Pop, Ana; Ion":   "Pop, Ana; Ion",
		";=":              ";'=",
		"şă;=x":           "şă;'=x",
	} {
		if got := csvfile.Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}
