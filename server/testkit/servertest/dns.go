package servertest

import (
	"context"
	"net"
	"strings"
	"sync"
)

// FakeDNS answers the server's lookups of tracking domains' records (CNAME, TXT and addresses) from
// records a test sets, so no test depends on the network's DNS.
type FakeDNS struct {
	mu      sync.Mutex
	records map[string]string   // host name -> canonical name
	txt     map[string][]string // name -> TXT records
	addrs   map[string][]string // host name -> addresses
	failing map[string]bool
}

// NewFakeDNS makes a resolver that knows no name.
func NewFakeDNS() *FakeDNS {
	return &FakeDNS{records: map[string]string{}, txt: map[string][]string{}, addrs: map[string][]string{}, failing: map[string]bool{}}
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

// SetTXT gives name these TXT records; none removes them.
func (d *FakeDNS) SetTXT(name string, values ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.failing, name)
	if len(values) == 0 {
		delete(d.txt, name)
		return
	}
	d.txt[name] = values
}

// SetAddrs gives host these addresses; none removes them.
func (d *FakeDNS) SetAddrs(host string, addrs ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(addrs) == 0 {
		delete(d.addrs, host)
		return
	}
	d.addrs[host] = addrs
}

// Fail makes lookups of host (and of its TXT name) fail as a DNS server that does not answer would.
func (d *FakeDNS) Fail(host string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.failing[host] = true
}

func timeout(name string) error {
	return &net.DNSError{Err: "i/o timeout", Name: name, IsTimeout: true}
}

func notFound(name string) error {
	return &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

// LookupCNAME answers as net.Resolver does: the canonical name with a final dot, or a not-found error.
func (d *FakeDNS) LookupCNAME(_ context.Context, host string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	host = strings.TrimSuffix(host, ".")
	if d.failing[host] {
		return "", timeout(host)
	}
	target, ok := d.records[host]
	if !ok {
		return "", notFound(host)
	}
	return target + ".", nil
}

// LookupTXT answers a name's TXT records, or a not-found error.
func (d *FakeDNS) LookupTXT(_ context.Context, name string) ([]string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	name = strings.TrimSuffix(name, ".")
	if d.failing[name] || d.failing[strings.TrimPrefix(name, "_openaffiliate.")] {
		return nil, timeout(name)
	}
	values, ok := d.txt[name]
	if !ok {
		return nil, notFound(name)
	}
	return append([]string(nil), values...), nil
}

// LookupHost answers a host's addresses, following its CNAME records, or a not-found error.
func (d *FakeDNS) LookupHost(_ context.Context, host string) ([]string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	host = strings.TrimSuffix(host, ".")
	for range 8 {
		if d.failing[host] {
			return nil, timeout(host)
		}
		if a, ok := d.addrs[host]; ok {
			return append([]string(nil), a...), nil
		}
		next, ok := d.records[host]
		if !ok {
			break
		}
		host = next
	}
	return nil, notFound(host)
}
