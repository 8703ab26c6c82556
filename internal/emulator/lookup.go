package emulator

import (
	"net/http"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/accountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The number look-up (the real service's recorded shapes). The service
// serves it on another host (lookup.<its domain>) and outside the account:
// GET /v1/Number/{E.164 number}?type=carrier with the account's Basic
// credentials. The emulator serves the same path on its one listener (no
// /v1/Account/ path starts with /v1/Number/), so a provider pointed at the
// emulator reaches it through lookup_base_url = the emulator's URL, which
// is also the default when base_url is the emulator's. Every reply of
// this path, errors included, is the look-up's own error shape
// (wire.LookupError: an integer error_code, a message, no error key),
// except the 429 and 5xx of the rate limit and of injected faults, which
// are the gateway's and keep the API's usual shape.

// lookupRoute is the look-up's route: its pattern, "lookup/Number/{number}",
// is what a fault rule names to select it.
var lookupRoute = route{method: http.MethodGet, pattern: []string{"lookup", "Number", "{number}"}}

// lookupFail writes the look-up's own error reply.
func (c *call) lookupFail(status int, msg string) {
	c.reply(status, wire.LookupError{APIID: newAPIID(), ErrorCode: status, Message: msg})
}

// serveLookup serves /v1/Number/...; rest is the path after it.
func (s *Server) serveLookup(c *call, rest []string) {
	user, _, _ := c.req.BasicAuth()
	acct, ok := s.authenticate(c.req, user)
	if !ok || s.disabled(acct) {
		c.w.Header().Set("WWW-Authenticate", `Basic realm="cpaas"`)
		c.lookupFail(http.StatusUnauthorized, "Authentication failed: the auth_id and auth_token do not match an enabled account.")
		return
	}
	c.acct = acct
	if len(rest) != 1 {
		c.lookupFail(http.StatusNotFound, "Unknown resource "+c.req.URL.Path+": the look-up is GET /v1/Number/{number}?type=carrier.")
		return
	}
	if c.req.Method != http.MethodGet {
		c.lookupFail(http.StatusMethodNotAllowed, "Method "+c.req.Method+" is not allowed: the look-up is GET /v1/Number/{number}?type=carrier.")
		return
	}
	if !s.admit(c) {
		return
	}
	c.params = map[string]string{"number": rest[0]}
	s.serveWithFaults(c, lookupRoute, func(c *call) {
		// A GET, but it charges the balance: with a state file it is
		// answered once that is saved, as the other changes are.
		s.mu.Lock()
		durable := s.state != nil
		s.mu.Unlock()
		if durable {
			s.durable(s.lookupNumber)(c)
			return
		}
		s.lookupNumber(c)
	})
}

// lookupNumber answers a look-up: the number must be E.164 with its +
// and one of the number inventory's or one its country's numbering plan
// holds (numberdata.Lookup says what it reports); anything else is the
// look-up's 404.
func (s *Server) lookupNumber(c *call) {
	if typ := c.req.URL.Query().Get("type"); typ != accountrules.LookupType {
		c.lookupFail(http.StatusBadRequest, "type must be "+accountrules.LookupType+", got \""+typ+"\".")
		return
	}
	number := c.param("number")
	l, ok := numberdata.Lookup(number)
	if accountrules.CheckLookupNumber("number", number) != nil || !ok {
		c.lookupFail(http.StatusNotFound, wire.LookupNotFound)
		return
	}
	l.APIID = newAPIID()
	s.mu.Lock()
	s.charge(c.acct, lookupCost) // billed per answered look-up
	s.mu.Unlock()
	c.reply(http.StatusOK, l)
}
