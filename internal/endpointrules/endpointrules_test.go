package endpointrules

import (
	"strings"
	"testing"
)

func TestCheckUsername(t *testing.T) {
	for _, ok := range []string{"a", "front_desk", "Z9", strings.Repeat("x", MaxUsernameLength)} {
		if err := CheckUsername(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "with space", "dash-ed", "ünï", strings.Repeat("x", MaxUsernameLength+1)} {
		err := CheckUsername(bad)
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if !strings.Contains(err.Error(), UsernameRule) || !strings.Contains(err.Error(), "username") {
			t.Errorf("error %q does not name the field and rule", err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	if err := CheckPassword("abcde"); err != nil {
		t.Fatalf("5 characters refused: %v", err)
	}
	if err := CheckPassword("ééééé"); err != nil {
		t.Fatalf("5 multi-byte characters refused: %v", err)
	}
	err := CheckPassword("abcd")
	if err == nil || !strings.Contains(err.Error(), "at least 5") || strings.Contains(err.Error(), "abcd") {
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
