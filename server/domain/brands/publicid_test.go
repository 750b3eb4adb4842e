package brands

import (
	"strings"
	"testing"
)

// A public id's suffix is always five characters of its alphabet. Cutting five characters out of a
// base64 token with its '-' and '_' removed came up short about once in 15 000 sign-ups (a 500);
// 100 000 draws found that nearly every time.
func TestPublicSuffixIsAlwaysFiveCharacters(t *testing.T) {
	for range 100_000 {
		s := publicSuffix()
		if len(s) != 5 || strings.Trim(s, suffixAlphabet) != "" {
			t.Fatalf("suffix %q", s)
		}
	}
}

// A public id keeps a Romanian company name's letters without their marks (issue 33: "a brand id
// keeps Romanian letters transliterated, not dropped"): ă, â, î, ș, ț, with a comma or a cedilla.
func TestSlugKeepsRomanianLetters(t *testing.T) {
	for company, want := range map[string]string{
		"Cafeaua Bună SRL":                     "cafeaua-buna-srl",
		"Țesătoria Înaltă & Șnururi":           "tesatoria-inalta-snururi",
		"Ţară Şi Câmp (cedilla)":               "tara-si-camp-cedilla",
		"Crème Brûlée":                         "creme-brulee",
		"  ---  ":                              "brand",
		"Ă":                                    "brand",
		"Magazinul cu un nume foarte lung SRL": "magazinul-cu-un-nume-foarte-lu",
	} {
		if got := slugOf(company); got != want {
			t.Errorf("slugOf(%q) = %q, want %q", company, got, want)
		}
	}
}
