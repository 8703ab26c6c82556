// Package subaccountrules holds the rules of the Subaccount API that the
// provider's plan-time checks and the emulator both apply, so the two
// cannot disagree.
package subaccountrules

import (
	"fmt"
	"regexp"
	"unicode/utf8"
)

const (
	// ListMaxLimit is the largest page of GET Subaccount/.
	ListMaxLimit = 20
	// MaxNameLength bounds a subaccount's name, in characters. The
	// published API states no limit; the emulator and the provider use
	// this one so a name fits the service's pages and bills.
	MaxNameLength = 100
	// NameRule words the name's rule for messages and descriptions.
	NameRule = "1 to 100 characters"
	// IDRule words the form of a subaccount's auth_id.
	IDRule = "SA followed by 18 upper-case letters or digits"
)

var idPattern = regexp.MustCompile(`^SA[A-Z0-9]{18}$`)

// IsID reports whether id has the form of a subaccount's auth_id.
func IsID(id string) bool { return idPattern.MatchString(id) }

// CheckID refuses an id that is not a subaccount's auth_id; field names it.
func CheckID(field, id string) error {
	if !IsID(id) {
		return fmt.Errorf("%s must be %s, got %q", field, IDRule, id)
	}
	return nil
}

// CheckName refuses an empty or overlong name (characters, not bytes);
// field names it.
func CheckName(field, name string) error {
	if n := utf8.RuneCountInString(name); n < 1 || n > MaxNameLength {
		return fmt.Errorf("%s must be %s, got %d characters", field, NameRule, n)
	}
	return nil
}
