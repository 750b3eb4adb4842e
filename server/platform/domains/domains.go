// Package domains checks brands' allowed destination domains: host names a brand owns, against
// which campaign homepages and tracking-link destinations are matched.
package domains

import (
	"errors"
	"net"
	"net/url"
	"strings"
)

// ErrInvalidDomain is a host name that is not a plain DNS name.
var ErrInvalidDomain = errors.New("invalid domain")

// Normalize lower-cases a host name and checks it is a DNS name (labels of letters, digits and
// inner dashes) or localhost; it refuses schemes, paths, ports and IP addresses.
func Normalize(raw string) (string, error) {
	d := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(raw)), ".")
	if d == "" || len(d) > 253 {
		return "", ErrInvalidDomain
	}
	if net.ParseIP(d) != nil {
		return "", ErrInvalidDomain
	}
	labels := strings.Split(d, ".")
	if len(labels) < 2 && d != "localhost" {
		return "", ErrInvalidDomain
	}
	for _, l := range labels {
		if !validLabel(l) {
			return "", ErrInvalidDomain
		}
	}
	return d, nil
}

// FromSite is the host name of what a person types for their shop: a host name
// (shop.example.com) or its http(s) address (https://shop.example.com/); see Normalize.
func FromSite(raw string) (string, error) {
	text := strings.TrimSpace(raw)
	if strings.Contains(text, "://") {
		u, err := url.Parse(text)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Port() != "" {
			return "", ErrInvalidDomain
		}
		text = u.Hostname()
	}
	return Normalize(text)
}

func validLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for _, r := range l {
		allowed := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-'
		if !allowed {
			return false
		}
	}
	return true
}

// Allowed reports whether host is one of the domains or a subdomain of one.
func Allowed(host string, allowed []string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	for _, d := range allowed {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// URL problems, distinct so the UI can show the fixed message for each (docs/product.md §1).
var (
	ErrInvalidURL   = errors.New("enter a valid URL")
	ErrNotOnDomains = errors.New("destination must be on the brand's domain")
)

// CheckURL parses an absolute http(s) URL and checks its host is a domain (ErrInvalidDomain)
// on the allowed domains (ErrNotOnDomains).
func CheckURL(raw string, allowed []string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return nil, ErrInvalidURL
	}
	host := u.Hostname()
	if _, err := Normalize(host); err != nil {
		return nil, ErrInvalidDomain
	}
	if !Allowed(host, allowed) {
		return nil, ErrNotOnDomains
	}
	return u, nil
}
