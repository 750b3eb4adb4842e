package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// Sign is the webhook-signature header of a message under each secret (Standard Webhooks):
// "v1,<base64 HMAC-SHA256 of id.timestamp.body>" per secret, space-separated, keyed by the
// secret's base64 part after "whsec_".
func Sign(secrets []string, id string, timestamp int64, body []byte) (string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, secret := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
		if err != nil {
			return "", errors.New("webhooks: a secret is not base64")
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(id + "." + strconv.FormatInt(timestamp, 10) + "."))
		mac.Write(body)
		sigs = append(sigs, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return strings.Join(sigs, " "), nil
}
