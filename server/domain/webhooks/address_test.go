package webhooks

import (
	"net/netip"
	"testing"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// Every range the brief names is blocked, public addresses are not, and an IPv4 address written
// as IPv6 is judged as itself.
func TestBlocked(t *testing.T) {
	for _, a := range []string{"127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1",
		"100.127.255.254", "224.0.0.1", "0.0.0.0", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd12::1",
		"ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "198.18.0.1", "240.0.0.1"} {
		if !Blocked(netip.MustParseAddr(a)) {
			t.Errorf("%s is not blocked", a)
		}
	}
	for _, a := range []string{"93.184.216.34", "1.1.1.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"} {
		if Blocked(netip.MustParseAddr(a)) {
			t.Errorf("%s is blocked", a)
		}
	}
}

// At creation: https to a public host only, unless private targets are allowed.
func TestCheckURL(t *testing.T) {
	for _, u := range []string{"https://hooks.example.com/in", "https://hooks.example.com:8443/in?x=1", "https://93.184.216.34/in"} {
		if err := CheckURL(u, false); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
	for _, u := range []string{"", "http://hooks.example.com/", "ftp://hooks.example.com/", "https://127.0.0.1/", "https://[::1]/",
		"https://localhost/", "https://printer.local/", "https://intranet/", "https://a:b@hooks.example.com/", "https://hooks.example.com/#x",
		"https://10.0.0.1/", "https://[::ffff:192.168.0.1]/", "/relative"} {
		if err := CheckURL(u, false); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
	if err := CheckURL("http://127.0.0.1:8080/hook", true); err != nil {
		t.Errorf("with private targets allowed: %v", err)
	}
}

// Addresses that carry an IPv4 address inside IPv6 (IPv4-compatible, 6to4, Teredo, NAT64) and the
// other special IPv6 ranges are blocked whatever they carry: none is a webhook receiver's.
func TestBlockedEmbeddedAndSpecialIPv6(t *testing.T) {
	for _, a := range []string{"::7f00:1", "::a00:1", "::808:808", "2002:7f00:1::", "2002:a00:1::1", "2002:808:808::1",
		"2001:0:4136:e378:8000:63bf:3fff:fdd2", "64:ff9b::7f00:1", "64:ff9b:1::a00:1", "100::1", "2001:db8::1", "3fff::1",
		"5f00::1", "::ffff:0:7f00:1"} {
		if !Blocked(netip.MustParseAddr(a)) {
			t.Errorf("%s is not blocked", a)
		}
	}
}

// When saved, a URL is refused for what it says, not only when delivered: an IPv4 address in a
// short or numeric form, an IPv6 address that carries a blocked one, a port out of range, and
// spaces or control characters anywhere; each refusal names the url field.
func TestCheckURLRefusesWhatDeliveryWouldRefuse(t *testing.T) {
	for _, u := range []string{"https://[::7f00:1]/in", "https://[2002:7f00:1::]/in", "https://[2002:808:808::1]/in", "https://127.1/in",
		"https://0x7f.0.0.1/in", "https://2130706433/in", "https://0177.0.0.1/in", "https://127.0.0.01/in", "https://hooks.example.123/in",
		"https://hooks.example.com:0/in", "https://hooks.example.com:65536/in", "https://hooks.example.com:99999999999/in",
		"https://hooks.example.com/a b", "https://hooks.example.com/a\nb", "https://hooks.example.com/in\n", " https://hooks.example.com/in",
		"https://hooks.example.com/in\t", "https://hooks.example.com/a\u00a0b", "https://hooks.example.com/a\x7fb", "https://hooks..example.com/in",
		"https://[64:ff9b::a00:1]/in", "https://[::ffff:7f00:1]/in"} {
		err := CheckURL(u, false)
		if e, ok := apierror.From(err); !ok || e.Status != 400 || len(e.Details) != 1 || e.Details[0].Field != "url" {
			t.Errorf("%q: %v, want 400 naming url", u, err)
		}
	}
	for _, u := range []string{"https://hooks.example.com:443/in", "https://hooks.example.com:65535/in", "https://8.8.8.8/in",
		"https://[2606:4700:4700::1111]/in", "https://xn--bcher-kva.example/in", "https://hooks.example.com/a%20b"} {
		if err := CheckURL(u, false); err != nil {
			t.Errorf("%q refused: %v", u, err)
		}
	}
	// Even where private targets are allowed (development), the URL itself must be well formed.
	for _, u := range []string{"http://127.0.0.1:0/hook", "http://localhost/a b", "http://127.1:8080/hook"} {
		if err := CheckURL(u, true); err == nil {
			t.Errorf("%q accepted with private targets allowed", u)
		}
	}
}
