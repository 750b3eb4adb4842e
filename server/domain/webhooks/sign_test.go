package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// The signature is what the Standard Webhooks text says, computed here on its own: the secret's
// base64 part after whsec_ is decoded to the key, the content is "{id}.{timestamp}.{body}", the
// signature "v1," and the base64 HMAC-SHA256; several secrets give space-separated signatures.
func TestSignFollowsTheSpecification(t *testing.T) {
	key := []byte("a key of thirty-two bytes, made!")
	secret := "whsec_" + base64.StdEncoding.EncodeToString(key)
	other := newSecret()
	body := []byte(`{"type":"webhook.test","timestamp":"2026-11-26T15:00:00Z","data":{}}`)
	got, err := Sign([]string{secret, other}, "msg_1", 1764169200, body)
	if err != nil {
		t.Fatal(err)
	}
	mac := hmac.New(sha256.New, key)
	_, _ = fmt.Fprintf(mac, "%s.%d.%s", "msg_1", 1764169200, body)
	want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	sigs := strings.Split(got, " ")
	if len(sigs) != 2 || sigs[0] != want || !strings.HasPrefix(sigs[1], "v1,") || sigs[1] == want {
		t.Errorf("Sign = %q, want %q and a second signature", got, want)
	}
	if _, err := Sign([]string{"whsec_not base64!"}, "msg_1", 1, body); err == nil {
		t.Error("a secret that is not base64 signed")
	}
}
