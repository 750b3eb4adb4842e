package webhooks

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// blockedPrefixes are the ranges besides Go's own private, loopback, link-local, multicast and
// unspecified ones that an endpoint may not reach: "this network", carrier-grade NAT, IETF
// protocol assignments, benchmarking, reserved and documentation; and every IPv6 range that
// carries an IPv4 address a relay or translator would reach for us (IPv4-compatible, SIIT's
// IPv4-translated, NAT64, 6to4, Teredo), whatever address it carries, with the discard-only and
// SRv6 ranges. IPv4-mapped addresses are judged as the IPv4 address they are (Blocked unmaps them).
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
	netip.MustParsePrefix("::/80"),           // IPv4-compatible (::a.b.c.d) and the rest of the reserved ::/8 start
	netip.MustParsePrefix("::ffff:0:0:0/96"), // IPv4-translated (SIIT)
	netip.MustParsePrefix("100::/64"),        // discard-only
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments, Teredo (2001::/32) among them
	netip.MustParsePrefix("2002::/16"),       // 6to4
	netip.MustParsePrefix("3fff::/20"),       // documentation
	netip.MustParsePrefix("5f00::/16"),       // SRv6 segment identifiers
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

// The only words an attempt's error shows (the contract's WebhookAttempt.error): the brand sees
// why its endpoint was not reached, never an address it resolved to nor the resolver's.
const (
	errAddressNotAllowed = "address not allowed"
	errNameNotResolved   = "name not resolved"
	errTimedOut          = "timed out"
	errConnRefused       = "connection refused"
	errTLS               = "TLS handshake failed"
	errConnFailed        = "connection failed"
)

// attemptError is what the log keeps of a request that got no answer: one of the fixed words above.
func attemptError(err error) string {
	var (
		refusedAddr *RefusedAddressError
		dnsErr      *net.DNSError
		netErr      net.Error
		certErr     *tls.CertificateVerificationError
		alertErr    tls.AlertError
		recordErr   tls.RecordHeaderError
		unknownCA   x509.UnknownAuthorityError
		hostErr     x509.HostnameError
		invalidCert x509.CertificateInvalidError
	)
	switch {
	case errors.As(err, &refusedAddr):
		return errAddressNotAllowed
	case errors.As(err, &dnsErr):
		return errNameNotResolved
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		return errTimedOut
	case errors.Is(err, syscall.ECONNREFUSED):
		return errConnRefused
	case errors.As(err, &certErr) || errors.As(err, &alertErr) || errors.As(err, &recordErr) || errors.As(err, &unknownCA) ||
		errors.As(err, &hostErr) || errors.As(err, &invalidCert) || strings.Contains(err.Error(), "tls: "):
		return errTLS
	}
	return errConnFailed
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
// (http too when private targets are allowed), with credentials, a fragment, spaces or control
// characters, a port outside 1 to 65535, a host that is not a plain DNS name or IP address (an
// IPv4 address in a short or numeric form such as 127.1, which resolvers read as an address), or,
// unless private targets are allowed, naming a local host or a blocked address. Names are
// resolved only when delivering, where the dialer checks the address again.
func CheckURL(raw string, allowPrivate bool) error {
	invalid := func(msg string) error { return apierror.Invalid("url", "format", msg) }
	if raw == "" || len(raw) > 2000 {
		return invalid("The URL is required, at most 2000 characters")
	}
	if strings.IndexFunc(raw, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return invalid("The URL may not contain spaces or control characters (write a space as %20)")
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
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return invalid("The URL's port must be a number from 1 to 65535")
		}
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	ip, err := netip.ParseAddr(host)
	if err != nil && !hostName(host) {
		return invalid("The URL must name a host (letters, digits and dashes between dots) or an IP address written in full")
	}
	if allowPrivate {
		return nil
	}
	if err == nil {
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

// hostName reports whether host is a DNS name: ASCII labels of letters, digits, dashes and
// underscores, the last not a number (WHATWG's URL parser, and resolvers, read a host that ends
// in a number as an IPv4 address, so 127.1 or 2130706433 would be 127.0.0.1).
func hostName(host string) bool {
	if host == "" || len(host) > 253 {
		return false
	}
	labels := strings.Split(host, ".")
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, r := range l {
			allowed := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_'
			if !allowed {
				return false
			}
		}
	}
	last := labels[len(labels)-1]
	numeric := strings.TrimLeft(last, "0123456789") == "" ||
		(strings.HasPrefix(last, "0x") && strings.TrimLeft(last[2:], "0123456789abcdef") == "")
	return !numeric
}

// refused says whether err is a connection the dialer refused.
func refused(err error) bool {
	var r *RefusedAddressError
	return errors.As(err, &r)
}
