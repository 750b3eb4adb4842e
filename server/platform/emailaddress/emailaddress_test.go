package emailaddress_test

import (
	"strings"
	"testing"

	"github.com/openaffiliate/platform/server/platform/emailaddress"
)

func TestValid(t *testing.T) {
	for _, ok := range []string{"ana@example.com", "o'neil+tag@mail.example.ro", "A.B-c_d@sub-1.example.co.uk", "x@a.io"} {
		if !emailaddress.Valid(ok) {
			t.Errorf("%q refused", ok)
		}
	}
	for _, bad := range []string{
		"", "ü-x@bücher.de", "x@bücher.de", "ü@example.com", "a b@example.com", "x@example", "x@-example.com",
		"x@example-.com", ".x@example.com", "x.@example.com", "x..y@example.com", "Ana <x@example.com>", "x@@example.com",
		" x@example.com", "x@example.com ", "x@" + strings.Repeat("a", 64) + ".com", strings.Repeat("a", 250) + "@ex.com",
	} {
		if emailaddress.Valid(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
