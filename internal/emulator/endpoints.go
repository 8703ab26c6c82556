package emulator

import (
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
}

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
	var in struct {
		Username *string `json:"username"`
		Password *string `json:"password"`
		Alias    *string `json:"alias"`
		AppID    *string `json:"app_id"`
	}
	if !c.decode(&in) {
		return
	}
	switch {
	case in.Username == nil || *in.Username == "":
		c.badRequest("Mandatory parameter missing. username must be present.")
		return
	case endpointrules.CheckUsername(*in.Username) != nil:
		c.badRequest("%v", endpointrules.CheckUsername(*in.Username))
		return
	case in.Password == nil:
		c.badRequest("Mandatory parameter missing. password must be present.")
		return
	case in.Alias == nil || *in.Alias == "":
		c.badRequest("Mandatory parameter missing. alias must be present.")
		return
	}
	if err := endpointrules.CheckPassword(*in.Password); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	if err := checkAppID(c.acct, in.AppID); err != nil {
		s.mu.Unlock()
		c.badRequest("%v", err)
		return
	}
	e := &endpoint{
		seq:         s.nextSeq(),
		ID:          s.randDigits(14),
		Username:    *in.Username + s.randDigits(endpointrules.UsernameSuffixDigits),
		PasswordMD5: endpointrules.PasswordDigest(*in.Password),
		Alias:       *in.Alias,
	}
	if in.AppID != nil {
		e.AppID = *in.AppID
	}
	c.acct.endpoints[e.ID] = e
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.EndpointCreated{
		APIID: newAPIID(), Username: e.Username, Alias: e.Alias, Message: "created", EndpointID: e.ID,
	})
}

func (s *Server) viewEndpoint(acct *account, e *endpoint) wire.Endpoint {
	v := wire.Endpoint{
		Alias:         e.Alias,
		EndpointID:    e.ID,
		Password:      e.PasswordMD5,
		ResourceURI:   resourceURI(acct, "Endpoint", e.ID),
		SIPRegistered: "false",
		SIPURI:        "sip:" + e.Username + "@" + s.opts.SIPDomain,
		Username:      e.Username,
	}
	if e.Registered {
		v.SIPRegistered = "true"
	}
	if e.AppID != "" {
		v.Application = resourceURI(acct, "Application", e.AppID)
	}
	return v
}

func (s *Server) getEndpoint(c *call) {
	v, ok := viewOf(c, c.acct.endpoints, "endpoint", c.param("id"), func(e *endpoint) wire.Endpoint { return s.viewEndpoint(c.acct, e) })
	if !ok {
		return
	}
	v.APIID = newAPIID()
	c.reply(http.StatusOK, v)
}

func (s *Server) listEndpoints(c *call) {
	meta, objects, ok := pageOf(c, endpointrules.ListMaxLimit, c.acct.endpoints, func(e *endpoint) uint64 { return e.seq }, nil,
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
		if err := endpointrules.CheckPassword(*in.Password); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	if in.Alias != nil && *in.Alias == "" {
		c.badRequest("alias must not be empty")
		return
	}
	updateOf(c, c.acct.endpoints, "endpoint", c.param("id"), func() error { return checkAppID(c.acct, in.AppID) }, func(e *endpoint) {
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
	_, ok := c.acct.endpoints[c.param("id")]
	delete(c.acct.endpoints, c.param("id"))
	s.mu.Unlock()
	if !ok {
		c.notFound("endpoint", c.param("id"))
		return
	}
	c.noContent()
}

// endpointInventory is the endpoints area's part of Objects.
func endpointInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"endpoints": keys(a.endpoints)}
}
