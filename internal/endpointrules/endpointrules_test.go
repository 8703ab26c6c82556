package endpointrules

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckUsername(t *testing.T) {
	for _, ok := range []string{"a", "front_desk", "Z9", strings.Repeat("x", MaxUsernameLength)} {
		if err := CheckUsername("username", ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "with space", "dash-ed", "ünï", strings.Repeat("x", MaxUsernameLength+1)} {
		err := CheckUsername("username", bad)
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if want := fmt.Sprintf("username %q is invalid: it must be %s", bad, UsernameRule); err.Error() != want {
			t.Errorf("error %q, want %q", err, want)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	if err := CheckPassword("password", "abcde"); err != nil {
		t.Fatalf("5 characters refused: %v", err)
	}
	if err := CheckPassword("password", "ééééé"); err != nil {
		t.Fatalf("5 multi-byte characters refused: %v", err)
	}
	err := CheckPassword("password", "abcd")
	if err == nil || err.Error() != "password must be at least 5 characters long (got 4)" || strings.Contains(err.Error(), "abcd") {
		t.Fatalf("4 characters: %v (must name the rule, never the password)", err)
	}
}

func TestRequestedUsername(t *testing.T) {
	if got := RequestedUsername("alice123456789012"); got != "alice" {
		t.Fatalf("got %q", got)
	}
	if got := RequestedUsername("short"); got != "short" {
		t.Fatalf("got %q", got)
	}
}

func TestCheckPasswordCountsCharacters(t *testing.T) {
	// Four Cyrillic characters are eight bytes: still too short.
	err := CheckPassword("password_wo", "жжжж")
	if err == nil || err.Error() != "password_wo must be at least 5 characters long (got 4)" {
		t.Fatalf("4 multi-byte characters: %v", err)
	}
}

func TestPasswordDigest(t *testing.T) {
	// The MD5 of "secret", as the API returns it.
	if got := PasswordDigest("secret"); got != "5ebe2294ecd0e0f08eab7690d2a6ee69" {
		t.Fatalf("PasswordDigest(secret) = %s", got)
	}
}

func TestIsSIPUsernameOf(t *testing.T) {
	for _, tc := range []struct {
		sip, requested string
		want           bool
	}{
		{"alice123456789012", "alice", true},
		{"alice12345678901", "alice", false},   // 11 digits
		{"alice1234567890123", "alice", false}, // 13 digits
		{"alice12345678901x", "alice", false},
		{"bob123456789012", "alice", false},
		{"alice_b123456789012", "alice", false},
	} {
		if got := IsSIPUsernameOf(tc.sip, tc.requested); got != tc.want {
			t.Errorf("IsSIPUsernameOf(%q, %q) = %v", tc.sip, tc.requested, got)
		}
	}
}
