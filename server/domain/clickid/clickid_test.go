package clickid

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

func newClaims(t *testing.T) Claims {
	t.Helper()
	click, err := uuid.NewV7()
	if err != nil {
		t.Fatal(err)
	}
	return Claims{Click: click, Link: uuid.New()}
}

// An id reads back as what it was made of, with the click's time, and is safe in a query string.
func TestRoundTrip(t *testing.T) {
	s := NewSigner([]byte("server-secret-server-secret-0123"))
	before := time.Now().Add(-time.Millisecond)
	c := newClaims(t)
	c.Bot = true
	id := s.Make(c)
	if len(id) != Len || strings.Trim(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		t.Fatalf("id %q: want %d characters of base64url", id, Len)
	}
	got, ok := s.Read(id)
	if !ok || got != c {
		t.Fatalf("Read(Make(%v)) = %v, %v", c, got, ok)
	}
	if at := got.At(); at.Before(before.Truncate(time.Millisecond)) || at.After(time.Now()) {
		t.Fatalf("At() = %v, want about now", at)
	}
}

// Forged, altered, truncated, padded and other-key ids read as nothing.
func TestRefusesWhatItDidNotMake(t *testing.T) {
	s := NewSigner([]byte("server-secret-server-secret-0123"))
	other := NewSigner([]byte("another-secret-another-secret-01"))
	c := newClaims(t)
	id := s.Make(c)
	flip := func(i int) string {
		b := []byte(id)
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
		return string(b)
	}
	refused := map[string]string{
		"empty":           "",
		"a bare uuid":     c.Click.String(),
		"truncated":       id[:Len-1],
		"one more":        id + "A",
		"padded":          id + "==",
		"other key":       other.Make(c),
		"not base64":      strings.Repeat("!", Len),
		"first altered":   flip(0),
		"link altered":    flip(30),
		"tag altered":     flip(Len - 1),
		"standard base64": strings.NewReplacer("-", "+", "_", "/").Replace(id),
	}
	if !strings.ContainsAny(id, "-_") {
		delete(refused, "standard base64")
	}
	for name, bad := range refused {
		if got, ok := s.Read(bad); ok {
			t.Errorf("%s (%q) read as %v", name, bad, got)
		}
	}
	// A v4 click id is not one the redirect makes, even when signed.
	if _, ok := s.Read(s.Make(Claims{Click: uuid.New(), Link: c.Link})); ok {
		t.Error("a signed id with a UUIDv4 click read as valid")
	}
}

func FuzzRead(f *testing.F) {
	s := NewSigner([]byte("server-secret-server-secret-0123"))
	f.Add(s.Make(Claims{Click: uuid.Must(uuid.NewV7()), Link: uuid.New()}))
	f.Add("")
	f.Add(strings.Repeat("A", Len))
	f.Fuzz(func(t *testing.T, id string) {
		c, ok := s.Read(id)
		if ok && s.Make(c) != id {
			t.Fatalf("%q read as %v, which makes another id", id, c)
		}
	})
}

// Making an id is on every redirect: one allocation (the string), and reading allocates none.
func TestAllocations(t *testing.T) {
	s := NewSigner([]byte("server-secret-server-secret-0123"))
	c := newClaims(t)
	id := s.Make(c)
	if n := testing.AllocsPerRun(100, func() { _ = s.Make(c) }); n > 1 {
		t.Errorf("Make allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = s.Read(id) }); n > 0 {
		t.Errorf("Read allocates %v times", n)
	}
}
