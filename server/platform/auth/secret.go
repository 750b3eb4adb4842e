package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"hash"
	"sync"
)

// RandomToken returns n random bytes, URL-safe base64 encoded.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is how one-time tokens are stored: their SHA-256.
func HashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// ShortHash is the first 16 hex digits of SHA-256 of s.
func ShortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// DeriveKey is the key for one purpose derived from the server's secret (JWT_SECRET): an HMAC of
// the purpose's name, so no two uses share a key and none reveals the secret.
func DeriveKey(secret []byte, purpose string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}

// IPHasher returns a function that hashes client addresses with a key derived from secret,
// so stored hashes can be compared but not reversed by trying every address. It runs on every
// click, so its HMAC states are pooled.
func IPHasher(secret []byte) func(ip string) string {
	key := DeriveKey(secret, "openaffiliate/ip-hash/v1")
	pool := sync.Pool{New: func() any { return hmac.New(sha256.New, key) }}
	return func(ip string) string {
		m := pool.Get().(hash.Hash)
		m.Reset()
		m.Write([]byte(ip))
		var sum [sha256.Size]byte
		out := hex.EncodeToString(m.Sum(sum[:0])[:16])
		pool.Put(m)
		return out
	}
}
