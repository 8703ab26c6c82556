package emulator

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// maskingSession is one call-masking session. Its status is not stored: it
// is active while the emulator clock is before expiry and expired from then
// on (delete sets expiry to the moment of the delete), so reads and list
// filters are right whenever they look, with no job needed to flip it.
type maskingSession struct {
	seq                     uint64
	UUID                    string
	FirstParty              string
	SecondParty             string
	VirtualNumber           string
	InitiateCall            bool
	FirstPIN, SecondPIN     string
	PINAuth, GeneratePIN    bool
	GeneratePINLength       int
	PINPromptPlay           string
	PINRetry                int
	PINRetryWait            int
	IncorrectPINPlay        string
	UnknownCallerPlay       string // accepted, not part of the session object
	CallbackURL             string
	CallbackMethod          string
	Created, Modified       time.Time
	Expiry                  time.Time
	Duration                int // session_expiry in effect, seconds
	CallTimeLimit           int
	RingTimeout             int
	FirstPlayURL            string
	SecondPlayURL           string
	Record                  bool
	RecordFileFormat        string
	RecordingCallbackURL    string
	RecordingCallbackMethod string
	// Calls simulated through the control API (masking_calls.go).
	CallCount       int
	CallSeconds     int
	LastInteraction time.Time
	expiryNotified  bool // the session_expired event was sent
}

func (m *maskingSession) active(now time.Time) bool { return now.Before(m.Expiry) }

func (m *maskingSession) status(now time.Time) string {
	if m.active(now) {
		return maskingrules.StatusActive
	}
	return maskingrules.StatusExpired
}

// maskingAccounts is the area's state: each account's sessions (an ended
// one stays readable as expired: the map never shrinks). A restart plans
// again the expiry of each session not yet reported expired.
var maskingAccounts = objectsState[*maskingSession]("masking_sessions").restoring(
	func(s *Server, a *account, st *map[string]*maskingSession) {
		for _, m := range *st {
			if !m.expiryNotified {
				s.scheduleMaskingExpiry(a, m)
			}
		}
	})

func (a *account) maskingSessions() map[string]*maskingSession {
	return *stateOf[map[string]*maskingSession](a)
}

func (s *Server) maskingRoutes() []route {
	return []route{
		r(http.MethodPost, "Masking/Session", s.createMaskingSession),
		r(http.MethodGet, "Masking/Session", s.listMaskingSessions),
		r(http.MethodGet, "Masking/Session/{uuid}", s.getMaskingSession),
		r(http.MethodPost, "Masking/Session/{uuid}", s.updateMaskingSession),
		r(http.MethodDelete, "Masking/Session/{uuid}", s.deleteMaskingSession),
	}
}

// checkMaskingOptions returns the first rule the options (the fields create
// and update share) break, or nil.
func checkMaskingOptions(o *wire.MaskingSessionUpdate) *fielderr.Error {
	ranges := []struct {
		name   string
		v      *int64
		lo, hi int64
		zeroOK bool // 0 means the default
	}{
		{"session_expiry", o.SessionExpiry, maskingrules.MinSessionExpiry, maskingrules.MaxSessionExpiry, true},
		{"call_time_limit", o.CallTimeLimit, maskingrules.MinCallTimeLimit, maskingrules.MaxCallTimeLimit, false},
		{"ring_timeout", o.RingTimeout, maskingrules.MinRingTimeout, maskingrules.MaxRingTimeout, false},
	}
	for _, r := range ranges {
		if r.v == nil || (r.zeroOK && *r.v == 0) {
			continue
		}
		if e := maskingrules.CheckRange(r.name, *r.v, r.lo, r.hi); e != nil {
			return e
		}
	}
	if o.RecordFileFormat != nil {
		if e := maskingrules.CheckOneOf("record_file_format", *o.RecordFileFormat, maskingrules.RecordFileFormats); e != nil {
			return e
		}
	}
	for name, v := range map[string]*string{"recording_callback_method": o.RecordingCallbackMethod, "callback_method": o.CallbackMethod} {
		if v != nil {
			if e := maskingrules.CheckOneOf(name, *v, maskingrules.Methods); e != nil {
				return e
			}
		}
	}
	for name, v := range map[string]*string{"recording_callback_url": o.RecordingCallbackURL, "callback_url": o.CallbackURL} {
		if v != nil {
			if e := maskingrules.CheckURL(name, *v); e != nil {
				return e
			}
		}
	}
	for name, v := range map[string]*string{"first_party_play_url": o.FirstPartyPlayURL, "second_party_play_url": o.SecondPartyPlayURL} {
		if v != nil {
			if e := maskingrules.CheckPlayURL(name, *v); e != nil {
				return e
			}
		}
	}
	return nil
}

// apply copies the options that were sent onto m. session_expiry restarts
// the session's time: it ends that many seconds after now.
func applyMaskingOptions(o *wire.MaskingSessionUpdate, m *maskingSession, now time.Time) {
	setS := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	setI := func(dst *int, v *int64) {
		if v != nil {
			*dst = int(*v)
		}
	}
	if o.Record != nil {
		m.Record = *o.Record
	}
	setS(&m.RecordFileFormat, o.RecordFileFormat)
	setS(&m.RecordingCallbackURL, o.RecordingCallbackURL)
	setS(&m.RecordingCallbackMethod, o.RecordingCallbackMethod)
	setI(&m.CallTimeLimit, o.CallTimeLimit)
	setS(&m.CallbackURL, o.CallbackURL)
	setS(&m.CallbackMethod, o.CallbackMethod)
	setI(&m.RingTimeout, o.RingTimeout)
	setS(&m.FirstPlayURL, o.FirstPartyPlayURL)
	setS(&m.SecondPlayURL, o.SecondPartyPlayURL)
	if o.SessionExpiry != nil {
		d := int(*o.SessionExpiry)
		if d == 0 {
			d = maskingrules.DefaultSessionExpiry
		}
		m.Duration = d
		m.Expiry = now.Add(time.Duration(d) * time.Second)
	}
}

func (s *Server) createMaskingSession(c *call) {
	var in wire.MaskingSessionCreate
	if !c.decode(&in) {
		return
	}
	boolean := func(p *bool) bool { return p != nil && *p }
	switch {
	case in.FirstParty == "":
		c.badRequest("%s", maskingrules.MissingParameter("first_party"))
		return
	case in.SecondParty == "":
		c.badRequest("%s", maskingrules.MissingParameter("second_party"))
		return
	}
	if e := maskingrules.CheckParties(in.FirstParty, in.SecondParty); e != nil {
		c.badRequest("%v", e)
		return
	}
	opts := in.Options()
	if e := checkMaskingOptions(&opts); e != nil {
		c.badRequest("%v", e)
		return
	}
	pins := maskingrules.PINSettings{
		Required:  boolean(in.IsPINAuthenticationRequired),
		Generate:  boolean(in.GeneratePIN),
		Length:    maskingrules.DefaultGeneratePINLength,
		FirstPIN:  in.FirstPartyPIN,
		SecondPIN: in.SecondPartyPIN,
	}
	if in.GeneratePINLength != nil {
		pins.Length = *in.GeneratePINLength
	}
	if e := maskingrules.CheckPINSettings(pins); e != nil {
		c.badRequest("%v", e)
		return
	}
	retry, retryWait := int64(maskingrules.DefaultPINRetry), int64(maskingrules.DefaultPINRetryWait)
	if in.PINRetry != nil {
		retry = *in.PINRetry
	}
	if in.PINRetryWait != nil {
		retryWait = int64(*in.PINRetryWait)
	}
	if e := maskingrules.CheckRange("pin_retry", retry, maskingrules.MinPINRetry, maskingrules.MaxPINRetry); e != nil {
		c.badRequest("%v", e)
		return
	}
	if e := maskingrules.CheckRange("pin_retry_wait", retryWait, maskingrules.MinPINRetryWait, maskingrules.MaxPINRetryWait); e != nil {
		c.badRequest("%v", e)
		return
	}
	for name, v := range map[string]string{"pin_prompt_play": in.PINPromptPlay, "incorrect_pin_play": in.IncorrectPINPlay, "unknown_caller_play": in.UnknownCallerPlay} {
		if e := maskingrules.CheckURL(name, v); e != nil {
			c.badRequest("%v", e)
			return
		}
	}

	s.mu.Lock()
	now := s.clock.Now().Truncate(time.Microsecond)
	virtual, ok := s.freeVirtualNumber(c.acct, in.FirstParty, in.SecondParty, now)
	if !ok {
		s.mu.Unlock()
		c.badRequest("%s", maskingrules.MsgPoolExhausted)
		return
	}
	m := &maskingSession{
		seq:                     s.nextSeq(),
		UUID:                    s.newUUID(),
		FirstParty:              in.FirstParty,
		SecondParty:             in.SecondParty,
		VirtualNumber:           virtual,
		InitiateCall:            boolean(in.InitiateCallToFirstParty),
		FirstPIN:                pins.FirstPIN,
		SecondPIN:               pins.SecondPIN,
		PINAuth:                 pins.Required,
		GeneratePIN:             pins.Generate,
		GeneratePINLength:       int(pins.Length),
		PINPromptPlay:           in.PINPromptPlay,
		PINRetry:                int(retry),
		PINRetryWait:            int(retryWait),
		IncorrectPINPlay:        in.IncorrectPINPlay,
		UnknownCallerPlay:       in.UnknownCallerPlay,
		CallbackMethod:          maskingrules.DefaultMethod,
		Created:                 now,
		Modified:                now,
		CallTimeLimit:           maskingrules.DefaultCallTimeLimit,
		RingTimeout:             maskingrules.DefaultRingTimeout,
		RecordFileFormat:        maskingrules.DefaultRecordFileFormat,
		RecordingCallbackMethod: maskingrules.DefaultMethod,
	}
	if opts.SessionExpiry == nil {
		zero := int64(0)
		opts.SessionExpiry = &zero // the default
	}
	applyMaskingOptions(&opts, m, now)
	if pins.Generate {
		m.FirstPIN = s.randDigits(int(pins.Length))
		for m.SecondPIN = s.randDigits(int(pins.Length)); m.SecondPIN == m.FirstPIN; {
			m.SecondPIN = s.randDigits(int(pins.Length))
		}
	}
	c.acct.maskingSessions()[m.UUID] = m
	s.scheduleMaskingExpiry(c.acct, m)
	s.maskingEvent(c.acct, m, "session_created", now)
	v := viewMaskingSession(m, now)
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.MaskingSessionCreated{
		APIID: newAPIID(), SessionUUID: m.UUID, VirtualNumber: "+" + m.VirtualNumber, Message: "Session created", Session: v,
	})
}

// freeVirtualNumber picks the virtual number of a new session between first
// and second: the lowest voice-enabled number the account owns that is not
// one of the two parties and is not the virtual number of another active
// session that has either of them as a party. Calls are routed by the
// caller's number and the virtual number together, so one number can serve
// many sessions as long as no party would reach two sessions through it.
// Callers hold s.mu.
func (s *Server) freeVirtualNumber(acct *account, first, second string, now time.Time) (string, bool) {
	busy := map[string]bool{first: true, second: true}
	for _, m := range acct.maskingSessions() {
		if !m.active(now) {
			continue
		}
		if m.FirstParty == first || m.FirstParty == second || m.SecondParty == first || m.SecondParty == second {
			busy[m.VirtualNumber] = true
		}
	}
	for _, n := range s.ownedNumbersSorted(acct) {
		if n.VoiceEnabled && !busy[n.Number] {
			return n.Number, true
		}
	}
	return "", false
}

// scheduleMaskingExpiry queues the session_expired event for m's current
// expiry. A later update or delete moves the expiry; the job then finds a
// different expiry and does nothing. Callers hold s.mu.
func (s *Server) scheduleMaskingExpiry(acct *account, m *maskingSession) {
	at := m.Expiry
	s.sched.At(at, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if m.Expiry.Equal(at) && !m.expiryNotified {
			m.expiryNotified = true
			s.maskingEvent(acct, m, "session_expired", at)
		}
	})
}

// maskingEvent sends one session event to the session's callback_url.
// Callers hold s.mu.
func (s *Server) maskingEvent(acct *account, m *maskingSession, event string, at time.Time) {
	s.sendCallback(acct, objectKey(acct, "masking_session", m.UUID), m.CallbackURL, m.CallbackMethod, url.Values{
		"Event":         {event},
		"SessionUUID":   {m.UUID},
		"FirstParty":    {m.FirstParty},
		"SecondParty":   {m.SecondParty},
		"VirtualNumber": {m.VirtualNumber},
		"Status":        {m.status(at)},
		"ExpiryTime":    {maskingrules.FormatTime(m.Expiry)},
		"EventTime":     {maskingrules.FormatTime(at)},
	})
}

func viewMaskingSession(m *maskingSession, now time.Time) wire.MaskingSession {
	v := wire.MaskingSession{
		FirstParty:                  m.FirstParty,
		SecondParty:                 m.SecondParty,
		VirtualNumber:               m.VirtualNumber,
		Status:                      m.status(now),
		InitiateCallToFirstParty:    m.InitiateCall,
		SessionUUID:                 m.UUID,
		CallbackURL:                 m.CallbackURL,
		CallbackMethod:              m.CallbackMethod,
		CreatedTime:                 maskingrules.FormatTime(m.Created),
		ModifiedTime:                maskingrules.FormatTime(m.Modified),
		ExpiryTime:                  maskingrules.FormatTime(m.Expiry),
		Duration:                    int64(m.Duration),
		CallTimeLimit:               int64(m.CallTimeLimit),
		RingTimeout:                 int64(m.RingTimeout),
		FirstPartyPlayURL:           m.FirstPlayURL,
		SecondPartyPlayURL:          m.SecondPlayURL,
		Record:                      m.Record,
		RecordFileFormat:            m.RecordFileFormat,
		RecordingCallbackURL:        m.RecordingCallbackURL,
		RecordingCallbackMethod:     m.RecordingCallbackMethod,
		IsPINAuthenticationRequired: m.PINAuth,
		GeneratePIN:                 m.GeneratePIN,
		FirstPartyPIN:               m.FirstPIN,
		SecondPartyPIN:              m.SecondPIN,
		PINPromptPlay:               m.PINPromptPlay,
		IncorrectPINPlay:            m.IncorrectPINPlay,
		TotalCallCount:              int64(m.CallCount),
		TotalCallBilledDuration:     int64(m.CallSeconds),
		LastInteractionTime:         lastInteraction(m.LastInteraction),
	}
	// The service leaves the PIN options out of a session without PIN
	// authentication.
	if m.PINAuth {
		length, retry, wait := int64(m.GeneratePINLength), int64(m.PINRetry), wire.IntText(strconv.Itoa(m.PINRetryWait))
		v.GeneratePINLength, v.PINRetry, v.PINRetryWait = &length, &retry, &wait
	}
	return v
}

func lastInteraction(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return maskingrules.FormatTime(t)
}

func (s *Server) getMaskingSession(c *call) {
	now := s.clock.Now()
	v, ok := viewOf(c, c.acct.maskingSessions(), "masking session", c.param("uuid"),
		func(m *maskingSession) wire.MaskingSession { return viewMaskingSession(m, now) })
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.MaskingSessionReply{APIID: newAPIID(), Response: v})
}

// activeMaskingSession is the session c names, with the time now, when it
// is active. Otherwise it answers c (404, or 400 for an ended session),
// unlocks s.mu and returns false. Callers hold s.mu.
func (s *Server) activeMaskingSession(c *call) (*maskingSession, time.Time, bool) {
	m, ok := c.acct.maskingSessions()[c.param("uuid")]
	if !ok {
		s.mu.Unlock()
		c.notFound("masking session", c.param("uuid"))
		return nil, time.Time{}, false
	}
	now := s.clock.Now().Truncate(time.Microsecond)
	if !m.active(now) {
		s.mu.Unlock()
		c.badRequest("%s", maskingrules.MsgSessionExpired)
		return nil, time.Time{}, false
	}
	return m, now, true
}

func (s *Server) updateMaskingSession(c *call) {
	var in wire.MaskingSessionUpdate
	if !c.decode(&in) {
		return
	}
	if e := checkMaskingOptions(&in); e != nil {
		c.badRequest("%v", e)
		return
	}
	s.mu.Lock()
	m, now, ok := s.activeMaskingSession(c)
	if !ok {
		return
	}
	oldExpiry := m.Expiry
	applyMaskingOptions(&in, m, now)
	m.Modified = now
	if !m.Expiry.Equal(oldExpiry) {
		s.scheduleMaskingExpiry(c.acct, m)
	}
	s.maskingEvent(c.acct, m, "session_updated", now)
	v := viewMaskingSession(m, now)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.MaskingSessionUpdated{APIID: newAPIID(), Message: "Session updated", Session: v})
}

// deleteMaskingSession ends the session at once. The session stays readable,
// as expired, with expiry_time the moment of the delete.
func (s *Server) deleteMaskingSession(c *call) {
	s.mu.Lock()
	m, now, ok := s.activeMaskingSession(c)
	if !ok {
		return
	}
	m.Expiry, m.Modified = now, now
	m.expiryNotified = true
	s.maskingEvent(c.acct, m, "session_expired", now)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.Reply{APIID: newAPIID(), Message: "Session expired"})
}

// maskingListParams are the query parameters GET Masking/Session/ accepts.
var maskingListParams = append([]string{"first_party", "second_party", "virtual_number", "status", "limit", "offset"}, maskingrules.TimeFilters...)

func (s *Server) listMaskingSessions(c *call) {
	q := c.req.URL.Query()
	for k := range q {
		if !slices.Contains(maskingListParams, k) {
			c.badRequest("unknown query parameter %q; the filters are %v", k, maskingListParams)
			return
		}
	}
	limit, offset, ok := c.paging(maskingrules.ListMaxLimit)
	if !ok {
		return
	}
	status := q.Get("status")
	if status == "" {
		status = maskingrules.StatusAll
	}
	if e := maskingrules.CheckOneOf("status", status, maskingrules.ListStatuses); e != nil {
		c.badRequest("%v", e)
		return
	}
	for _, f := range []string{"first_party", "second_party", "virtual_number"} {
		if v := q.Get(f); v != "" {
			if e := maskingrules.CheckParty(f, v); e != nil {
				c.badRequest("%v", e)
				return
			}
		}
	}
	bounds := map[string]time.Time{}
	for _, f := range maskingrules.TimeFilters {
		if v := q.Get(f); v != "" {
			t, e := maskingrules.ParseFilterTime(f, v)
			if e != nil {
				c.badRequest("%v", e)
				return
			}
			bounds[f] = t
		}
	}
	s.mu.Lock()
	now := s.clock.Now()
	var all []*maskingSession
	for _, m := range c.acct.maskingSessions() {
		if status != maskingrules.StatusAll && m.status(now) != status {
			continue
		}
		if (q.Get("first_party") != "" && m.FirstParty != q.Get("first_party")) ||
			(q.Get("second_party") != "" && m.SecondParty != q.Get("second_party")) ||
			(q.Get("virtual_number") != "" && m.VirtualNumber != q.Get("virtual_number")) {
			continue
		}
		keep := true
		for f, b := range bounds {
			t := m.Created
			if f[0] == 'e' {
				t = m.Expiry
			}
			keep = keep && maskingrules.TimeFilterMatches(f, t, b)
		}
		if keep {
			all = append(all, m)
		}
	}
	slices.SortFunc(all, func(a, b *maskingSession) int { return int(a.seq) - int(b.seq) })
	objects := viewPage(all, limit, offset, func(m *maskingSession) wire.MaskingSession { return viewMaskingSession(m, now) })
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.MaskingSessionList{
		APIID: newAPIID(), Response: wire.MaskingSessionPage{Meta: c.meta(len(all), limit, offset), Objects: objects},
	})
}

// maskingInventory is the masking area's part of Objects. Sessions never
// disappear: an active one is a live object, an expired one is what delete
// leaves behind.
func maskingInventory(a *account, now time.Time) map[string][]string {
	var active, expired []string
	for id, m := range a.maskingSessions() {
		if m.active(now) {
			active = append(active, id)
		} else {
			expired = append(expired, id)
		}
	}
	return map[string][]string{"masking_sessions": active, "masking_sessions_expired": expired}
}

// The state file's form of a maskingSession holds its unexported fields too.

func (m *maskingSession) MarshalJSON() ([]byte, error) {
	type plain maskingSession
	return json.Marshal(struct {
		Seq            uint64
		ExpiryNotified bool
		*plain
	}{m.seq, m.expiryNotified, (*plain)(m)})
}

func (m *maskingSession) UnmarshalJSON(b []byte) error {
	type plain maskingSession
	v := struct {
		Seq            uint64
		ExpiryNotified bool
		*plain
	}{plain: (*plain)(m)}
	err := json.Unmarshal(b, &v)
	m.seq, m.expiryNotified = v.Seq, v.ExpiryNotified
	return err
}
