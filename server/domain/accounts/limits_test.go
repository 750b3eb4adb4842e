package accounts

import (
	"testing"
	"time"
)

func TestAddressGroup(t *testing.T) {
	for ip, want := range map[string]string{
		"198.51.100.4":                     "198.51.100.4",
		"::ffff:198.51.100.4":              "198.51.100.4",
		"2001:db8:1:2::1":                  "2001:db8:1:2::/64",
		"2001:db8:1:2:aaaa:bbbb:cccc:dddd": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":                  "2001:db8:1:3::/64",
		"not an address":                   "not an address",
	} {
		if got := AddressGroup(ip); got != want {
			t.Errorf("AddressGroup(%q) = %q, want %q", ip, got, want)
		}
	}
}

func TestBackoffDoublesUpToItsMax(t *testing.T) {
	l := DefaultLimits
	for hits, want := range map[int]time.Duration{5: 5 * time.Second, 6: 10 * time.Second, 8: 40 * time.Second, 10: 160 * time.Second, 11: 3 * time.Minute, 500: 3 * time.Minute} {
		if got := l.wait(hits, l.LoginPerEmail); got != want {
			t.Errorf("after %d failures: wait %v, want %v", hits, got, want)
		}
	}
}
