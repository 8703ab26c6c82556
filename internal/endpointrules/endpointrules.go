// Package endpointrules holds the rules of SIP endpoints that both the
// provider (at plan time) and the emulator (on the wire) enforce, so the
// two cannot disagree.
package endpointrules

import (
	"fmt"
	"regexp"
	"unicode/utf8"
)

const (
	// MinPasswordLength is the API's minimum password length.
	MinPasswordLength = 5
	// UsernameSuffixDigits is how many digits the API appends to the
	// requested username to form the SIP username.
	UsernameSuffixDigits = 12
	// MaxUsernameLength bounds the requested username.
	MaxUsernameLength = 50
	// ListMaxLimit is the largest page of GET Endpoint/.
	ListMaxLimit = 20
)

// UsernamePattern is what a requested username may contain.
var UsernamePattern = regexp.MustCompile(`^[A-Za-z0-9_]{1,50}$`)

// UsernameRule describes UsernamePattern for error messages.
const UsernameRule = "1 to 50 letters, digits or underscores"

// CheckUsername returns an error naming the rule and the value, or nil.
func CheckUsername(u string) error {
	if !UsernamePattern.MatchString(u) {
		return fmt.Errorf("username %q is invalid: it must be %s", u, UsernameRule)
	}
	return nil
}

// CheckPassword returns an error naming the rule, or nil. The password
// itself never appears in the text: only its length does.
func CheckPassword(p string) error { return CheckPasswordOf("password", p) }

// CheckPasswordOf is CheckPassword for a password given as field (such as
// the provider's password_wo). Lengths count characters, as the API does.
func CheckPasswordOf(field, p string) error {
	if n := utf8.RuneCountInString(p); n < MinPasswordLength {
		return fmt.Errorf("%s must be at least %d characters long (got %d)", field, MinPasswordLength, n)
	}
	return nil
}

// RequestedUsername recovers the requested username from the SIP username
// by removing the digits the API appended.
func RequestedUsername(sipUsername string) string {
	if len(sipUsername) > UsernameSuffixDigits {
		return sipUsername[:len(sipUsername)-UsernameSuffixDigits]
	}
	return sipUsername
}
