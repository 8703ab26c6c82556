package subaccountrules

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckNameCountsCharacters(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"", false}, {"a", true}, {strings.Repeat("é", 100), true}, {strings.Repeat("é", 101), false}, {strings.Repeat("x", 100), true},
	} {
		err := CheckName("name", tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("CheckName(%d characters) = %v, want ok=%v", len([]rune(tc.name)), err, tc.ok)
		}
		if want := fmt.Sprintf("name must be 1 to 100 characters, got %d characters", len([]rune(tc.name))); err != nil && err.Error() != want {
			t.Errorf("error %q, want %q", err, want)
		}
		if err := CheckName("label", tc.name); err != nil && !strings.HasPrefix(err.Error(), "label must be ") {
			t.Errorf("error %q does not name the field given", err)
		}
	}
}

func TestCheckID(t *testing.T) {
	for id, ok := range map[string]bool{
		"SA2025RK4E639VJFZAMM": true, "MA2025RK4E639VJFZAMM": false, "SA2025RK4E639VJFZAM": false, "sa2025rk4e639vjfzamm": false, "": false,
	} {
		if err := CheckID("auth_id", id); (err == nil) != ok {
			t.Errorf("CheckID(%q) = %v, want ok=%v", id, err, ok)
		} else if err != nil && !strings.Contains(err.Error(), `auth_id must be SA followed by 18 upper-case letters or digits, got "`+id+`"`) {
			t.Errorf("error %q does not name field, rule and value", err)
		}
	}
}
