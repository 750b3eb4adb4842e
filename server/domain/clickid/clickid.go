// Package clickid makes and reads the click ids the redirect adds to a destination (aff_click):
// the click's id and its link's, signed with a key derived from the server's secret. An order is
// attributed from the id alone when the click's row was never written (a crash lost the redirect's
// buffer); a forged, altered or truncated id, or one signed with another key, reads as nothing.
// The stored rows remain the source of counts and analytics.
package clickid

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"hash"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/server/platform/auth"
)

// An id is a version byte, a flags byte, the click's UUID, the link's UUID and a truncated
// HMAC-SHA256 tag of the rest (96 bits: forging one takes 2^95 tries on average, each a request
// the server answers).
const (
	version = 1
	flagBot = 1 << 0
	tagSize = 12
	rawSize = 2 + 16 + 16 + tagSize
)

// Len is the length of an id's text (unpadded base64url, 4 characters per 3 bytes): 62 characters.
const Len = (rawSize*4 + 2) / 3

// Claims is what an id carries.
type Claims struct {
	Click uuid.UUID // the click's row id, a UUIDv7
	Link  uuid.UUID
	Bot   bool // the click came from a known bot (it never attributes)
}

// At is when the click was made: the millisecond in its UUIDv7.
func (c Claims) At() time.Time {
	var ms int64
	for _, b := range c.Click[:6] { // 48 bits, big-endian
		ms = ms<<8 | int64(b)
	}
	return time.UnixMilli(ms).UTC()
}

// Signer makes and reads ids with one key; it is safe for concurrent use.
type Signer struct {
	states sync.Pool // of *state: a MAC and its buffers, so neither making nor reading an id allocates them
}

type state struct {
	mac  hash.Hash
	raw  [rawSize]byte
	sum  [sha256.Size]byte
	text [Len]byte
}

// NewSigner derives the ids' key from the server's secret (JWT_SECRET): rotating the secret makes
// the ids handed out before unreadable, so their orders attribute only through the click rows.
func NewSigner(secret []byte) *Signer {
	key := auth.DeriveKey(secret, "openaffiliate/click-id/v1")
	return &Signer{states: sync.Pool{New: func() any { return &state{mac: hmac.New(sha256.New, key)} }}}
}

// tag computes the tag of st.raw's first bytes into st.sum.
func (st *state) tag() []byte {
	st.mac.Reset()
	st.mac.Write(st.raw[:rawSize-tagSize])
	return st.mac.Sum(st.sum[:0])[:tagSize]
}

// Make answers the id of a click.
func (s *Signer) Make(c Claims) string {
	st := s.states.Get().(*state)
	defer s.states.Put(st)
	st.raw[0], st.raw[1] = version, 0
	if c.Bot {
		st.raw[1] = flagBot
	}
	copy(st.raw[2:18], c.Click[:])
	copy(st.raw[18:34], c.Link[:])
	copy(st.raw[34:], st.tag())
	base64.RawURLEncoding.Encode(st.text[:], st.raw[:])
	return string(st.text[:])
}

// Read answers what an id carries, and false for anything this signer did not make.
func (s *Signer) Read(id string) (Claims, bool) {
	if len(id) != Len {
		return Claims{}, false
	}
	st := s.states.Get().(*state)
	defer s.states.Put(st)
	copy(st.text[:], id)
	if n, err := base64.RawURLEncoding.Strict().Decode(st.raw[:], st.text[:]); err != nil || n != rawSize ||
		st.raw[0] != version || st.raw[1]&^flagBot != 0 {
		return Claims{}, false
	}
	if !hmac.Equal(st.tag(), st.raw[rawSize-tagSize:]) {
		return Claims{}, false
	}
	c := Claims{Bot: st.raw[1]&flagBot != 0}
	copy(c.Click[:], st.raw[2:18])
	copy(c.Link[:], st.raw[18:34])
	if c.Click.Version() != 7 {
		return Claims{}, false
	}
	return c, true
}
