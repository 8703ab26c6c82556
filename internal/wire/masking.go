package wire

import (
	"encoding/json"
	"strconv"
)

// MaskingSessionCreate is the body of POST Masking/Session/. Nil and empty
// optional fields are left out, so the API applies its defaults; Keys tell
// the emulator a field left out (the default) from one sent empty (a
// record_file_format or a method sent "" is refused).
type MaskingSessionCreate struct {
	FirstParty                  string   `json:"first_party"`
	SecondParty                 string   `json:"second_party"`
	SessionExpiry               *int64   `json:"session_expiry,omitempty"`
	CallTimeLimit               *int64   `json:"call_time_limit,omitempty"`
	Record                      *bool    `json:"record,omitempty"`
	RecordFileFormat            string   `json:"record_file_format,omitempty"`
	RecordingCallbackURL        string   `json:"recording_callback_url,omitempty"`
	RecordingCallbackMethod     string   `json:"recording_callback_method,omitempty"`
	InitiateCallToFirstParty    *bool    `json:"initiate_call_to_first_party,omitempty"`
	CallbackURL                 string   `json:"callback_url,omitempty"`
	CallbackMethod              string   `json:"callback_method,omitempty"`
	RingTimeout                 *int64   `json:"ring_timeout,omitempty"`
	FirstPartyPlayURL           string   `json:"first_party_play_url,omitempty"`
	SecondPartyPlayURL          string   `json:"second_party_play_url,omitempty"`
	IsPINAuthenticationRequired *bool    `json:"is_pin_authentication_required,omitempty"`
	GeneratePIN                 *bool    `json:"generate_pin,omitempty"`
	GeneratePINLength           *int64   `json:"generate_pin_length,omitempty"`
	FirstPartyPIN               string   `json:"first_party_pin,omitempty"`
	SecondPartyPIN              string   `json:"second_party_pin,omitempty"`
	PINPromptPlay               string   `json:"pin_prompt_play,omitempty"`
	PINRetry                    *int64   `json:"pin_retry,omitempty"`
	PINRetryWait                *FlexInt `json:"pin_retry_wait,omitempty"` // the session object writes it as a string: clients send either
	IncorrectPINPlay            string   `json:"incorrect_pin_play,omitempty"`
	UnknownCallerPlay           string   `json:"unknown_caller_play,omitempty"`
	Keys                        `json:"-"`
}

// UnmarshalJSON decodes the fields and notes the keys sent.
func (m *MaskingSessionCreate) UnmarshalJSON(b []byte) error {
	type fields MaskingSessionCreate
	return decodeKeyed[MaskingSessionCreate](b, (*fields)(m), &m.Keys)
}

// Options are the options the create sent, in the update's shape (the
// fields the two share, checked and applied alike): nil where the body
// left a field out.
func (m *MaskingSessionCreate) Options() MaskingSessionUpdate {
	sent := func(key string, v *string) *string {
		if m.Has(key) {
			return v
		}
		return nil
	}
	return MaskingSessionUpdate{
		Record:                  m.Record,
		RecordFileFormat:        sent("record_file_format", &m.RecordFileFormat),
		RecordingCallbackURL:    sent("recording_callback_url", &m.RecordingCallbackURL),
		RecordingCallbackMethod: sent("recording_callback_method", &m.RecordingCallbackMethod),
		SessionExpiry:           m.SessionExpiry,
		CallTimeLimit:           m.CallTimeLimit,
		CallbackURL:             sent("callback_url", &m.CallbackURL),
		CallbackMethod:          sent("callback_method", &m.CallbackMethod),
		RingTimeout:             m.RingTimeout,
		FirstPartyPlayURL:       sent("first_party_play_url", &m.FirstPartyPlayURL),
		SecondPartyPlayURL:      sent("second_party_play_url", &m.SecondPartyPlayURL),
	}
}

// MaskingSession is the session object of every reply. Times are in Go's
// time.String() form, to the microsecond (YYYY-MM-DD HH:MM:SS.ffffff +0000
// UTC; read them with timestamps.Parse); unset URLs are empty strings;
// Interaction is null when there are none (its structure is not
// published, so it is kept raw). A session without PIN authentication
// leaves generate_pin_length, pin_retry and pin_retry_wait out (nil), as
// the service's replies do; pin_retry_wait is a number in a string.
type MaskingSession struct {
	FirstParty                  string          `json:"first_party"`
	SecondParty                 string          `json:"second_party"`
	VirtualNumber               string          `json:"virtual_number"`
	Status                      string          `json:"status"`
	InitiateCallToFirstParty    bool            `json:"initiate_call_to_first_party"`
	SessionUUID                 string          `json:"session_uuid"`
	CallbackURL                 string          `json:"callback_url"`
	CallbackMethod              string          `json:"callback_method"`
	CreatedTime                 string          `json:"created_time"`
	ModifiedTime                string          `json:"modified_time"`
	ExpiryTime                  string          `json:"expiry_time"`
	Duration                    int64           `json:"duration"`
	Amount                      float64         `json:"amount"`
	CallTimeLimit               int64           `json:"call_time_limit"`
	RingTimeout                 int64           `json:"ring_timeout"`
	FirstPartyPlayURL           string          `json:"first_party_play_url"`
	SecondPartyPlayURL          string          `json:"second_party_play_url"`
	Record                      bool            `json:"record"`
	RecordFileFormat            string          `json:"record_file_format"`
	RecordingCallbackURL        string          `json:"recording_callback_url"`
	RecordingCallbackMethod     string          `json:"recording_callback_method"`
	Interaction                 json.RawMessage `json:"interaction"`
	TotalCallAmount             float64         `json:"total_call_amount"`
	TotalCallCount              int64           `json:"total_call_count"`
	TotalCallBilledDuration     int64           `json:"total_call_billed_duration"`
	TotalSessionAmount          float64         `json:"total_session_amount"`
	LastInteractionTime         string          `json:"last_interaction_time"`
	IsPINAuthenticationRequired bool            `json:"is_pin_authentication_required"`
	GeneratePIN                 bool            `json:"generate_pin"`
	GeneratePINLength           *int64          `json:"generate_pin_length,omitempty"`
	FirstPartyPIN               string          `json:"first_party_pin"`
	SecondPartyPIN              string          `json:"second_party_pin"`
	PINPromptPlay               string          `json:"pin_prompt_play"`
	PINRetry                    *int64          `json:"pin_retry,omitempty"`
	PINRetryWait                *IntText        `json:"pin_retry_wait,omitempty"`
	IncorrectPINPlay            string          `json:"incorrect_pin_play"`
}

// PINRetryWaitSeconds decodes PINRetryWait; nil when the reply left it
// out or it holds no number.
func (s *MaskingSession) PINRetryWaitSeconds() *int64 {
	if s.PINRetryWait == nil {
		return nil
	}
	n, err := strconv.ParseInt(string(*s.PINRetryWait), 10, 64)
	if err != nil {
		return nil
	}
	return &n
}

// IntText is an integer the API writes as a string holding it ("5"). It
// reads a JSON number as well (the service's own Go client declares the
// field an integer), and writes the string.
type IntText string

// UnmarshalJSON reads "5" or 5.
func (t *IntText) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*t = IntText(n.String())
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*t = IntText(s)
	return nil
}

// IsExpired reports whether the session has ended.
func (s *MaskingSession) IsExpired() bool { return s.Status == "expired" }

// MaskingSessionCreated is the reply to a create. VirtualNumber carries a
// leading "+"; inside Session it does not.
type MaskingSessionCreated struct {
	APIID         string         `json:"api_id"`
	SessionUUID   string         `json:"session_uuid"`
	VirtualNumber string         `json:"virtual_number"`
	Message       string         `json:"message"`
	Session       MaskingSession `json:"session"`
}

// MaskingSessionReply is the reply of GET Masking/Session/{uuid}: the
// session sits under "response".
type MaskingSessionReply struct {
	APIID    string         `json:"api_id"`
	Response MaskingSession `json:"response"`
}

// MaskingSessionUpdated is the reply of POST Masking/Session/{uuid}: the
// session sits under "session".
type MaskingSessionUpdated struct {
	APIID   string         `json:"api_id"`
	Message string         `json:"message"`
	Session MaskingSession `json:"session"`
}

// MaskingSessionUpdate is the body of POST Masking/Session/{uuid}; nil
// fields are left unchanged, an empty URL clears it. SessionExpiry restarts
// the session's time: it then ends that many seconds after the update.
type MaskingSessionUpdate struct {
	Record                  *bool   `json:"record,omitempty"`
	RecordFileFormat        *string `json:"record_file_format,omitempty"`
	RecordingCallbackURL    *string `json:"recording_callback_url,omitempty"`
	RecordingCallbackMethod *string `json:"recording_callback_method,omitempty"`
	SessionExpiry           *int64  `json:"session_expiry,omitempty"`
	CallTimeLimit           *int64  `json:"call_time_limit,omitempty"`
	CallbackURL             *string `json:"callback_url,omitempty"`
	CallbackMethod          *string `json:"callback_method,omitempty"`
	RingTimeout             *int64  `json:"ring_timeout,omitempty"`
	FirstPartyPlayURL       *string `json:"first_party_play_url,omitempty"`
	SecondPartyPlayURL      *string `json:"second_party_play_url,omitempty"`
}

// MaskingSessionPage is the "response" of GET Masking/Session/.
type MaskingSessionPage struct {
	Meta    ListMeta         `json:"meta"`
	Objects []MaskingSession `json:"objects"`
}

// MaskingSessionList is one page of GET Masking/Session/: unlike other
// lists, meta and objects sit inside "response".
type MaskingSessionList struct {
	APIID    string             `json:"api_id"`
	Response MaskingSessionPage `json:"response"`
}
