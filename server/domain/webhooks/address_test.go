package webhooks

import (
	"net/netip"
	"testing"
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
