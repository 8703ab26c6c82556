package emulator

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
)

// independentSign is the receiver's side of the signature, written from the
// service's rule and not from SignatureV2: base64(HMAC-SHA256(key = the auth
// token, message = the callback URL without its query string followed
// directly by the nonce)).
func independentSign(token, urlWithoutQuery, nonce string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte(urlWithoutQuery))
	m.Write([]byte(nonce))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

func jsonBody(v any) *bytes.Reader {
	data, _ := json.Marshal(v)
	return bytes.NewReader(data)
}
