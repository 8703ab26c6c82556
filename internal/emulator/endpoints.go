package emulator

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

type endpoint struct {
	seq         uint64
	ID          string
	Username    string // with the 12 digits
	PasswordMD5 string // only the digest is kept
	Alias       string
	AppID       string
	Registered  bool
	// The registered device, as the control API registered it (empty and
	// zero when not registered).
	Contact, UserAgent string
	Expires            time.Time
}

// endpointAccounts is the area's state: each account's endpoints.
var endpointAccounts = objectsState[*endpoint]("endpoints")

func (a *account) endpoints() map[string]*endpoint { return *stateOf[map[string]*endpoint](a) }

func (s *Server) endpointRoutes() []route {
	return []route{
		r(http.MethodPost, "Endpoint", s.createEndpoint),
		r(http.MethodGet, "Endpoint", s.listEndpoints),
		r(http.MethodGet, "Endpoint/{id}", s.getEndpoint),
		r(http.MethodPost, "Endpoint/{id}", s.updateEndpoint),
		r(http.MethodDelete, "Endpoint/{id}", s.deleteEndpoint),
	}
}

func (s *Server) createEndpoint(c *call) {
	var in wire.EndpointCreate
	if !c.decode(&in) {
		return
	}
	switch {
	case in.Username == "":
		c.badRequest("Mandatory parameter missing. username must be present.")
		return
	case endpointrules.CheckUsername("username", in.Username) != nil:
		c.badRequest("%v", endpointrules.CheckUsername("username", in.Username))
		return
	case !in.Has("password"):
		c.badRequest("Mandatory parameter missing. password must be present.")
		return
	case in.Alias == "":
		c.badRequest("Mandatory parameter missing. alias must be present.")
		return
	}
	if err := endpointrules.CheckPassword("password", in.Password); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	if err := checkAppID(c.acct, &in.AppID); err != nil {
		s.mu.Unlock()
		c.badRequest("%v", err)
		return
	}
	e := &endpoint{
		seq:         s.nextSeq(),
		ID:          s.randDigits(14),
		Username:    in.Username + s.randDigits(endpointrules.UsernameSuffixDigits),
		PasswordMD5: endpointrules.PasswordDigest(in.Password),
		Alias:       in.Alias,
		AppID:       in.AppID,
	}
	c.acct.endpoints()[e.ID] = e
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.EndpointCreated{
		APIID: newAPIID(), Username: e.Username, Alias: e.Alias, Message: "created", EndpointID: e.ID,
	})
}

func (s *Server) viewEndpoint(acct *account, e *endpoint) wire.Endpoint {
	v := wire.Endpoint{
		Alias:         e.Alias,
		EndpointID:    e.ID,
		ResourceURI:   resourceURI(acct, "Endpoint", e.ID),
		SIPRegistered: "false",
		SIPURI:        "sip:" + e.Username + "@" + s.opts.SIPDomain,
		Username:      e.Username,
	}
	if e.Registered {
		v.SIPRegistered = "true"
		v.SIPContact, v.SIPUserAgent = e.Contact, e.UserAgent
		v.SIPExpires = e.Expires.UTC().Format(wire.SIPExpiresLayout)
	}
	if e.AppID != "" {
		v.Application = resourceURI(acct, "Application", e.AppID)
	}
	return v
}

func (s *Server) getEndpoint(c *call) {
	v, ok := viewOf(c, c.acct.endpoints(), "endpoint", c.param("id"), func(e *endpoint) wire.Endpoint { return s.viewEndpoint(c.acct, e) })
	if !ok {
		return
	}
	c.reply(http.StatusOK, v) // the service's GET carries no api_id
}

func (s *Server) listEndpoints(c *call) {
	meta, objects, ok := pageOf(c, endpointrules.ListMaxLimit, c.acct.endpoints(), func(e *endpoint) uint64 { return e.seq }, nil,
		func(e *endpoint) wire.Endpoint { return s.viewEndpoint(c.acct, e) })
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.EndpointList{APIID: newAPIID(), Meta: meta, Objects: objects})
}

func (s *Server) updateEndpoint(c *call) {
	var in wire.EndpointUpdate
	if !c.decode(&in) {
		return
	}
	if in.Password != nil {
		if err := endpointrules.CheckPassword("password", *in.Password); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	if in.Alias != nil && *in.Alias == "" {
		c.badRequest("alias must not be empty")
		return
	}
	updateOf(c, c.acct.endpoints(), "endpoint", c.param("id"), func() error { return checkAppID(c.acct, in.AppID) }, func(e *endpoint) {
		if in.Password != nil {
			e.PasswordMD5 = endpointrules.PasswordDigest(*in.Password)
		}
		if in.Alias != nil {
			e.Alias = *in.Alias
		}
		if in.AppID != nil {
			e.AppID = *in.AppID
		}
	})
}

func (s *Server) deleteEndpoint(c *call) {
	s.mu.Lock()
	_, ok := c.acct.endpoints()[c.param("id")]
	delete(c.acct.endpoints(), c.param("id"))
	s.mu.Unlock()
	if !ok {
		c.notFound("endpoint", c.param("id"))
		return
	}
	c.noContent()
}

// endpointInventory is the endpoints area's part of Objects.
func endpointInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"endpoints": keys(a.endpoints())}
}

// EndpointPasswordIs reports whether endpoint id of account authID holds
// password. The API never returns a password or its digest; tests ask
// the emulator this way.
func (s *Server) EndpointPasswordIs(authID, id, password string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return false
	}
	e, ok := a.endpoints()[id]
	return ok && e.PasswordMD5 == endpointrules.PasswordDigest(password)
}

// SIPRegistration is a device's registration with an endpoint, as the
// control API sets it: Contact (default "sip:<username>@192.0.2.10:5060;ob"),
// UserAgent (default "Telephone 1.1.4") and ExpiresIn seconds from now
// (default 3600). Registered false unregisters the endpoint.
type SIPRegistration struct {
	Registered bool   `json:"registered"`
	Contact    string `json:"contact"`
	UserAgent  string `json:"user_agent"`
	ExpiresIn  int    `json:"expires_in"`
}

// RegisterEndpoint registers a device with endpoint id of account authID,
// or unregisters it; false when there is no such endpoint.
func (s *Server) RegisterEndpoint(authID, id string, reg SIPRegistration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return false
	}
	e, ok := a.endpoints()[id]
	if !ok {
		return false
	}
	e.Registered, e.Contact, e.UserAgent, e.Expires = reg.Registered, "", "", time.Time{}
	if !reg.Registered {
		return true
	}
	if reg.Contact == "" {
		reg.Contact = "sip:" + e.Username + "@192.0.2.10:5060;ob"
	}
	if reg.UserAgent == "" {
		reg.UserAgent = "Telephone 1.1.4"
	}
	if reg.ExpiresIn <= 0 {
		reg.ExpiresIn = 3600
	}
	e.Contact, e.UserAgent = reg.Contact, reg.UserAgent
	e.Expires = s.clock.Now().Add(time.Duration(reg.ExpiresIn) * time.Second).Truncate(time.Second)
	return true
}

// The state file's form of an endpoint holds its unexported fields too.

func (e *endpoint) MarshalJSON() ([]byte, error) {
	type plain endpoint
	return json.Marshal(struct {
		Seq uint64
		*plain
	}{e.seq, (*plain)(e)})
}

func (e *endpoint) UnmarshalJSON(b []byte) error {
	type plain endpoint
	v := struct {
		Seq uint64
		*plain
	}{plain: (*plain)(e)}
	err := json.Unmarshal(b, &v)
	e.seq = v.Seq
	return err
}
