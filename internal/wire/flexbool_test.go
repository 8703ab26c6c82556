package wire

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestFlexBool_JSONForms: the forms the SDKs send read as the flag they
// mean, anything else is a type error naming the field, and the flag is
// written back as a JSON boolean (left out unset, with omitzero).
func TestFlexBool_JSONForms(t *testing.T) {
	type body struct {
		F FlexBool `json:"f"`
	}
	for _, tc := range []struct {
		in   string
		want FlexBool
	}{
		{`{"f": true}`, Flag(true)},
		{`{"f": false}`, Flag(false)},
		{`{"f": "true"}`, Flag(true)},
		{`{"f": "false"}`, Flag(false)},
		{`{"f": "True"}`, Flag(true)},
		{`{"f": "FALSE"}`, Flag(false)},
		{`{"f": ""}`, FlexBool{}},
		{`{"f": null}`, FlexBool{}},
		{`{}`, FlexBool{}},
	} {
		var got body
		if err := json.Unmarshal([]byte(tc.in), &got); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got.F != tc.want {
			t.Errorf("%s read as %+v, want %+v", tc.in, got.F, tc.want)
		}
	}
	for _, in := range []string{`{"f": "yes"}`, `{"f": 1}`, `{"f": "1"}`, `{"f": {}}`} {
		var got body
		err := json.Unmarshal([]byte(in), &got)
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) || typeErr.Field != "f" {
			t.Errorf("%s: got %v, want a type error naming field f", in, err)
		}
	}

	type out struct {
		Kept    FlexBool `json:"kept"`
		Omitted FlexBool `json:"omitted,omitzero"`
	}
	for _, tc := range []struct {
		v    out
		want string
	}{
		{out{Flag(true), Flag(false)}, `{"kept":true,"omitted":false}`},
		{out{Flag(false), Flag(true)}, `{"kept":false,"omitted":true}`},
		{out{}, `{"kept":null}`},
	} {
		b, err := json.Marshal(tc.v)
		if err != nil || string(b) != tc.want {
			t.Errorf("%+v written as %s (%v), want %s", tc.v, b, err, tc.want)
		}
	}
}
