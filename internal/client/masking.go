package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
)

// MaskingSessionCreate is the body of POST Masking/Session/. Nil and empty
// optional fields are left out, so the API applies its defaults.
type MaskingSessionCreate struct {
	FirstParty                  string `json:"first_party"`
	SecondParty                 string `json:"second_party"`
	SessionExpiry               *int64 `json:"session_expiry,omitempty"`
	CallTimeLimit               *int64 `json:"call_time_limit,omitempty"`
	Record                      *bool  `json:"record,omitempty"`
	RecordFileFormat            string `json:"record_file_format,omitempty"`
	RecordingCallbackURL        string `json:"recording_callback_url,omitempty"`
	RecordingCallbackMethod     string `json:"recording_callback_method,omitempty"`
	InitiateCallToFirstParty    *bool  `json:"initiate_call_to_first_party,omitempty"`
	CallbackURL                 string `json:"callback_url,omitempty"`
	CallbackMethod              string `json:"callback_method,omitempty"`
	RingTimeout                 *int64 `json:"ring_timeout,omitempty"`
	FirstPartyPlayURL           string `json:"first_party_play_url,omitempty"`
	SecondPartyPlayURL          string `json:"second_party_play_url,omitempty"`
	IsPINAuthenticationRequired *bool  `json:"is_pin_authentication_required,omitempty"`
	GeneratePIN                 *bool  `json:"generate_pin,omitempty"`
	GeneratePINLength           *int64 `json:"generate_pin_length,omitempty"`
	FirstPartyPIN               string `json:"first_party_pin,omitempty"`
	SecondPartyPIN              string `json:"second_party_pin,omitempty"`
	PINPromptPlay               string `json:"pin_prompt_play,omitempty"`
	PINRetry                    *int64 `json:"pin_retry,omitempty"`
	PINRetryWait                *int64 `json:"pin_retry_wait,omitempty"`
	IncorrectPINPlay            string `json:"incorrect_pin_play,omitempty"`
	UnknownCallerPlay           string `json:"unknown_caller_play,omitempty"`
}

// MaskingSession is the session object of every reply. Times have the form
// YYYY-MM-DD HH:MM:SS +0000 UTC; unset URLs are empty strings;
// PINRetryWait is a number in a string; Interaction is null when there are
// none (its structure is not published, so it is kept raw).
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
	GeneratePINLength           int64           `json:"generate_pin_length"`
	FirstPartyPIN               string          `json:"first_party_pin"`
	SecondPartyPIN              string          `json:"second_party_pin"`
	PINPromptPlay               string          `json:"pin_prompt_play"`
	PINRetry                    int64           `json:"pin_retry"`
	PINRetryWait                string          `json:"pin_retry_wait"`
	IncorrectPINPlay            string          `json:"incorrect_pin_play"`
}

// PINRetryWaitSeconds decodes PINRetryWait; 0 when it holds no number.
func (s *MaskingSession) PINRetryWaitSeconds() int64 {
	n, _ := strconv.ParseInt(s.PINRetryWait, 10, 64)
	return n
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

// MaskingSessionFilter holds the filters of GET Masking/Session/; empty
// fields are not sent. Status is active, expired or all. Times use the
// session time form, "YYYY-MM-DD HH:MM:SS" (UTC) or "YYYY-MM-DD".
type MaskingSessionFilter struct {
	FirstParty, SecondParty, VirtualNumber, Status string
	CreatedTimeGT, CreatedTimeGTE                  string
	CreatedTimeLT, CreatedTimeLTE                  string
	ExpiryTimeGT, ExpiryTimeGTE                    string
	ExpiryTimeLT, ExpiryTimeLTE                    string
}

func (f MaskingSessionFilter) query() url.Values {
	q := url.Values{}
	for k, v := range map[string]string{
		"first_party": f.FirstParty, "second_party": f.SecondParty, "virtual_number": f.VirtualNumber, "status": f.Status,
		"created_time__gt": f.CreatedTimeGT, "created_time__gte": f.CreatedTimeGTE,
		"created_time__lt": f.CreatedTimeLT, "created_time__lte": f.CreatedTimeLTE,
		"expiry_time__gt": f.ExpiryTimeGT, "expiry_time__gte": f.ExpiryTimeGTE,
		"expiry_time__lt": f.ExpiryTimeLT, "expiry_time__lte": f.ExpiryTimeLTE,
	} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return q
}

// MaskingSessionList is one page of GET Masking/Session/: unlike other
// lists, meta and objects sit inside "response".
type MaskingSessionList struct {
	APIID    string `json:"api_id"`
	Response struct {
		Meta    ListMeta         `json:"meta"`
		Objects []MaskingSession `json:"objects"`
	} `json:"response"`
}

// MaskingSessionPageLimit is the largest page GET Masking/Session/ serves.
const MaskingSessionPageLimit = 20

// maskingSessionPath is Masking/Session/{uuid}, without the trailing slash
// every other path has: the spec gives this one without.
func maskingSessionPath(id string) string { return "Masking/Session/" + url.PathEscape(id) }

// CreateMaskingSession creates a session. It is never retried after it may
// have reached the server; see OutcomeUnknownError.
func (c *Client) CreateMaskingSession(ctx context.Context, in MaskingSessionCreate) (*MaskingSessionCreated, error) {
	var out MaskingSessionCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Masking", "Session"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetMaskingSession reads a session (the reply's "response"); ErrNotFound
// when it never existed. An ended session is returned with status expired.
func (c *Client) GetMaskingSession(ctx context.Context, id string) (*MaskingSession, error) {
	var out struct {
		APIID    string         `json:"api_id"`
		Response MaskingSession `json:"response"`
	}
	if err := c.do(ctx, request{method: http.MethodGet, path: maskingSessionPath(id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Response, nil
}

// UpdateMaskingSession changes a session's options and returns the session
// (the reply's "session"). Setting fields is idempotent, so it is retried
// like a read.
func (c *Client) UpdateMaskingSession(ctx context.Context, id string, in MaskingSessionUpdate) (*MaskingSession, error) {
	var out struct {
		APIID   string         `json:"api_id"`
		Message string         `json:"message"`
		Session MaskingSession `json:"session"`
	}
	if err := c.do(ctx, request{method: http.MethodPost, path: maskingSessionPath(id), body: in, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Session, nil
}

// DeleteMaskingSession ends a session (it then reads as expired). Ending
// an already ended session is a 400; callers that only want it ended read
// it back instead of matching the message.
func (c *Client) DeleteMaskingSession(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: maskingSessionPath(id), idempotent: true}, nil)
}

// ListMaskingSessions reads one page of sessions matching f.
func (c *Client) ListMaskingSessions(ctx context.Context, f MaskingSessionFilter, limit, offset int) (*MaskingSessionList, error) {
	q := f.query()
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out MaskingSessionList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Masking", "Session"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListAllMaskingSessions pages through every session matching f.
func (c *Client) ListAllMaskingSessions(ctx context.Context, f MaskingSessionFilter) ([]MaskingSession, error) {
	return listAll(ctx, MaskingSessionPageLimit, 0, func(ctx context.Context, limit, offset int) ([]MaskingSession, ListMeta, error) {
		page, err := c.ListMaskingSessions(ctx, f, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Response.Objects, page.Response.Meta, nil
	})
}
