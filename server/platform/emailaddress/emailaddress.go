// Package emailaddress is the one rule for the email addresses the platform keeps: the
// contract's `format: email`, checked by the request validator and by the services that store one.
package emailaddress

import "regexp"

// MaxLength is the longest address kept (RFC 5321's path limit less its angle brackets).
const MaxLength = 254

// pattern is an address as RFC 5321 writes it, in ASCII: a dot-atom local part, `@`, and a host
// name of at least two labels of letters, digits and inner hyphens. It is the common strict
// reading of `format: email` (ajv-formats), so what the server keeps passes clients' validators;
// internationalized addresses (`idn-email`) are refused.
var pattern = regexp.MustCompile("^(?i)[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*" +
	`@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`)

// Valid reports whether s is an address the contract's `format: email` accepts.
func Valid(s string) bool {
	return len(s) <= MaxLength && pattern.MatchString(s)
}
