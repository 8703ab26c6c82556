// Package tollfreerules holds the rules of toll-free verification requests
// that both the provider (at plan time) and the emulator (on the wire)
// enforce, so the two cannot disagree: the allowed use cases, opt-in types
// and volumes, the lengths in characters, the statuses and when an update
// is allowed, and the emulator's documented rule for deciding a request.
package tollfreerules

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Statuses of a request (Docs "Toll-free verification statuses").
const (
	StatusSubmitted      = "SUBMITTED"
	StatusApproved       = "APPROVED"
	StatusRejected       = "REJECTED"
	StatusUpdateRequired = "UPDATE_REQUIRED"
)

// Statuses lists every status.
var Statuses = []string{StatusSubmitted, StatusApproved, StatusRejected, StatusUpdateRequired}

// UpdateWindow is how long a request stays UPDATE_REQUIRED: with no
// update within it, it becomes REJECTED.
const UpdateWindow = 6 * 24 * time.Hour

// Usecases are the allowed use cases (LOW_VOLUME, MIXED and STARTER are
// 10DLC's only).
var Usecases = []string{
	"2FA", "ACCOUNT_NOTIFICATION", "CUSTOMER_CARE", "DELIVERY_NOTIFICATION", "FRAUD_ALERT",
	"HIGHER_EDUCATION", "MARKETING", "POLLING_VOTING", "PUBLIC_SERVICE_ANNOUNCEMENT", "SECURITY_ALERT",
}

// OptinTypes are the ways the recipients opted in.
var OptinTypes = []string{"VERBAL", "WEB_FORM", "PAPER_FORM", "VIA_TEXT", "MOBILE_QR_CODE"}

// Volumes are the monthly message volumes a request may declare. The
// service takes "one of a fixed list" whose values are not published
// beyond the recorded "100" and "1,000"; this list (with the thousands
// comma) is the emulator's documented choice.
var Volumes = []string{"10", "100", "1,000", "10,000", "100,000", "250,000", "500,000", "750,000", "1,000,000", "5,000,000", "10,000,000+"}

// CallbackMethods are the methods of callback_method.
var CallbackMethods = []string{"GET", "POST"}

// Limits in characters (Unicode code points).
const (
	MaxUsecaseSummary = 500
	MaxMessageSample  = 1000
	// ListMaxLimit is the largest page of GET TollfreeVerification/.
	ListMaxLimit = 20
)

// Separator joins several use cases or opt-in image URLs into the one
// string the API holds ("2FA, CUSTOMER_CARE").
const Separator = ", "

// Join is the API's string of values; Split reads one back.
func Join(values []string) string { return strings.Join(values, Separator) }

// Split reads a comma-separated string of the API, trimming spaces.
func Split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// CanUpdate reports whether a request in status may be updated.
func CanUpdate(status string) bool {
	return status == StatusSubmitted || status == StatusUpdateRequired
}

// CheckUpdate refuses an update of a request in status.
func CheckUpdate(uuid, status string) error {
	if !CanUpdate(status) {
		return fmt.Errorf("toll-free verification %s is %s: a request can be updated only while SUBMITTED or UPDATE_REQUIRED", uuid, status)
	}
	return nil
}

func oneOf(field, v string, values []string) error {
	if !slices.Contains(values, v) {
		return fmt.Errorf("%s %q is not one of %s", field, v, strings.Join(values, ", "))
	}
	return nil
}

// CheckUsecase checks one use case given as field.
func CheckUsecase(field, u string) error { return oneOf(field, u, Usecases) }

// CheckOptinType checks optin_type, given as field.
func CheckOptinType(field, t string) error { return oneOf(field, t, OptinTypes) }

// CheckVolume checks volume, given as field.
func CheckVolume(field, v string) error { return oneOf(field, v, Volumes) }

// CheckCallbackMethod checks callback_method, given as field.
func CheckCallbackMethod(field, m string) error { return oneOf(field, m, CallbackMethods) }

// CheckLength checks a text field against its limit in characters; the
// error quotes the value's start (a sample may be 1,000 characters).
func CheckLength(field, v string, maxLen int) error {
	n := utf8.RuneCountInString(v)
	if n < 1 || n > maxLen {
		return fmt.Errorf("%s must be 1 to %d characters long, got %d (%q)", field, maxLen, n, excerpt(v))
	}
	return nil
}

// excerpt is v's first 20 characters, with "..." when there are more.
func excerpt(v string) string {
	if r := []rune(v); len(r) > 20 {
		return string(r[:20]) + "..."
	}
	return v
}

// NumberPattern is a NANP toll-free number as the API writes it: 1, a
// toll-free code (800, 833, 844, 855, 866, 877, 888) and seven digits, no
// "+"; NumberRule says it in words.
var NumberPattern = regexp.MustCompile(`^18(00|33|44|55|66|77|88)[0-9]{7}$`)

// NumberRule is NumberPattern in words.
const NumberRule = "a US or Canadian toll-free number: 1, a toll-free code (800, 833, 844, 855, 866, 877 or 888) and seven digits, without \"+\" (18445550123)"

// CheckNumber checks the number of a request.
func CheckNumber(field, v string) error {
	if !NumberPattern.MatchString(v) {
		return fmt.Errorf("%s %q must be %s", field, v, NumberRule)
	}
	return nil
}

// CheckUsecaseSummary and CheckMessageSample check the two texts,
// usecase_summary and message_sample, given as field.
func CheckUsecaseSummary(field, v string) error { return CheckLength(field, v, MaxUsecaseSummary) }

// CheckMessageSample checks message_sample, given as field.
func CheckMessageSample(field, v string) error { return CheckLength(field, v, MaxMessageSample) }

// CheckURL requires an absolute http or https URL with a host (an opt-in
// image, a callback).
func CheckURL(field, v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Contains(v, ",") {
		return fmt.Errorf("%s %q must be an absolute http:// or https:// URL without commas", field, v)
	}
	return nil
}

// Markers of the emulator's decision rule.
const (
	// RejectMarker in usecase_summary makes the carrier reject the request.
	RejectMarker = "REJECT"
	// OptOutWord must appear in message_sample (any case); without it the
	// carrier asks for an update.
	OptOutWord = "STOP"
)

// Decide is the emulator's carrier, deterministic on the request's text:
//   - a usecase_summary containing RejectMarker ("REJECT", upper case) is
//     REJECTED;
//   - otherwise a message_sample without opt-out language (the word STOP,
//     any case) is UPDATE_REQUIRED: the carrier asks for it, and an update
//     within six days that adds it is APPROVED;
//   - otherwise APPROVED.
//
// It returns the status and the error_message.
func Decide(usecaseSummary, messageSample string) (status, errorMessage string) {
	switch {
	case strings.Contains(usecaseSummary, RejectMarker):
		return StatusRejected, "The carrier rejected the use case: the summary describes traffic that toll-free messaging does not carry. " +
			"The same use case cannot be submitted again. (The emulator rejects every request whose usecase_summary contains \"" + RejectMarker + "\".)"
	case !strings.Contains(strings.ToUpper(messageSample), OptOutWord):
		return StatusUpdateRequired, "The carrier asks for opt-out language in message_sample, such as \"Reply STOP to opt out\". " +
			"Update the request within six days or it is rejected."
	}
	return StatusApproved, ""
}

// ExpiredMessage is the error_message of a request rejected because no
// update came within UpdateWindow.
const ExpiredMessage = "No update was made within six days of the carrier's request for more information; the request is rejected."

// NumberVerification is what the owned number's toll_free_sms_verification
// says for a request in status ("" when the number has none): lower case,
// as the service's recorded numbers hold it.
func NumberVerification(status string) string {
	switch status {
	case StatusApproved:
		return "verified"
	case StatusSubmitted, StatusUpdateRequired:
		return "pending_verification"
	}
	return "unverified"
}
