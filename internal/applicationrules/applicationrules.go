// Package applicationrules holds the rules of applications (what an
// endpoint's or a number's app_id names) that both the provider (at plan
// time) and the emulator (on the wire) enforce, so the two cannot disagree.
package applicationrules

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

const (
	// ListMaxLimit is the largest page of GET Application/.
	ListMaxLimit = 20
	// DefaultMethod is the method of a callback URL given without one.
	DefaultMethod = "POST"
	// DefaultLogIncomingMessages is log_incoming_messages when not given.
	DefaultLogIncomingMessages = true
)

// Methods are the HTTP methods the service calls an application's URLs
// with.
var Methods = []string{"GET", "POST"}

// AppNamePattern is what an application's name may contain.
var AppNamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// AppNameRule describes AppNamePattern for error messages.
const AppNameRule = "one or more letters, digits, hyphens or underscores"

// AppIDPattern is the form of an app_id: digits.
var AppIDPattern = regexp.MustCompile(`^[0-9]+$`)

// AppIDRule describes AppIDPattern.
const AppIDRule = "digits"

// URLRule describes what CheckURL accepts.
const URLRule = "a fully qualified http:// or https:// URL"

// CheckAppName returns an error naming field, the rule and the value, or
// nil.
func CheckAppName(field, name string) error {
	if !AppNamePattern.MatchString(name) {
		return fmt.Errorf("%s %q is invalid: it must be %s", field, name, AppNameRule)
	}
	return nil
}

// CheckAppID returns an error naming field, the rule and the value, or nil.
func CheckAppID(field, id string) error {
	if !AppIDPattern.MatchString(id) {
		return fmt.Errorf("%s %q is invalid: an application id is %s", field, id, AppIDRule)
	}
	return nil
}

// CheckURL requires a fully qualified URL (scheme http or https and a
// host) in field: the service calls it from outside, so a relative URL or
// another scheme could never be reached.
func CheckURL(field, u string) error {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || strings.ContainsAny(u, " \t\r\n") {
		return fmt.Errorf("%s %q is invalid: it must be %s", field, u, URLRule)
	}
	return nil
}

// CheckMethod requires GET or POST in field.
func CheckMethod(field, m string) error {
	for _, ok := range Methods {
		if m == ok {
			return nil
		}
	}
	return fmt.Errorf("%s %q is invalid: it must be one of %s", field, m, strings.Join(Methods, ", "))
}
