package emulator

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
)

// MaskedCall is a call through a masking session, simulated through the
// control API: From is one of the session's parties (default the first),
// DurationSeconds how long it lasted (default 30).
type MaskedCall struct {
	From            string `json:"from"`
	DurationSeconds int    `json:"duration"`
}

// MaskedCallResult says what a simulated call produced.
type MaskedCallResult struct {
	CallUUID    string `json:"call_uuid"`
	RecordingID string `json:"recording_id,omitempty"` // "" when the session does not record
}

func (s *Server) maskingControlRoutes() []route {
	return []route{
		r(http.MethodPost, "accounts/{auth_id}/masking/sessions/{uuid}/calls", s.controlMaskedCall),
		r(http.MethodPost, "accounts/{auth_id}/masking/sessions/{uuid}/play_urls", s.controlLegacyPlayURLs),
	}
}

// LegacyPlayURLs are play URLs set on a session past today's create rules,
// as older sessions of the service hold them (a URL ending in .xml); nil
// leaves one as it is.
type LegacyPlayURLs struct {
	FirstPartyPlayURL  *string `json:"first_party_play_url"`
	SecondPartyPlayURL *string `json:"second_party_play_url"`
}

// SetLegacyPlayURLs sets a session's play URLs without today's .mp3 or
// .wav rule (only an absolute http or https URL, or "", is required), so a
// test can adopt a session as older records hold it.
func (s *Server) SetLegacyPlayURLs(authID, sessionUUID string, in LegacyPlayURLs) error {
	for name, v := range map[string]*string{"first_party_play_url": in.FirstPartyPlayURL, "second_party_play_url": in.SecondPartyPlayURL} {
		if v != nil {
			if e := maskingrules.CheckURL(name, *v); e != nil {
				return e
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return fmt.Errorf("account %q not found", authID)
	}
	m, ok := a.maskingSessions()[sessionUUID]
	if !ok {
		return fmt.Errorf("masking session %q not found", sessionUUID)
	}
	if in.FirstPartyPlayURL != nil {
		m.FirstPlayURL = *in.FirstPartyPlayURL
	}
	if in.SecondPartyPlayURL != nil {
		m.SecondPlayURL = *in.SecondPartyPlayURL
	}
	return nil
}

func (s *Server) controlLegacyPlayURLs(c *call) {
	var in LegacyPlayURLs
	if !c.decode(&in) {
		return
	}
	if err := s.SetLegacyPlayURLs(c.param("auth_id"), c.param("uuid"), in); err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusOK, map[string]any{"message": "changed"})
}

// SimulateMaskedCall simulates a call between the parties of an active
// session, ended now: the session counts it (total_call_count,
// total_call_billed_duration, last_interaction_time) and, when it records
// calls, its recording goes to recording_callback_url with
// recording_callback_method as a signed callback, as the service sends
// recordings.
func (s *Server) SimulateMaskedCall(authID, sessionUUID string, call MaskedCall) (MaskedCallResult, error) {
	if call.DurationSeconds == 0 {
		call.DurationSeconds = 30
	}
	if call.DurationSeconds < 1 {
		return MaskedCallResult{}, fmt.Errorf("duration must be a positive number of seconds, got %d", call.DurationSeconds)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return MaskedCallResult{}, fmt.Errorf("account %q not found", authID)
	}
	m, ok := a.maskingSessions()[sessionUUID]
	if !ok {
		return MaskedCallResult{}, fmt.Errorf("masking session %q not found", sessionUUID)
	}
	now := s.clock.Now().Truncate(time.Microsecond)
	if !m.active(now) {
		return MaskedCallResult{}, fmt.Errorf("%s", maskingrules.MsgSessionExpired)
	}
	from, to := m.FirstParty, m.SecondParty
	switch call.From {
	case "", m.FirstParty:
	case m.SecondParty:
		from, to = m.SecondParty, m.FirstParty
	default:
		return MaskedCallResult{}, fmt.Errorf("from must be a party of the session (%s or %s), got %q", m.FirstParty, m.SecondParty, call.From)
	}
	res := MaskedCallResult{CallUUID: s.newUUID()}
	m.CallCount++
	m.CallSeconds += call.DurationSeconds
	m.LastInteraction = now
	if m.Record && m.RecordingCallbackURL != "" {
		res.RecordingID = s.newUUID()
		start := now.Add(-time.Duration(call.DurationSeconds) * time.Second)
		s.sendCallback(a, objectKey(a, "masking_session", m.UUID), m.RecordingCallbackURL, m.RecordingCallbackMethod, url.Values{
			"Event":              {"recording"},
			"SessionUUID":        {m.UUID},
			"CallUUID":           {res.CallUUID},
			"RecordingID":        {res.RecordingID},
			"RecordingURL":       {"https://recordings.cpaas.test/v1/Account/" + a.ID + "/Recording/" + res.RecordingID + "." + m.RecordFileFormat},
			"RecordingFormat":    {m.RecordFileFormat},
			"RecordingDuration":  {strconv.Itoa(call.DurationSeconds)},
			"RecordingStartTime": {maskingrules.FormatTime(start)},
			"RecordingEndTime":   {maskingrules.FormatTime(now)},
			"From":               {from},
			"To":                 {to},
			"VirtualNumber":      {m.VirtualNumber},
		})
	}
	return res, nil
}

func (s *Server) controlMaskedCall(c *call) {
	var in MaskedCall
	if !c.decode(&in) {
		return
	}
	res, err := s.SimulateMaskedCall(c.param("auth_id"), c.param("uuid"), in)
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusOK, res)
}
