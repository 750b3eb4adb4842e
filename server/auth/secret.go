package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
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

// IPHasher returns a function that hashes client addresses with a key derived from secret,
// so stored hashes can be compared but not reversed by trying every address.
func IPHasher(secret []byte) func(ip string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("openaffiliate/ip-hash/v1"))
	key := mac.Sum(nil)
	return func(ip string) string {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(ip))
		return hex.EncodeToString(m.Sum(nil)[:16])
	}
}
