package msgrules

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// FieldError is one broken rule: the request field (a path such as "dst[1]"
// or "template.components[0].parameters[2].text"), the rule in words, and the
// offending value.
type FieldError struct {
	Field string
	Rule  string
	Value string
}

// maxShownValue bounds the value quoted by Error, so a 32 KiB body does not
// end up in a diagnostic.
const maxShownValue = 64

func (e FieldError) Error() string {
	return fmt.Sprintf("%s: %s (got %s)", e.Field, e.Rule, shownValue(e.Value))
}

// Root is the top-level request field of the error ("dst" for "dst[1]",
// "template" for "template.name"), which is the attribute a provider reports on.
func (e FieldError) Root() string {
	if i := strings.IndexAny(e.Field, ".["); i >= 0 {
		return e.Field[:i]
	}
	return e.Field
}

func shownValue(v string) string {
	n := utf8.RuneCountInString(v)
	if n <= maxShownValue {
		return fmt.Sprintf("%q", v)
	}
	cut := 0
	for i := range v {
		if cut == maxShownValue {
			return fmt.Sprintf("%q... (%d characters)", v[:i], n)
		}
		cut++
	}
	return fmt.Sprintf("%q", v)
}

// Errors is every rule a message broke, in field order of the request.
type Errors []FieldError

func (es Errors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

// Err returns es as an error, or nil when there is none, so that callers do
// not trip over a non-nil interface holding an empty slice.
func (es Errors) Err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

func (es *Errors) add(field, rule, value string) {
	*es = append(*es, FieldError{Field: field, Rule: rule, Value: value})
}

func (es *Errors) addf(field, value, format string, args ...any) {
	es.add(field, fmt.Sprintf(format, args...), value)
}

// Error codes of a message, as reported in the message record's error_code
// and in status callbacks. They are strings on the wire: a number there breaks
// production SDKs.
const (
	CodeDelivered      = "000"
	CodeMMSTooLarge    = "120"
	CodeDLTIncorrect   = "160"
	CodeNoConversation = "340"
	CodeExpired        = "420"
	// CodeTollfreeUnverified is the emulator's code (the service publishes
	// none) for an SMS or MMS from a toll-free number without an approved
	// toll-free verification to the US or Canada.
	CodeTollfreeUnverified = "470"
)

var codeMeanings = map[string]string{
	CodeDelivered:      "Message delivered.",
	CodeMMSTooLarge:    "Total MMS size exceeds 5MB; message is marked Failed.",
	CodeDLTIncorrect:   "DLT entity ID or DLT template ID passed incorrectly; message fails.",
	CodeNoConversation: "Freeform chat-app message sent with no active conversation; message fails.",
	CodeExpired:        "Message stayed in the queue longer than message_expiry; message fails, and the code is relayed to the callback URL when one is set.",
	CodeTollfreeUnverified: "Sent from a toll-free number whose toll-free verification is not approved to a US or Canadian number; message fails " +
		"(the emulator's code: the service publishes none).",
}

// ErrorCodeMeaning is the spec's text for a message error code, or "" for a
// code the spec does not list.
func ErrorCodeMeaning(code string) string {
	return codeMeanings[code]
}

func quote(s string) string { return fmt.Sprintf("%q", s) }
