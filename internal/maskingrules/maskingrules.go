// Package maskingrules holds the rules of call-masking sessions that both the
// provider (at plan time) and the emulator (on the wire) enforce, so the two
// cannot disagree: party number format, PIN rules, ranges and defaults of
// the numeric options, the allowed verbs and formats, the session time
// format and the API's fixed error texts.
package maskingrules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/timestamps"
)

// Fixed texts of the API's 400 replies.
const (
	MsgSessionExpired = "Session already expired."
	MsgPoolExhausted  = "Number pool exhausted or not available."
)

// MissingParameter is the API's text for a required field left out.
func MissingParameter(field string) string {
	return fmt.Sprintf("Mandatory parameter missing. %s must be present.", field)
}

// Session statuses.
const (
	StatusActive  = "active"
	StatusExpired = "expired"
	// StatusAll is the list filter value that keeps both.
	StatusAll = "all"
)

// Defaults the API applies to options left out, and the provider uses as
// schema defaults so that a plan right after apply is empty.
const (
	DefaultSessionExpiry     = 3600
	DefaultCallTimeLimit     = 3600
	DefaultRingTimeout       = 45
	DefaultRecordFileFormat  = "mp3"
	DefaultMethod            = "POST"
	DefaultGeneratePINLength = 4
	DefaultPINRetry          = 1
	DefaultPINRetryWait      = 5
)

// Ranges of the numeric options, inclusive.
const (
	MinSessionExpiry = 60
	MaxSessionExpiry = 7 * 24 * 3600
	MinCallTimeLimit = 60
	MaxCallTimeLimit = 24 * 3600
	MinRingTimeout   = 15
	MaxRingTimeout   = 120
	MinPINLength     = 4
	MaxPINLength     = 15
	MinPINRetry      = 0
	MaxPINRetry      = 5
	MinPINRetryWait  = 1
	MaxPINRetryWait  = 120
	// ListMaxLimit is the largest page of GET Masking/Session/.
	ListMaxLimit = 20
)

// Methods are the allowed HTTP verbs of callback_method and
// recording_callback_method; RecordFileFormats the allowed record_file_format.
var (
	Methods           = []string{"GET", "POST"}
	RecordFileFormats = []string{"mp3", "wav"}
	ListStatuses      = []string{StatusActive, StatusExpired, StatusAll}
)

// PartyPattern is a phone number with country code: 8 to 15 digits, the
// first not 0, no "+" and no separators (E.164 without the plus).
var PartyPattern = regexp.MustCompile(`^[1-9][0-9]{7,14}$`)

// PartyRule describes PartyPattern for error messages.
const PartyRule = `a phone number with country code: 8 to 15 digits, not starting with 0, without "+" or separators (for example 14155551234)`

// PINPattern is a PIN: 4 to 15 digits.
var PINPattern = regexp.MustCompile(`^[0-9]{4,15}$`)

// PINRule describes PINPattern for error messages.
const PINRule = "4 to 15 digits"

// fieldErr is a rule violation on one request field, worded
// "<field> <rule>".
func fieldErr(field, format string, args ...any) *fielderr.Error {
	return &fielderr.Error{Path: fielderr.Root(field), Rule: fmt.Sprintf(format, args...), Layout: fielderr.Named}
}

// CheckParty checks a party number (first_party or second_party).
func CheckParty(field, v string) *fielderr.Error {
	if !PartyPattern.MatchString(v) {
		return fieldErr(field, "%q is invalid: it must be %s", v, PartyRule)
	}
	return nil
}

// CheckParties checks both parties and that they differ.
func CheckParties(first, second string) *fielderr.Error {
	if e := CheckParty("first_party", first); e != nil {
		return e
	}
	if e := CheckParty("second_party", second); e != nil {
		return e
	}
	if first == second {
		return fieldErr("second_party", "%q must differ from first_party", second)
	}
	return nil
}

// CheckRange checks an integer option against [lo, hi].
func CheckRange(field string, v, lo, hi int64) *fielderr.Error {
	if v < lo || v > hi {
		return fieldErr(field, "must be from %d to %d, got %d", lo, hi, v)
	}
	return nil
}

// CheckOneOf checks v against allowed values (exact, case-sensitive).
func CheckOneOf(field, v string, allowed []string) *fielderr.Error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return fieldErr(field, "must be one of %s, got %q", strings.Join(allowed, ", "), v)
}

// CheckURL checks an absolute http or https URL. The empty string (unset)
// passes.
func CheckURL(field, v string) *fielderr.Error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fieldErr(field, "%q is invalid: it must be an absolute http or https URL", v)
	}
	return nil
}

// CheckPlayURL checks a URL of an .mp3 or .wav file (first_party_play_url,
// second_party_play_url). The empty string (unset) passes.
func CheckPlayURL(field, v string) *fielderr.Error {
	if e := CheckURL(field, v); e != nil || v == "" {
		return e
	}
	u, _ := url.Parse(v)
	p := strings.ToLower(u.Path)
	if !strings.HasSuffix(p, ".mp3") && !strings.HasSuffix(p, ".wav") {
		return fieldErr(field, "%q is invalid: it must be the URL of an .mp3 or .wav file", v)
	}
	return nil
}

// PINSettings are the create options that decide how callers authenticate.
// An empty PIN is an unset one.
type PINSettings struct {
	Required  bool // is_pin_authentication_required
	Generate  bool // generate_pin
	Length    int64
	FirstPIN  string
	SecondPIN string
}

// CheckPINSettings returns the first violation of the PIN rules, or nil:
// generate_pin_length 4 to 15; a PIN is 4 to 15 digits; the two PINs
// differ; generate_pin needs is_pin_authentication_required and excludes
// given PINs; PINs are only accepted when authentication is required, and
// then both are needed unless generated.
func CheckPINSettings(p PINSettings) *fielderr.Error {
	if e := CheckRange("generate_pin_length", p.Length, MinPINLength, MaxPINLength); e != nil {
		return e
	}
	for _, f := range []struct{ name, v string }{{"first_party_pin", p.FirstPIN}, {"second_party_pin", p.SecondPIN}} {
		if f.v != "" && !PINPattern.MatchString(f.v) {
			// The PIN itself is never echoed: only its length.
			return fieldErr(f.name, "must be %s (got %d characters)", PINRule, len(f.v))
		}
	}
	if p.FirstPIN != "" && p.FirstPIN == p.SecondPIN {
		return fieldErr("second_party_pin", "must differ from first_party_pin")
	}
	if p.Generate && !p.Required {
		return fieldErr("generate_pin", "can only be true when is_pin_authentication_required is true")
	}
	if !p.Required {
		for _, f := range []struct{ name, v string }{{"first_party_pin", p.FirstPIN}, {"second_party_pin", p.SecondPIN}} {
			if f.v != "" {
				return fieldErr(f.name, "can only be set when is_pin_authentication_required is true")
			}
		}
		return nil
	}
	if p.Generate {
		for _, f := range []struct{ name, v string }{{"first_party_pin", p.FirstPIN}, {"second_party_pin", p.SecondPIN}} {
			if f.v != "" {
				return fieldErr(f.name, "cannot be set when generate_pin is true: the PINs are generated")
			}
		}
		return nil
	}
	for _, f := range []struct{ name, v string }{{"first_party_pin", p.FirstPIN}, {"second_party_pin", p.SecondPIN}} {
		if f.v == "" {
			return fieldErr(f.name, "is required when is_pin_authentication_required is true and generate_pin is false")
		}
	}
	return nil
}

// TimeLayout is the form of a session time filter: YYYY-MM-DD HH:MM:SS
// +0000 UTC (a fraction of the second may follow the seconds).
const TimeLayout = "2006-01-02 15:04:05 -0700 MST"

// FormatTime renders t as the service writes a session's times: Go's
// time.String() form, in UTC, to the microsecond, trailing zeros dropped
// ("2024-01-25 12:00:00 +0000 UTC", "2023-07-04 07:29:27.14973 +0000 UTC").
func FormatTime(t time.Time) string { return timestamps.GoString(t) }

// ParseTime reads a session time in any form the service writes
// (timestamps.Parse).
func ParseTime(s string) (time.Time, error) { return timestamps.Parse(s) }

// filterLayouts are what the time filters of the list accept: the session
// time form, the same without the zone (UTC is meant), or a date.
var filterLayouts = []string{TimeLayout, "2006-01-02 15:04:05", "2006-01-02"}

// FilterTimeRule describes the accepted forms of a time filter.
const FilterTimeRule = `"YYYY-MM-DD HH:MM:SS +0000 UTC", "YYYY-MM-DD HH:MM:SS" (UTC) or "YYYY-MM-DD"`

// ParseFilterTime reads the value of a created_time__* or expiry_time__*
// filter.
func ParseFilterTime(field, v string) (time.Time, *fielderr.Error) {
	for _, l := range filterLayouts {
		if t, err := time.Parse(l, v); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fieldErr(field, "%q is invalid: it must be %s", v, FilterTimeRule)
}

// TimeFilters are the names of the list's time filters, in order.
var TimeFilters = []string{
	"created_time__gt", "created_time__gte", "created_time__lt", "created_time__lte",
	"expiry_time__gt", "expiry_time__gte", "expiry_time__lt", "expiry_time__lte",
}

// TimeFilterMatches reports whether t passes the comparison named by the
// filter's suffix (gt, gte, lt, lte) against bound.
func TimeFilterMatches(filter string, t, bound time.Time) bool {
	switch {
	case strings.HasSuffix(filter, "__gte"):
		return !t.Before(bound)
	case strings.HasSuffix(filter, "__gt"):
		return t.After(bound)
	case strings.HasSuffix(filter, "__lte"):
		return !t.After(bound)
	case strings.HasSuffix(filter, "__lt"):
		return t.Before(bound)
	}
	return false
}
