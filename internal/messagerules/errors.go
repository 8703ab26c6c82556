package messagerules

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
)

// got is a broken rule of a message field, worded as the service words it:
// "dst[1]: must contain a phone number (got \"abc\")".
func got(field fielderr.Path, rule, value string) *fielderr.Error {
	return &fielderr.Error{Path: field, Rule: rule, Value: value, Layout: fielderr.Got}
}

func add(es *fielderr.List, field fielderr.Path, rule, value string) {
	*es = append(*es, *got(field, rule, value))
}

func addf(es *fielderr.List, field fielderr.Path, value, format string, args ...any) {
	add(es, field, fmt.Sprintf(format, args...), value)
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
