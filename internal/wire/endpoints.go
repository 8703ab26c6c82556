package wire

import "strings"

// EndpointCreate is the body of POST Endpoint/. Keys tell the emulator a
// password left out (missing) from one sent empty (too short).
type EndpointCreate struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Alias    string `json:"alias"`
	AppID    string `json:"app_id,omitempty"`
	Keys     `json:"-"`
}

// UnmarshalJSON decodes the fields and notes the keys sent.
func (e *EndpointCreate) UnmarshalJSON(b []byte) error {
	type fields EndpointCreate
	return decodeKeyed[EndpointCreate](b, (*fields)(e), &e.Keys)
}

// EndpointCreated is the reply to a create: Username is the requested
// username with 12 digits appended.
type EndpointCreated struct {
	APIID      string `json:"api_id"`
	Username   string `json:"username"`
	Alias      string `json:"alias"`
	Message    string `json:"message"`
	EndpointID string `json:"endpoint_id"`
}

// Endpoint is a stored SIP endpoint, as GET Endpoint/{id}/ and the list
// return it. The service's replies carry neither the password (nor any
// digest of it) nor an api_id. SIPContact, SIPExpires ("YYYY-MM-DD
// HH:MM:SS", UTC) and SIPUserAgent describe the device registered with the
// endpoint; an unregistered endpoint leaves the three keys out.
type Endpoint struct {
	Alias         string  `json:"alias"`
	Application   string  `json:"application"`
	EndpointID    string  `json:"endpoint_id"`
	ResourceURI   string  `json:"resource_uri"`
	SIPContact    string  `json:"sip_contact,omitempty"`
	SIPExpires    string  `json:"sip_expires,omitempty"`
	SIPRegistered string  `json:"sip_registered"`
	SIPURI        string  `json:"sip_uri"`
	SIPUserAgent  string  `json:"sip_user_agent,omitempty"`
	SubAccount    *string `json:"sub_account"`
	Username      string  `json:"username"`
}

// SIPExpiresLayout is the form of sip_expires, in UTC.
const SIPExpiresLayout = "2006-01-02 15:04:05"

// IsSIPRegistered decodes the API's "true"/"false" string.
func (e *Endpoint) IsSIPRegistered() bool { return e.SIPRegistered == "true" }

// AppID extracts the application id from the Application resource path
// ("/v1/Account/X/Application/<id>/"), or "" when none is attached.
func (e *Endpoint) AppID() string { return lastPathSegment(e.Application) }

// EndpointUpdate is the body of POST Endpoint/{id}/; nil fields are left
// unchanged. An empty AppID detaches the application.
type EndpointUpdate struct {
	Password *string `json:"password,omitempty"`
	Alias    *string `json:"alias,omitempty"`
	AppID    *string `json:"app_id,omitempty"`
}

// EndpointList is one page of GET Endpoint/.
type EndpointList = Page[Endpoint]

// lastPathSegment returns the last non-empty segment of a resource path.
func lastPathSegment(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
