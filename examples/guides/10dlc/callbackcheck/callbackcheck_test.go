package callbackcheck

import (
	"net/http"
	"testing"
)

// The service's published test vector.
func TestVerifyTestVector(t *testing.T) {
	h := http.Header{}
	h.Set("X-Service-Signature-V2-Nonce", "05429567804466091622")
	h.Set("X-Service-Signature-V2", "B90f9RFmjMbCIlenbqdIGa0j8oxnYeTtQu113CaAvcw=")
	if !Verify(h, "X-Service-Signature-V2", "https://example.com/answer/?x=1", "MY_AUTH_TOKEN") {
		t.Fatal("the test vector does not verify")
	}
	for name, tc := range map[string]struct{ url, token string }{
		"other token": {"https://example.com/answer/?x=1", "OTHER_TOKEN"},
		"other URL":   {"https://example.com/answer2/", "MY_AUTH_TOKEN"},
	} {
		if Verify(h, "X-Service-Signature-V2", tc.url, tc.token) {
			t.Errorf("%s verifies", name)
		}
	}
	if Verify(h, "X-Service-Signature-Ma-V2", "https://example.com/answer/?x=1", "MY_AUTH_TOKEN") {
		t.Error("a missing header verifies")
	}
}
