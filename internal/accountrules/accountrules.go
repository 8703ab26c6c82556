// Package accountrules holds the rules of the account's own API (the
// account record and its update), of pricing and of the number look-up
// that the provider's plan-time checks and the emulator both apply, so the
// two cannot disagree.
package accountrules

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	// The IANA time zone database, built in: time.LoadLocation then works
	// on a machine without /usr/share/zoneinfo (a slim container, Windows).
	_ "time/tzdata"
)

const (
	// CountryISORule words the form of pricing's country_iso.
	CountryISORule = "two upper-case letters (an ISO 3166-1 alpha-2 code such as US)"
	// TimezoneRule words the account timezone's rule.
	TimezoneRule = "an IANA time zone name such as Asia/Kolkata or America/New_York"
	// LookupNumberRule words the form of a number to look up.
	LookupNumberRule = "an E.164 number: + and 7 to 15 digits, the first not 0"
	// LookupType is the only look-up type the API has (carrier: the
	// network, type and porting of a number).
	LookupType = "carrier"
	// LookupPrice is what the service bills for one look-up request, in USD.
	LookupPrice = "0.004"
)

var (
	countryISOPattern   = regexp.MustCompile(`^[A-Z]{2}$`)
	lookupNumberPattern = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
)

// CheckCountryISO refuses a country_iso that is not two upper-case letters
// (the pricing API's rule, which its Python library also enforces).
func CheckCountryISO(field, v string) error {
	if !countryISOPattern.MatchString(v) {
		return fmt.Errorf("%s must be %s, got %q", field, CountryISORule, v)
	}
	return nil
}

// CheckTimezone refuses a timezone that is not a zone of the IANA time
// zone database. "Local" and "" are Go's names, not IANA zones.
func CheckTimezone(field, v string) error {
	if v == "" || v == "Local" || strings.TrimSpace(v) != v {
		return fmt.Errorf("%s must be %s, got %q", field, TimezoneRule, v)
	}
	if _, err := time.LoadLocation(v); err != nil {
		return fmt.Errorf("%s must be %s, got %q (not in the IANA time zone database)", field, TimezoneRule, v)
	}
	return nil
}

// CheckLookupNumber refuses a number the look-up cannot take: it needs
// the E.164 form with its +.
func CheckLookupNumber(field, v string) error {
	if !lookupNumberPattern.MatchString(v) {
		return fmt.Errorf("%s must be %s, got %q", field, LookupNumberRule, v)
	}
	return nil
}
