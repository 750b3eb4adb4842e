package servertest

import (
	"context"
	"net"
	"strings"
	"sync"
)

// FakeDNS answers the server's lookups of tracking domains' CNAME records from records a test sets,
// so no test depends on the network's DNS.
type FakeDNS struct {
	mu      sync.Mutex
	records map[string]string // host name -> canonical name
	failing map[string]bool
}

// NewFakeDNS makes a resolver that knows no name.
func NewFakeDNS() *FakeDNS {
	return &FakeDNS{records: map[string]string{}, failing: map[string]bool{}}
}

// SetCNAME points host at target; an empty target removes the record.
func (d *FakeDNS) SetCNAME(host, target string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.failing, host)
	if target == "" {
		delete(d.records, host)
		return
	}
	d.records[host] = strings.TrimSuffix(target, ".")
}

// Fail makes lookups of host fail as a DNS server that does not answer would.
func (d *FakeDNS) Fail(host string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.failing[host] = true
}

// LookupCNAME answers as net.Resolver does: the canonical name with a final dot, or a not-found error.
func (d *FakeDNS) LookupCNAME(_ context.Context, host string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	host = strings.TrimSuffix(host, ".")
	if d.failing[host] {
		return "", &net.DNSError{Err: "i/o timeout", Name: host, IsTimeout: true}
	}
	target, ok := d.records[host]
	if !ok {
		return "", &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return target + ".", nil
}
