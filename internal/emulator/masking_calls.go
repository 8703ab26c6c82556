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
	}
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
	m, ok := a.maskingSessions[sessionUUID]
	if !ok {
		return MaskedCallResult{}, fmt.Errorf("masking session %q not found", sessionUUID)
	}
	now := s.clock.Now().Truncate(time.Second)
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
