package client

import "testing"

// The spec allows A-Z in a pattern; the provider accepts lower case at plan
// time, so the client sends letters upper-cased.
func TestPhoneNumberSearchSendsPatternUpperCase(t *testing.T) {
	v := PhoneNumberSearch{CountryISO: "US", Pattern: "415*call?"}.Values()
	if got := v.Get("pattern"); got != "415*CALL?" {
		t.Fatalf("pattern sent as %q, want %q", got, "415*CALL?")
	}
}
