package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
)

// The control API lives outside /v1/, under /_emulator/, and needs no
// account credentials: it exists for tests and for users of the standalone
// server. With Options.ControlToken set (cpaas-emulator -control-token,
// and always when it listens beyond loopback), every control request must
// carry "Authorization: Bearer <token>"; without it, a 401.
//
//	GET  /_emulator/                       now, accounts, pending jobs
//	POST /_emulator/clock/advance          {"seconds": N}: move the clock, run what is due
//	POST /_emulator/reset                  drop every object, as at start
//	POST /_emulator/accounts               {"auth_id", "auth_token", "main_id"?}: add an account
//	GET  /_emulator/accounts/{auth_id}/objects   ids of every object the account owns, by kind
//	POST /_emulator/accounts/{auth_id}/endpoints/{id}/sip_registered  {"registered": bool,
//	     "contact"?, "user_agent"?, "expires_in"? (seconds)}: a device registers (or leaves);
//	     the endpoint then reads sip_contact, sip_expires and sip_user_agent
//	GET  /_emulator/callbacks              every callback attempt so far
//	PUT  /_emulator/faults                 a Faults object: inject 429s, 5xx, latency, dropped replies, ids hidden from lists
//	GET  /_emulator/faults                 the configuration and FaultStats
//	PUT  /_emulator/rate_limit             {"rate": N, "burst": N}: the per-account rate limit
//	     (ratelimit.go; rate 0 switches it off); every bucket starts full again
//	GET  /_emulator/rate_limit             the rate limit in force
//	POST /_emulator/accounts/{auth_id}/messaging/alphanumeric_sender  {"enabled": bool}
//	POST /_emulator/accounts/{auth_id}/messaging/inbound  {"from", "to", "text"?}: a customer's
//	     message to a business number, opening a 24-hour chat-app conversation
//	POST /_emulator/accounts/{auth_id}/messaging/destinations/{number}
//	     {"outcome": "delivered"|"undelivered"|"failed"|"queued", "error_code"?}: how later
//	     messages to that number end (see messages.go)
//	POST /_emulator/accounts/{auth_id}/masking/sessions/{uuid}/play_urls
//	     {"first_party_play_url"?, "second_party_play_url"?}: play URLs past today's
//	     .mp3/.wav rule, as older sessions hold them (.xml)
//	PUT  /_emulator/accounts/{auth_id}/messaging/dlt  a messagerules.DLTAccount: {"enabled",
//	     "entity_id", "templates": {"<template id>": {"header", "category"}}}: sets the
//	     account up for India DLT (replacing what was set), or not
//	GET  /_emulator/accounts/{auth_id}/verification_codes/{number}  the one-time code an open
//	     caller ID verification sent to the number (with or without +): {"code",
//	     "verification_uuid", "channel", "expires_at"}; 404 when none is open
func (s *Server) controlRoutes() []route {
	return append([]route{
		r(http.MethodGet, "", s.controlInfo),
		r(http.MethodPost, "clock/advance", s.controlAdvance),
		r(http.MethodPost, "reset", s.controlReset),
		r(http.MethodPost, "accounts", s.controlAddAccount),
		r(http.MethodGet, "accounts/{auth_id}/objects", s.controlObjects),
		r(http.MethodPost, "accounts/{auth_id}/endpoints/{id}/sip_registered", s.controlSIPRegistered),
		r(http.MethodGet, "callbacks", s.controlCallbacks),
		r(http.MethodPut, "faults", s.controlSetFaults),
		r(http.MethodGet, "faults", s.controlFaultStats),
		r(http.MethodPut, "rate_limit", s.controlSetRateLimit),
		r(http.MethodGet, "rate_limit", s.controlRateLimit),
		r(http.MethodPut, "delays", s.controlSetDelays),
		r(http.MethodGet, "delays", s.controlDelays),
	}, s.areaControlRoutes()...)
}

// areaControlRoutes are the control routes the areas register (area.control).
func (s *Server) areaControlRoutes() []route {
	var rs []route
	for _, ar := range areas {
		if ar.control != nil {
			rs = append(rs, ar.control(s)...)
		}
	}
	return rs
}

func (s *Server) controlInfo(c *call) {
	s.mu.Lock()
	ids := make([]string, 0, len(s.accounts))
	for id := range s.accounts {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	slices.Sort(ids)
	c.reply(http.StatusOK, map[string]any{
		"now":          s.clock.Now().Format(time.RFC3339),
		"manual_clock": s.clock.Manual(),
		"accounts":     ids,
		"pending_jobs": s.sched.Pending(),
	})
}

func (s *Server) controlAdvance(c *call) {
	var in struct {
		Seconds float64 `json:"seconds"`
	}
	if !c.decode(&in) {
		return
	}
	if in.Seconds < 0 {
		c.badRequest("seconds must not be negative, got %v", in.Seconds)
		return
	}
	now := s.clock.Advance(time.Duration(in.Seconds * float64(time.Second)))
	c.reply(http.StatusOK, map[string]any{"now": now.Format(time.RFC3339)})
}

func (s *Server) controlReset(c *call) {
	s.Reset()
	c.reply(http.StatusOK, map[string]any{"message": "reset"})
}

func (s *Server) controlAddAccount(c *call) {
	var in Account
	if !c.decode(&in) {
		return
	}
	if in.ID == "" || in.Token == "" {
		c.badRequest("auth_id and auth_token are required")
		return
	}
	s.AddAccount(in)
	c.reply(http.StatusCreated, map[string]any{"auth_id": in.ID})
}

func (s *Server) controlObjects(c *call) {
	objs, ok := s.Objects(c.param("auth_id"))
	if !ok {
		c.notFound("account", c.param("auth_id"))
		return
	}
	c.reply(http.StatusOK, objs)
}

func (s *Server) controlSIPRegistered(c *call) {
	var in SIPRegistration
	if !c.decode(&in) {
		return
	}
	if in.ExpiresIn < 0 {
		c.badRequest("expires_in must not be negative, got %d", in.ExpiresIn)
		return
	}
	if !s.RegisterEndpoint(c.param("auth_id"), c.param("id"), in) {
		c.notFound("endpoint", c.param("id"))
		return
	}
	c.reply(http.StatusOK, map[string]any{"registered": in.Registered})
}

func (s *Server) controlCallbacks(c *call) {
	c.reply(http.StatusOK, map[string]any{"attempts": s.Callbacks()})
}

// Objects lists the ids of every object an account owns, by kind, sorted:
// the inventories of every registered area (areas).
func (s *Server) Objects(authID string) (map[string][]string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return nil, false
	}
	out := map[string][]string{}
	now := s.clock.Now()
	for _, ar := range areas {
		for kind, ids := range ar.inventory(a, now) {
			slices.Sort(ids)
			out[kind] = ids
		}
	}
	return out, true
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// controlSetFaults takes the Faults object as -faults-file does
// (ReadFaults): a latency is a Go duration string ("20ms") or
// nanoseconds.
func (s *Server) controlSetFaults(c *call) {
	var raw json.RawMessage
	if !c.decode(&raw) {
		return
	}
	in, err := ReadFaults(raw)
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	for i, r := range in.Rules {
		if err := r.check(); err != nil {
			c.badRequest("rules[%d]: %v", i, err)
			return
		}
	}
	s.SetFaults(in)
	c.reply(http.StatusOK, map[string]any{"message": "faults set", "rules": len(in.Rules)})
}

func (s *Server) controlFaultStats(c *call) {
	s.faults.mu.Lock()
	cfg := s.faults.cfg
	s.faults.mu.Unlock()
	c.reply(http.StatusOK, map[string]any{"config": cfg, "stats": s.FaultStats()})
}

// SetAlphanumericSender enables or disables alphanumeric sender IDs for an
// account (disabled by default); false when the account does not exist.
func (s *Server) SetAlphanumericSender(authID string, enabled bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if ok {
		a.messaging().alphaSender = enabled
	}
	return ok
}

// OpenConversation simulates a customer's inbound chat-app message to a
// business number of the account: it stores the inbound message (state
// received) and opens a 24-hour conversation in which freeform messages
// from business to customer are allowed. It returns the inbound message's
// UUID.
func (s *Server) OpenConversation(authID, customer, business, text string) (string, error) {
	cust, biz := messagerules.SanitizeDst(customer), messagerules.SanitizeSrc(business)
	if fe := messagerules.CheckNumber(fielderr.Root("from"), customer, cust); fe != nil {
		return "", fe
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return "", fmt.Errorf("account %q not found", authID)
	}
	if _, owned := s.ownsNumber(a, biz); !owned {
		return "", fmt.Errorf("to: must be a phone number of the account (got %q)", business)
	}
	now := s.clock.Now()
	m := &message{
		seq: s.nextSeq(), UUID: s.newUUID(), State: MessageReceived, Type: messagerules.TypeChatApp, Direction: "inbound",
		From: cust, To: biz, Text: text, Time: now, Units: 1, Log: "true",
	}
	a.messaging().messages[m.UUID] = m
	a.messaging().conversations[biz+"|"+cust] = now.Add(ConversationWindow)
	return m.UUID, nil
}

// SetDestinationOutcome decides how messages sent later to number end
// (after sanitising, as dst is). Outcome "" or delivered restores the
// default.
func (s *Server) SetDestinationOutcome(authID, number string, o DestinationOutcome) error {
	switch o.Outcome {
	case "", OutcomeDelivered, OutcomeUndelivered, OutcomeFailed, OutcomeQueued:
	default:
		return fmt.Errorf("outcome must be one of delivered, undelivered, failed, queued, got %q", o.Outcome)
	}
	if o.ErrorCode != "" && (len(o.ErrorCode) != 3 || !messagerules.IsPhoneNumber(o.ErrorCode)) {
		return fmt.Errorf("error_code must be three digits, got %q", o.ErrorCode)
	}
	n := messagerules.SanitizeDst(number)
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return fmt.Errorf("account %q not found", authID)
	}
	if o.Outcome == "" || o.Outcome == OutcomeDelivered {
		delete(a.messaging().outcomes, n)
	} else {
		a.messaging().outcomes[n] = o
	}
	return nil
}

func (s *Server) messageControlRoutes() []route {
	return []route{
		r(http.MethodPost, "accounts/{auth_id}/messaging/alphanumeric_sender", s.controlAlphaSender),
		r(http.MethodPost, "accounts/{auth_id}/messaging/inbound", s.controlInbound),
		r(http.MethodPost, "accounts/{auth_id}/messaging/destinations/{number}", s.controlDestination),
		r(http.MethodPut, "accounts/{auth_id}/messaging/dlt", s.controlSetDLT),
	}
}

// SetDLT sets an account up for India DLT traffic, with its entity id and
// registered templates, or (Enabled false) not; it replaces what was set.
func (s *Server) SetDLT(authID string, d messagerules.DLTAccount) error {
	if err := messagerules.CheckDLTAccount(d); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return fmt.Errorf("account %q not found", authID)
	}
	if !d.Enabled {
		d = messagerules.DLTAccount{}
	}
	a.messaging().dlt = d
	return nil
}

func (s *Server) controlSetDLT(c *call) {
	var in messagerules.DLTAccount
	if !c.decode(&in) {
		return
	}
	if err := s.SetDLT(c.param("auth_id"), in); err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusOK, in)
}

func (s *Server) controlAlphaSender(c *call) {
	var in struct {
		Enabled bool `json:"enabled"`
	}
	if !c.decode(&in) {
		return
	}
	if !s.SetAlphanumericSender(c.param("auth_id"), in.Enabled) {
		c.notFound("account", c.param("auth_id"))
		return
	}
	c.reply(http.StatusOK, map[string]any{"enabled": in.Enabled})
}

func (s *Server) controlInbound(c *call) {
	var in struct {
		From string `json:"from"`
		To   string `json:"to"`
		Text string `json:"text"`
	}
	if !c.decode(&in) {
		return
	}
	id, err := s.OpenConversation(c.param("auth_id"), in.From, in.To, in.Text)
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusCreated, map[string]any{
		"message_uuid":         id,
		"conversation_expires": s.clock.Now().Add(ConversationWindow).Format(time.RFC3339),
	})
}

func (s *Server) controlDestination(c *call) {
	var in DestinationOutcome
	if !c.decode(&in) {
		return
	}
	if err := s.SetDestinationOutcome(c.param("auth_id"), c.param("number"), in); err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusOK, in)
}
