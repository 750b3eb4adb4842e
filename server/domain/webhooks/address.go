package webhooks

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// blockedPrefixes are the ranges besides Go's own private, loopback, link-local, multicast and
// unspecified ones that an endpoint may not reach: "this network", carrier-grade NAT, IETF
// protocol assignments, benchmarking, reserved, NAT64 (which can map to any IPv4 address), and
// documentation.
var blockedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001:db8::/32"),
}

// Blocked says whether an address is one no endpoint may reach (loopback, private, link-local,
// carrier-grade NAT, multicast, unspecified and the reserved ranges).
func Blocked(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || !ip.IsGlobalUnicast() || ip.IsPrivate() {
		return true
	}
	for _, p := range blockedPrefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// RefusedAddressError is a connection refused before it was made: the address is not allowed.
type RefusedAddressError struct{ IP netip.Addr }

func (e *RefusedAddressError) Error() string {
	return fmt.Sprintf("address %s is not allowed (loopback, private, link-local or reserved)", e.IP)
}

// dialer checks the address each connection is actually made to, after DNS resolution, so a name
// that resolves (or re-resolves) to a private address is refused.
func dialer(allowPrivate bool) *net.Dialer {
	return &net.Dialer{
		Timeout: 5 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			if allowPrivate {
				return nil
			}
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			ip, err := netip.ParseAddr(host)
			if err != nil {
				return err
			}
			if Blocked(ip) {
				return &RefusedAddressError{IP: ip}
			}
			return nil
		},
	}
}

// CheckURL refuses, when an endpoint is saved, a URL the platform would never call: not https
// (http too when private targets are allowed), with credentials, or naming a local host or a
// blocked address. Names are resolved only when delivering.
func CheckURL(raw string, allowPrivate bool) error {
	invalid := func(msg string) error { return apierror.Invalid("url", "format", msg) }
	if raw == "" || len(raw) > 2000 {
		return invalid("The URL is required, at most 2000 characters")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return invalid("The URL is not a valid absolute URL")
	}
	if u.Scheme != "https" && (!allowPrivate || u.Scheme != "http") {
		return invalid("The URL must start with https://")
	}
	if u.User != nil {
		return invalid("The URL may not hold a user name or password")
	}
	if u.Fragment != "" {
		return invalid("The URL may not hold a fragment (#)")
	}
	if allowPrivate {
		return nil
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if ip, err := netip.ParseAddr(host); err == nil {
		if Blocked(ip) {
			return invalid("The URL points at a loopback, private or reserved address")
		}
		return nil
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasSuffix(host, ".local") ||
		strings.HasSuffix(host, ".internal") || !strings.Contains(host, ".") {
		return invalid("The URL must name a public host")
	}
	return nil
}

// refused says whether err is a connection the dialer refused.
func refused(err error) bool {
	var r *RefusedAddressError
	return errors.As(err, &r)
}
