// Package endpointrules holds the rules of SIP endpoints that both the
// provider (at plan time) and the emulator (on the wire) enforce, so the
// two cannot disagree.
package endpointrules

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
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

// CheckUsername returns an error naming field, the rule and the value, or
// nil.
func CheckUsername(field, u string) error {
	if !UsernamePattern.MatchString(u) {
		return fmt.Errorf("%s %q is invalid: it must be %s", field, u, UsernameRule)
	}
	return nil
}

// CheckPassword returns an error naming field (password, or the
// provider's password_wo) and the rule, or nil. The password itself never
// appears in the text: only its length does. Lengths count characters, as
// the API does.
func CheckPassword(field, p string) error {
	if n := utf8.RuneCountInString(p); n < MinPasswordLength {
		return fmt.Errorf("%s must be at least %d characters long (got %d)", field, MinPasswordLength, n)
	}
	return nil
}

// PasswordDigest is what the API returns for a password: its MD5 in
// lower-case hex (the API never returns the password itself).
func PasswordDigest(p string) string {
	sum := md5.Sum([]byte(p))
	return hex.EncodeToString(sum[:])
}

// IsSIPUsernameOf reports whether sipUsername is a username the API forms
// from requested: requested followed by UsernameSuffixDigits digits.
func IsSIPUsernameOf(sipUsername, requested string) bool {
	suffix, ok := strings.CutPrefix(sipUsername, requested)
	if !ok || len(suffix) != UsernameSuffixDigits {
		return false
	}
	for _, r := range suffix {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// RequestedUsername recovers the requested username from the SIP username
// by removing the digits the API appended.
func RequestedUsername(sipUsername string) string {
	if len(sipUsername) > UsernameSuffixDigits {
		return sipUsername[:len(sipUsername)-UsernameSuffixDigits]
	}
	return sipUsername
}
