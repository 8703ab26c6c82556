package msgrules

import (
	"errors"
	"strings"
	"testing"
)

func TestFieldError(t *testing.T) {
	e := FieldError{Field: "template.components[1].parameters[0].text", Rule: "is required", Value: ""}
	if got, want := e.Error(), `template.components[1].parameters[0].text: is required (got "")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	for field, root := range map[string]string{"dst[2]": "dst", "template.name": "template", "src": "src", "media_urls[0]": "media_urls"} {
		if got := (FieldError{Field: field}).Root(); got != root {
			t.Errorf("Root of %q = %q, want %q", field, got, root)
		}
	}
}

func TestFieldErrorShortensLongValues(t *testing.T) {
	long := FieldError{Field: "text", Rule: "too long", Value: strings.Repeat("é", 65)}
	if got, want := long.Error(), `text: too long (got "`+strings.Repeat("é", 64)+`"... (65 characters))`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	exact := FieldError{Field: "text", Rule: "too long", Value: strings.Repeat("é", 64)}
	if got, want := exact.Error(), `text: too long (got "`+strings.Repeat("é", 64)+`")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
}

func TestErrors(t *testing.T) {
	es := Errors{{Field: "src", Rule: "r1", Value: "a"}, {Field: "dst", Rule: "r2", Value: "b"}}
	if got, want := es.Error(), `src: r1 (got "a"); dst: r2 (got "b")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	if es.Err() == nil {
		t.Error("Err() of two errors is nil")
	}
	var target Errors
	if !errors.As(es.Err(), &target) || len(target) != 2 {
		t.Errorf("errors.As did not recover Errors from %v", es.Err())
	}
	if err := Validate(validSMS()).Err(); err != nil {
		t.Errorf("Err() of no errors = %v, want nil", err)
	}
}

func TestErrorCodeMeaning(t *testing.T) {
	tests := map[string]string{
		"000": "Message delivered.",
		"120": "Total MMS size exceeds 5MB; message is marked Failed.",
		"160": "DLT entity ID or DLT template ID passed incorrectly; message fails.",
		"340": "Freeform chat-app message sent with no active conversation; message fails.",
		"420": "Message stayed in the queue longer than message_expiry; message fails, and the code is relayed to the callback URL when one is set.",
		"200": "",
		"":    "",
	}
	for code, want := range tests {
		if got := ErrorCodeMeaning(code); got != want {
			t.Errorf("ErrorCodeMeaning(%q) = %q, want %q", code, got, want)
		}
	}
	if CodeDelivered != "000" || CodeMMSTooLarge != "120" || CodeDLTIncorrect != "160" || CodeNoConversation != "340" || CodeExpired != "420" {
		t.Error("error code constants drifted from the spec")
	}
}
