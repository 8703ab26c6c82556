// Package callbackcheck checks that a callback comes from the CPaaS service:
// the receiver side of the 10DLC guide (docs/guides/10dlc.md).
package callbackcheck

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
)

// Verify reports whether the callback's headers h carry a valid signature
// of callbackURL, the url configured on the resource (as the service called
// it, not as a proxy rewrote it). header is "X-Service-Signature-V2", keyed
// with the auth token of the account that owns the brand, campaign or
// number, or "X-Service-Signature-Ma-V2", keyed with the main account's
// auth token (the same token when the account is not a subaccount).
func Verify(h http.Header, header, callbackURL, authToken string) bool {
	got, err := base64.StdEncoding.DecodeString(h.Get(header))
	if err != nil || len(got) == 0 {
		return false
	}
	base, _, _ := strings.Cut(callbackURL, "?") // the query string is not signed
	mac := hmac.New(sha256.New, []byte(authToken))
	mac.Write([]byte(base + h.Get("X-Service-Signature-V2-Nonce")))
	return hmac.Equal(got, mac.Sum(nil)) // constant time
}
