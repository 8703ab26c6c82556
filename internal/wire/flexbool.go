package wire

import (
	"encoding/json"
	"reflect"
	"strings"
)

// FlexBool is a flag as the service's SDKs send it: a JSON boolean
// (Python) or a string, "true" or "false" in any case (Go sends
// secondary_vetting as *string; Node sends a subaccount's enabled and
// cascade and an application's cascade through toString()); "", null and
// absence leave it unset. Every request field a library sends as a string
// is one (the emulator's BEHAVIOUR.md lists them); a field every library
// sends as a JSON boolean stays a bool.
//
// It is written as a JSON boolean, or null when unset; with omitzero an
// unset flag is left out.
type FlexBool struct {
	// Set says the request carried the flag; Value is what it said.
	Set, Value bool
}

// Flag is a flag set to v.
func Flag(v bool) FlexBool { return FlexBool{Set: true, Value: v} }

// FlagOf is a flag set to *v, or unset when v is nil.
func FlagOf(v *bool) FlexBool {
	if v == nil {
		return FlexBool{}
	}
	return Flag(*v)
}

// UnmarshalJSON reads a boolean or its string form; anything else is a
// type error, which the decoder completes with the field's name.
func (f *FlexBool) UnmarshalJSON(b []byte) error {
	switch strings.ToLower(strings.Trim(string(b), `"`)) {
	case "true":
		*f = Flag(true)
	case "false":
		*f = Flag(false)
	case "", "null":
		*f = FlexBool{}
	default:
		return &json.UnmarshalTypeError{Value: "string " + string(b), Type: reflect.TypeFor[bool]()}
	}
	return nil
}

// MarshalJSON writes the flag as a JSON boolean, or null when unset.
func (f FlexBool) MarshalJSON() ([]byte, error) {
	if !f.Set {
		return []byte("null"), nil
	}
	return json.Marshal(f.Value)
}
