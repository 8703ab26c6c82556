package client

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
)

// Fingerprint is HMAC-SHA256(auth token, data), truncated to 128 bits (as
// RFC 2104 allows) and in unpadded base64url: 22 characters, as it is kept
// once per resource in the state. It lets the provider remember a digest the
// API returned (such as an endpoint's password MD5) without storing anything
// an attacker holding only the state could test password guesses against:
// the key never leaves the provider's memory.
func (c *Client) Fingerprint(data string) string {
	mac := hmac.New(sha256.New, []byte(c.authToken))
	mac.Write([]byte(data))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:16])
}
