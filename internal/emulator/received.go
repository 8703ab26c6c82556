package emulator

import (
	"cmp"
	"slices"
	"strings"
)

// SentMessage is an outbound message as the emulator received it, content
// included (the API's records carry no content), for tests that assert on
// exactly what a send asked for.
type SentMessage struct {
	UUID, Type, From, To, Text, State, ErrorCode string
}

// SentMessages lists the account's outbound messages in the order they were
// received. Text is as stored: masked when the message's log setting masks
// content.
func (s *Server) SentMessages(authID string) []SentMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return nil
	}
	var ms []*message
	for _, m := range a.messaging().messages {
		if m.Direction == "outbound" {
			ms = append(ms, m)
		}
	}
	slices.SortFunc(ms, func(x, y *message) int { return cmp.Compare(x.seq, y.seq) })
	out := make([]SentMessage, len(ms))
	for i, m := range ms {
		out[i] = SentMessage{UUID: m.UUID, Type: m.Type, From: m.From, To: m.To, Text: m.Text, State: m.State, ErrorCode: m.ErrorCode}
	}
	return out
}

// String is one line per message, for test failure output.
func (m SentMessage) String() string {
	return strings.Join([]string{m.Type, m.From + " -> " + m.To, m.State, m.ErrorCode, m.Text}, " | ")
}
