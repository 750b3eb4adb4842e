package domains

import (
	"errors"
	"net/url"
	"testing"
)

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"Shop.Example.com": "shop.example.com", " example.ro. ": "example.ro", "localhost": "localhost", "xn--caf-dma.ro": "xn--caf-dma.ro",
	} {
		if got, err := Normalize(in); err != nil || got != want {
			t.Errorf("Normalize(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "https://example.com", "example.com/path", "example.com:8080", "10.0.0.1", "-bad.com", "bad-.com", "exa mple.com", "single", "a..b", "under_score.com"} {
		if _, err := Normalize(bad); err == nil {
			t.Errorf("Normalize(%q) accepted", bad)
		}
	}
}

func TestCheckURL(t *testing.T) {
	allowed := []string{"example.com", "shop.ro"}
	for _, ok := range []string{"https://example.com", "http://www.example.com/p?q=1", "https://a.b.shop.ro/x#y", "https://EXAMPLE.com."} {
		if _, err := CheckURL(ok, allowed); err != nil {
			t.Errorf("CheckURL(%q): %v", ok, err)
		}
	}
	for bad, want := range map[string]error{
		"ftp://example.com":                    ErrInvalidURL,
		"example.com":                          ErrInvalidURL,
		"https://user:pw@example.com":          ErrInvalidURL,
		"https://notexample.com":               ErrNotOnDomains,
		"https://example.com.evil.io":          ErrNotOnDomains,
		"https://evil.io/?https://example.com": ErrNotOnDomains,
		"javascript:alert(1)":                  ErrInvalidURL,
	} {
		if _, err := CheckURL(bad, allowed); !errors.Is(err, want) {
			t.Errorf("CheckURL(%q) = %v, want %v", bad, err, want)
		}
	}
}

// FuzzCheckURL: an accepted URL is http(s), parses again to the same host, and that host is
// one of the allowed domains or below one.
func FuzzCheckURL(f *testing.F) {
	for _, seed := range []string{"https://example.com/x?y=1", "http://a.shop.ro", "https://example.com.evil.io", "https://evil.io/?https://example.com",
		"https://user@example.com", "https://[::1]/", "https://EXAMPLE.com.", "//example.com", "https://exa%6dple.com", "https://example.com:99999"} {
		f.Add(seed)
	}
	allowed := []string{"example.com", "shop.ro"}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := CheckURL(raw, allowed)
		if err != nil {
			return
		}
		if u.Scheme != "http" && u.Scheme != "https" {
			t.Fatalf("%q accepted with scheme %q", raw, u.Scheme)
		}
		again, err := url.Parse(u.String())
		if err != nil || again.Hostname() != u.Hostname() {
			t.Fatalf("%q -> %q does not round-trip", raw, u.String())
		}
		if !Allowed(u.Hostname(), allowed) {
			t.Fatalf("%q accepted off the allowed domains (host %q)", raw, u.Hostname())
		}
	})
}
