package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Keys are the keys a decoded request body carried with a value (a key
// sent as null counts as left out, as it does for a pointer field). A
// request shape whose fields the client always sends, or leaves out when
// empty, embeds them so the emulator can tell a field left out from one
// sent as "", false or 0 where the service does (a password sent empty is
// too short, one left out is missing), while the client keeps sending
// plain values: Keys are never written, and the client never sets them.
type Keys struct{ sent map[string]bool }

// Has reports whether the body carried key. Keys match as encoding/json
// matches a field's name, without regard to case.
func (k Keys) Has(key string) bool { return k.sent[strings.ToLower(key)] }

// decodeKeyed decodes the object b into fields (the request shape T as a
// type without its UnmarshalJSON, or a struct embedding it) and notes in k
// the keys b carried. A body that is not an object is a type error naming
// T, as it would be without the method.
func decodeKeyed[T any](b []byte, fields any, k *Keys) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			typeErr.Type = reflect.TypeFor[T]()
		}
		return err
	}
	if err := json.Unmarshal(b, fields); err != nil {
		return err
	}
	k.sent = make(map[string]bool, len(raw))
	for key, v := range raw {
		if string(bytes.TrimSpace(v)) != "null" {
			k.sent[strings.ToLower(key)] = true
		}
	}
	return nil
}

// FlexInt is an integer as clients send a field the service's replies
// write as a string (a masking session's pin_retry_wait): a JSON number or
// a string holding one. It is written as a number.
type FlexInt int64

// UnmarshalJSON reads 5 or "5".
func (f *FlexInt) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("must be an integer or a string holding one, got %q", s)
		}
		*f = FlexInt(n)
		return nil
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("must be an integer or a string holding one, got %s", b)
	}
	*f = FlexInt(n)
	return nil
}
