// Package calleridrules holds the rules of the VerifiedCallerId API (verified
// caller IDs) that the provider's plan-time checks and the emulator both
// apply, so the two cannot disagree.
package calleridrules

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

const (
	// ListMaxLimit is the largest page of GET VerifiedCallerId/ (the
	// service's documentation: limit at most 20).
	ListMaxLimit = 20
	// CodeValidity is how long a one-time code stays valid after the
	// initiate ("valid for 15 minutes", the recorded initiate reply).
	CodeValidity = 15 * time.Minute
	// MaxAliasLength bounds an alias, in characters. The documentation
	// states no limit; the emulator and the provider use this one, the
	// length of the house's other aliases.
	MaxAliasLength = 50
	// AliasRule words the alias's rule for messages and descriptions.
	AliasRule = "at most 50 characters"
	// NumberRule words the form of a phone number.
	NumberRule = "an E.164 number: 8 to 15 digits, the first not 0, with or without a leading +"
	// CodeRule words the form of a one-time code. The object page says
	// four digits; the docs example and the recorded test send six.
	CodeRule = "4 to 8 digits"
	// ChannelSMS and ChannelCall are how the code is sent; sms is the
	// service's default.
	ChannelSMS  = "sms"
	ChannelCall = "call"
)

var (
	numberPattern = regexp.MustCompile(`^\+?[1-9][0-9]{7,14}$`)
	codePattern   = regexp.MustCompile(`^[0-9]{4,8}$`)
)

// Digits is number without its leading +: the key the emulator keeps and
// the form of a list item's resource_uri.
func Digits(number string) string { return strings.TrimPrefix(number, "+") }

// E164 is number with a leading +: how the service writes phone_number.
func E164(number string) string { return "+" + Digits(number) }

// CheckNumber refuses a phone number that is not E.164; field names it.
func CheckNumber(field, number string) error {
	if !numberPattern.MatchString(number) {
		return fmt.Errorf("%s must be %s, got %q", field, NumberRule, number)
	}
	return nil
}

// CheckAlias refuses an overlong alias (characters, not bytes); field
// names it. An empty alias is allowed: the service keeps "".
func CheckAlias(field, alias string) error {
	if n := utf8.RuneCountInString(alias); n > MaxAliasLength {
		return fmt.Errorf("%s must be %s, got %d characters", field, AliasRule, n)
	}
	return nil
}

// CheckChannel refuses a channel other than sms and call ("" is sms);
// field names it.
func CheckChannel(field, channel string) error {
	switch channel {
	case "", ChannelSMS, ChannelCall:
		return nil
	}
	return fmt.Errorf("%s must be %q or %q, got %q", field, ChannelSMS, ChannelCall, channel)
}

// CheckCode refuses a one-time code that is not 4 to 8 digits. Its error
// never quotes the code: it is a secret.
func CheckCode(field, code string) error {
	if !codePattern.MatchString(code) {
		return fmt.Errorf("%s must be %s (the one-time code sent to the number), got %d characters", field, CodeRule, utf8.RuneCountInString(code))
	}
	return nil
}
