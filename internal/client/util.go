package client

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// lastPathSegment returns the last non-empty segment of a resource path.
func lastPathSegment(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// Fingerprint is HMAC-SHA256(auth token, data) in hex. It lets the provider
// remember a digest the API returned (such as an endpoint's password MD5)
// without storing anything an attacker holding only the state could test
// password guesses against: the key never leaves the provider's memory.
func (c *Client) Fingerprint(data string) string {
	mac := hmac.New(sha256.New, []byte(c.authToken))
	mac.Write([]byte(data))
	return hex.EncodeToString(mac.Sum(nil))
}
