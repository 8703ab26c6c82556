package emulator

import (
	"fmt"
	"net/http"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/calleridrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules/numregion"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Verified caller IDs (VerifiedCallerId/ in the service's client libraries): a number the account may use
// as its caller ID once its owner proves it holds it. An initiate sends a
// one-time code to the number (by SMS or a call: the emulator keeps it,
// and the control API hands it to a test, as the phone would show it); a
// verify with that code within calleridrules.CodeValidity makes the number
// verified. Verified numbers are read, listed, updated (alias,
// subaccount) and deleted by number, with or without its +.
//
// Where the documentation is silent the emulator chooses, once, here:
//   - a GET of a number not yet verified is a 404;
//   - initiating for a number already verified is a 409 (the service
//     documents no status; 409 is what the Python library maps to a
//     conflict), so a client can tell it from a malformed request;
//   - a wrong code is a 400 and keeps the verification open; an expired
//     code is a 400 that closes it (initiate again); an unknown
//     verification_uuid is a 404;
//   - initiating again for a pending number replaces its code.
//   - the record's subaccount only labels the number: it stays in the
//     account that verified it (a subaccount's credentials verify into
//     the subaccount, which is then its label).

// callerIDState is an account's verified caller IDs, by the number's
// digits, and its open verifications, by verification_uuid.
type callerIDState struct {
	Verified map[string]*verifiedCallerID     `json:"verified"`
	Pending  map[string]*callerIDVerification `json:"pending"`
}

func newCallerIDState() callerIDState {
	return callerIDState{Verified: map[string]*verifiedCallerID{}, Pending: map[string]*callerIDVerification{}}
}

// orEmptyCallerIDs gives a loaded state its missing maps.
func orEmptyCallerIDs(c callerIDState) callerIDState {
	return callerIDState{Verified: orEmpty(c.Verified), Pending: orEmpty(c.Pending)}
}

// callerIDAccounts is the area's state: each account's verified caller
// IDs and open verifications, under the state file's key
// verified_caller_ids. An open verification's expiry is a time it holds,
// checked when it is used: nothing to queue again after a restart.
var callerIDAccounts = &accountState[callerIDState]{
	fresh: func() *callerIDState { c := newCallerIDState(); return &c },
	saved: func(_ *account, st *callerIDState) []savedField {
		return []savedField{{key: "verified_caller_ids", ptr: st,
			empty: func() bool { return len(st.Verified) == 0 && len(st.Pending) == 0 }}}
	},
	restore: func(_ *Server, _ *account, st *callerIDState) { *st = orEmptyCallerIDs(*st) },
}

func (a *account) callerIDs() *callerIDState { return stateOf[callerIDState](a) }

type verifiedCallerID struct {
	Seq              uint64    `json:"seq"`
	Digits           string    `json:"digits"`
	Alias            string    `json:"alias"`
	Channel          string    `json:"channel"`
	Country          string    `json:"country"`
	Subaccount       string    `json:"subaccount"`
	VerificationUUID string    `json:"verification_uuid"`
	Created          time.Time `json:"created"`
	Modified         time.Time `json:"modified"`
}

// callerIDVerification is an open verification: the code the number
// received, until Expires.
type callerIDVerification struct {
	UUID       string    `json:"uuid"`
	Digits     string    `json:"digits"`
	Alias      string    `json:"alias"`
	Channel    string    `json:"channel"`
	Subaccount string    `json:"subaccount"`
	Code       string    `json:"code"`
	Expires    time.Time `json:"expires"`
}

func (s *Server) callerIDRoutes() []route {
	return []route{
		r(http.MethodPost, "VerifiedCallerId", s.initiateCallerID),
		r(http.MethodPost, "VerifiedCallerId/Verification/{id}", s.verifyCallerID),
		r(http.MethodGet, "VerifiedCallerId", s.listCallerIDs),
		r(http.MethodGet, "VerifiedCallerId/{id}", s.getCallerID),
		r(http.MethodPost, "VerifiedCallerId/{id}", s.updateCallerID),
		r(http.MethodDelete, "VerifiedCallerId/{id}", s.deleteCallerID),
	}
}

// callerIDInventory is the area's part of Objects: the verified numbers,
// with their + (the id cpaas_verified_caller_id has). Open verifications
// are not objects.
func callerIDInventory(a *account, _ time.Time) map[string][]string {
	ids := make([]string, 0, len(a.callerIDs().Verified))
	for d := range a.callerIDs().Verified {
		ids = append(ids, calleridrules.E164(d))
	}
	return map[string][]string{"verified_caller_ids": ids}
}

func (s *Server) callerIDControlRoutes() []route {
	return []route{r(http.MethodGet, "accounts/{auth_id}/verification_codes/{number}", s.controlVerificationCode)}
}

// controlVerificationCode hands a test the code the number received: what
// its owner reads on the phone.
func (s *Server) controlVerificationCode(c *call) {
	v, ok := s.VerificationCode(c.param("auth_id"), c.param("number"))
	if !ok {
		c.notFound("open verification of number", c.param("number"))
		return
	}
	c.reply(http.StatusOK, map[string]any{"code": v.Code, "verification_uuid": v.UUID, "channel": v.Channel, "expires_at": v.Expires.UTC().Format(time.RFC3339)})
}

// VerificationCode is the newest open verification of number (with or
// without its +) in account authID, unexpired: the code the number
// received.
func (s *Server) VerificationCode(authID, number string) (callerIDVerification, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return callerIDVerification{}, false
	}
	digits := calleridrules.Digits(number)
	now := s.clock.Now()
	for _, v := range a.callerIDs().Pending {
		if v.Digits == digits && now.Before(v.Expires) {
			return *v, true
		}
	}
	return callerIDVerification{}, false
}

// callerIDSubaccount resolves the subaccount of an initiate or update:
// only a main account sets it (a subaccount's own objects carry its id).
// "" and absent mean none (initiate) or no change (update).
func callerIDSubaccount(c *call, v *string) (string, bool) {
	if c.acct.MainID != "" {
		if v != nil && *v != "" && *v != c.acct.ID {
			c.badRequest("subaccount %q: only the main account's credentials may set or change a verified caller ID's subaccount", *v)
			return "", false
		}
		return c.acct.ID, true
	}
	if v == nil || *v == "" || *v == c.acct.ID {
		return "", true
	}
	c.s.mu.Lock()
	_, ok := c.acct.subaccounts()[*v]
	c.s.mu.Unlock()
	if !ok {
		c.badRequest("subaccount %q is not a subaccount of this account (the main account's own auth_id moves a caller ID back to it)", *v)
		return "", false
	}
	return *v, true
}

func (s *Server) initiateCallerID(c *call) {
	var in wire.VerifiedCallerIDInitiate
	if !c.decode(&in) {
		return
	}
	if in.PhoneNumber == "" {
		c.badRequest("Mandatory parameter missing. phone_number must be present.")
		return
	}
	for _, err := range []error{calleridrules.CheckNumber("phone_number", in.PhoneNumber), calleridrules.CheckAlias("alias", in.Alias), calleridrules.CheckChannel("channel", in.Channel)} {
		if err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	sub, ok := callerIDSubaccount(c, &in.Subaccount)
	if !ok {
		return
	}
	channel := in.Channel
	if channel == "" {
		channel = calleridrules.ChannelSMS
	}
	digits := calleridrules.Digits(in.PhoneNumber)
	s.mu.Lock()
	if _, done := c.acct.callerIDs().Verified[digits]; done {
		s.mu.Unlock()
		c.fail(http.StatusConflict, fmt.Sprintf("phone number %s is already verified for this account", calleridrules.E164(digits)))
		return
	}
	for id, p := range c.acct.callerIDs().Pending {
		if p.Digits == digits {
			delete(c.acct.callerIDs().Pending, id) // a new code replaces the old one
		}
	}
	v := &callerIDVerification{UUID: s.newUUID(), Digits: digits, Alias: in.Alias, Channel: channel, Subaccount: sub,
		Code: s.randDigits(6), Expires: s.clock.Now().Add(calleridrules.CodeValidity)}
	c.acct.callerIDs().Pending[v.UUID] = v
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.VerifiedCallerIDInitiated{APIID: newAPIID(), VerificationUUID: v.UUID,
		Message: fmt.Sprintf("Verification code is sent to number %s which is valid for %d minutes", calleridrules.E164(digits), int(calleridrules.CodeValidity/time.Minute))})
}

func (s *Server) verifyCallerID(c *call) {
	var in wire.VerifiedCallerIDVerify
	if !c.decode(&in) {
		return
	}
	if in.OTP == "" {
		c.badRequest("Mandatory parameter missing. otp must be present.")
		return
	}
	id := c.param("id")
	s.mu.Lock()
	v, ok := c.acct.callerIDs().Pending[id]
	var rec *verifiedCallerID
	var failure string
	now := s.clock.Now()
	switch {
	case !ok:
	case !now.Before(v.Expires):
		delete(c.acct.callerIDs().Pending, id)
		failure = fmt.Sprintf("the verification code for %s has expired (codes are valid for %d minutes); initiate the verification again", calleridrules.E164(v.Digits), int(calleridrules.CodeValidity/time.Minute))
	case in.OTP != v.Code:
		failure = fmt.Sprintf("otp does not match the code sent to %s; check the code or initiate the verification again", calleridrules.E164(v.Digits))
	case c.acct.callerIDs().Verified[v.Digits] != nil:
		delete(c.acct.callerIDs().Pending, id)
		failure = fmt.Sprintf("phone number %s is already verified for this account", calleridrules.E164(v.Digits))
	default:
		delete(c.acct.callerIDs().Pending, id)
		rec = &verifiedCallerID{Seq: s.nextSeq(), Digits: v.Digits, Alias: v.Alias, Channel: v.Channel, Country: numregion.Of(v.Digits), Subaccount: v.Subaccount,
			VerificationUUID: v.UUID, Created: now, Modified: now}
		c.acct.callerIDs().Verified[v.Digits] = rec
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("verification", id)
	case failure != "":
		c.badRequest("%s", failure)
	default:
		c.reply(http.StatusOK, wire.VerifiedCallerIDVerified{APIID: newAPIID(), Alias: rec.Alias, Channel: rec.Channel,
			Country: rec.Country, CreatedAt: callerIDTime(rec.Created), PhoneNumber: calleridrules.E164(rec.Digits), VerificationUUID: rec.VerificationUUID})
	}
}

// callerIDTime is how the service writes these times: RFC 3339 in UTC,
// trailing zeros of the fraction trimmed.
func callerIDTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func viewCallerID(v *verifiedCallerID) wire.VerifiedCallerID {
	return wire.VerifiedCallerID{Alias: v.Alias, Country: v.Country, CreatedAt: callerIDTime(v.Created), ModifiedAt: callerIDTime(v.Modified),
		PhoneNumber: calleridrules.E164(v.Digits), Subaccount: v.Subaccount, VerificationUUID: v.VerificationUUID}
}

func (s *Server) getCallerID(c *call) {
	v, ok := viewOf(c, c.acct.callerIDs().Verified, "verified caller ID", calleridrules.Digits(c.param("id")), viewCallerID)
	if ok {
		c.reply(http.StatusOK, wire.VerifiedCallerIDReply{APIID: newAPIID(), VerifiedCallerID: v})
	}
}

// listCallerIDs lists newest first, as the recorded list does; alias,
// country and subaccount filter exactly.
func (s *Server) listCallerIDs(c *call) {
	q := c.req.URL.Query()
	keep := func(v *verifiedCallerID) bool {
		return (!q.Has("alias") || q.Get("alias") == v.Alias) && (!q.Has("country") || q.Get("country") == v.Country) &&
			(!q.Has("subaccount") || q.Get("subaccount") == v.Subaccount)
	}
	meta, objects, ok := pageOf(c, calleridrules.ListMaxLimit, c.acct.callerIDs().Verified, func(v *verifiedCallerID) uint64 { return ^v.Seq }, keep,
		func(v *verifiedCallerID) wire.VerifiedCallerID {
			w := viewCallerID(v)
			w.ResourceURI = "/v1/Account/" + c.acct.ID + "/VerifiedCallerId/" + v.Digits
			return w
		})
	if ok {
		c.reply(http.StatusOK, wire.VerifiedCallerIDList{APIID: newAPIID(), Meta: meta, Objects: objects})
	}
}

func (s *Server) updateCallerID(c *call) {
	var in wire.VerifiedCallerIDUpdate
	if !c.decode(&in) {
		return
	}
	if in.Alias != nil {
		if err := calleridrules.CheckAlias("alias", *in.Alias); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	var sub string
	if in.Subaccount != nil && *in.Subaccount != "" {
		var ok bool
		if sub, ok = callerIDSubaccount(c, in.Subaccount); !ok {
			return
		}
	}
	digits := calleridrules.Digits(c.param("id"))
	var out wire.VerifiedCallerID
	s.mu.Lock()
	v, found := c.acct.callerIDs().Verified[digits]
	if found {
		if in.Alias != nil {
			v.Alias = *in.Alias
		}
		if in.Subaccount != nil && *in.Subaccount != "" {
			v.Subaccount = sub
		}
		// The recorded update reply keeps modified_at equal to
		// created_at; the emulator does the same.
		out = viewCallerID(v)
	}
	s.mu.Unlock()
	if !found {
		c.notFound("verified caller ID", c.param("id"))
		return
	}
	c.reply(http.StatusOK, wire.VerifiedCallerIDReply{APIID: newAPIID(), VerifiedCallerID: out})
}

func (s *Server) deleteCallerID(c *call) {
	digits := calleridrules.Digits(c.param("id"))
	s.mu.Lock()
	_, ok := c.acct.callerIDs().Verified[digits]
	delete(c.acct.callerIDs().Verified, digits)
	s.mu.Unlock()
	if !ok {
		c.notFound("verified caller ID", c.param("id"))
		return
	}
	c.noContent()
}
