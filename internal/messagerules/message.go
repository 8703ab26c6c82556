package messagerules

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Message types.
const (
	TypeSMS     = "sms"
	TypeMMS     = "mms"
	TypeChatApp = "chatapp"
)

// Message is the body of the send request.
type Message struct {
	Src           string `json:"src,omitempty"`
	PowerpackUUID string `json:"powerpack_uuid,omitempty"`
	// Dst holds one or more destinations separated by '<'.
	Dst  string `json:"dst"`
	Text string `json:"text,omitempty"`
	// Type is sms, mms or chatapp; empty means sms.
	Type string `json:"type,omitempty"`
	// MediaURLs is a comma-separated string in the spec's table, but real
	// clients send a JSON array. Message marshals an array and unmarshals
	// either form (see ParseMediaURLs).
	MediaURLs []string `json:"media_urls,omitempty"`
	// MediaIDs are files uploaded with POST Media/ (mms only); with
	// MediaURLs they name at most MaxMMSMediaURLs files.
	MediaIDs []string  `json:"media_ids,omitempty"`
	Template *Template `json:"template,omitempty"`
	// MessageExpiry is in seconds; nil means DefaultMessageExpiry. The spec
	// types it as a string; it is an int here, marshalled as a JSON number,
	// and unmarshalled from a number or a numeric string.
	MessageExpiry       *int   `json:"message_expiry,omitempty"`
	URL                 string `json:"url,omitempty"`
	Method              string `json:"method,omitempty"`
	DLTEntityID         string `json:"dlt_entity_id,omitempty"`
	DLTTemplateID       string `json:"dlt_template_id,omitempty"`
	DLTTemplateCategory string `json:"dlt_template_category,omitempty"`
	Trackable           *bool  `json:"trackable,omitempty"`
	// Log is true, false, content_only or number_only; empty means true.
	Log string `json:"log,omitempty"`
}

// Template names a pre-approved chat-app template and fills its variables.
type Template struct {
	Name       string      `json:"name"`
	Language   string      `json:"language"`
	Components []Component `json:"components,omitempty"`
}

// Component fills the variables of one part of a template.
type Component struct {
	Type       string      `json:"type"`
	SubType    string      `json:"sub_type,omitempty"`
	Index      string      `json:"index,omitempty"`
	Parameters []Parameter `json:"parameters"`
}

// Parameter is one template variable.
type Parameter struct {
	Type    string `json:"type"`
	Text    string `json:"text,omitempty"`
	Media   string `json:"media,omitempty"`
	Payload string `json:"payload,omitempty"`
}

// EffectiveType is m.Type with the default applied.
func (m Message) EffectiveType() string {
	if m.Type == "" {
		return TypeSMS
	}
	return m.Type
}

// EffectiveMessageExpiry is m.MessageExpiry with the default applied.
func (m Message) EffectiveMessageExpiry() int {
	if m.MessageExpiry == nil {
		return DefaultMessageExpiry
	}
	return *m.MessageExpiry
}

// Destinations is m.Dst split on '<' (see SplitDestinations).
func (m Message) Destinations() []string {
	return SplitDestinations(m.Dst)
}

// ParseMediaURLs splits the spec's comma-separated media_urls string. Each
// link is URL-encoded, so a comma inside one is %2C and a bare comma always
// separates. Surrounding whitespace is trimmed and empty entries (a trailing
// comma) are dropped; an empty string gives nil.
func ParseMediaURLs(s string) []string {
	var urls []string
	for part := range strings.SplitSeq(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			urls = append(urls, part)
		}
	}
	return urls
}

// UnmarshalJSON accepts the wire forms the spec and real clients use:
// media_urls as an array or a comma-separated string, message_expiry as a
// number or a numeric string, trackable as a boolean or "true"/"false",
// log as a string or a boolean (the Go library's log is an interface{}
// that a caller sets to true or false).
func (m *Message) UnmarshalJSON(data []byte) error {
	type plain Message
	var wire struct {
		plain
		MediaURLs     json.RawMessage `json:"media_urls"`
		MessageExpiry json.RawMessage `json:"message_expiry"`
		Trackable     json.RawMessage `json:"trackable"`
		Log           json.RawMessage `json:"log"`
	}
	if err := json.Unmarshal(data, &wire); err != nil {
		// The field path runs through the embedded wire type: name the
		// request field ("template.name", not "plain.template.name").
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			typeErr.Field = strings.TrimPrefix(typeErr.Field, "plain.")
		}
		return err
	}
	out := Message(wire.plain)
	var err error
	if out.MediaURLs, err = decodeMediaURLs(wire.MediaURLs); err != nil {
		return err
	}
	if out.MessageExpiry, err = decodeMessageExpiry(wire.MessageExpiry); err != nil {
		return err
	}
	if out.Trackable, err = decodeTrackable(wire.Trackable); err != nil {
		return err
	}
	if out.Log, err = decodeLog(wire.Log); err != nil {
		return err
	}
	*m = out
	return nil
}

func isJSONNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

func decodeMediaURLs(raw json.RawMessage) ([]string, error) {
	if isJSONNull(raw) {
		return nil, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err == nil {
		return list, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("media_urls: must be an array of strings or a comma-separated string, got %s", raw)
	}
	return ParseMediaURLs(s), nil
}

func decodeMessageExpiry(raw json.RawMessage) (*int, error) {
	if isJSONNull(raw) {
		return nil, nil
	}
	var n int
	if err := json.Unmarshal(raw, &n); err == nil {
		return &n, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("message_expiry: must be a whole number of seconds, got %s", raw)
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("message_expiry: must be a whole number of seconds, got %q", s)
	}
	return &n, nil
}

func decodeTrackable(raw json.RawMessage) (*bool, error) {
	if isJSONNull(raw) {
		return nil, nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil {
		return &b, nil
	}
	// Only the spellings the API documents, not strconv.ParseBool's "1" or "T".
	var s string
	if err := json.Unmarshal(raw, &s); err == nil && (s == "true" || s == "false") {
		b = s == "true"
		return &b, nil
	}
	return nil, fmt.Errorf("trackable: must be true or false, got %s", raw)
}

// decodeLog takes log as a string (any: Validate judges the value) or a
// JSON boolean, read as "true" or "false".
func decodeLog(raw json.RawMessage) (string, error) {
	if isJSONNull(raw) {
		return "", nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil {
		return strconv.FormatBool(b), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("log: must be true, false, content_only or number_only, got %s", raw)
	}
	return s, nil
}
