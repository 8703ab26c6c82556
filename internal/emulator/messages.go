package emulator

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules/numregion"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Message states. Outbound messages go queued -> sent -> delivered |
// undelivered, or end failed with an error code; inbound ones are received.
const (
	MessageQueued      = "queued"
	MessageSent        = "sent"
	MessageDelivered   = "delivered"
	MessageUndelivered = "undelivered"
	MessageFailed      = "failed"
	MessageReceived    = "received"
)

var messageStates = []string{MessageQueued, MessageSent, MessageDelivered, MessageUndelivered, MessageFailed, "read", MessageReceived}

// Destination outcomes: how messages to a number end (SetDestinationOutcome).
const (
	OutcomeDelivered   = "delivered"   // the default
	OutcomeUndelivered = "undelivered" // sent, then a negative delivery report
	OutcomeFailed      = "failed"      // sent, then failed
	OutcomeQueued      = "queued"      // never leaves the queue: fails with 420 at message_expiry
)

// DefaultOutcomeErrorCode is the error code of an undelivered or failed
// outcome that names none. The spec lists no code for carrier failures.
const DefaultOutcomeErrorCode = "300"

// ConversationWindow is how long a customer's inbound chat-app message keeps
// the conversation open for freeform replies.
const ConversationWindow = 24 * time.Hour

// messageTimeLayout is the time form of message records and callbacks, the
// one the spec shows for masking sessions.
const messageTimeLayout = "2006-01-02 15:04:05 -0700 MST"

// Rates per unit, as decimal strings with five fractional digits.
var messageRates = map[string]float64{messagerules.TypeSMS: 0.005, messagerules.TypeMMS: 0.02, messagerules.TypeChatApp: 0.004}

// DestinationOutcome says how messages to one number end.
type DestinationOutcome struct {
	Outcome   string `json:"outcome"`
	ErrorCode string `json:"error_code,omitempty"`
}

// messagingState is an account's messaging: its message records and the
// account settings the sending rules need.
type messagingState struct {
	messages map[string]*message
	// alphaSender enables alphanumeric sender IDs (off by default).
	alphaSender bool
	// dlt is the account's India DLT registration (none by default).
	dlt messagerules.DLTAccount
	// conversations maps business number + "|" + customer number to the
	// end of the open chat-app conversation.
	conversations map[string]time.Time
	outcomes      map[string]DestinationOutcome
}

func newMessagingState() messagingState {
	return messagingState{
		messages:      map[string]*message{},
		conversations: map[string]time.Time{},
		outcomes:      map[string]DestinationOutcome{},
	}
}

// message is one record: one per destination of a send, or one inbound
// message. Numbers and text are stored already masked per Log.
type message struct {
	seq        uint64
	UUID       string
	State      string
	Type       string
	Direction  string
	From, To   string
	Text       string // stored (masked per log) but not served: the record shape has no content
	Time       time.Time
	SentTime   time.Time
	ReportTime time.Time
	Units      int
	Rate       float64
	Charged    bool
	ErrorCode  string // "" until there is one
	Log        string
	Trackable  bool
	Media      []mediaItem
	// Plan is how the message's life was decided at send time.
	Plan lifecyclePlan
	// FailReason says which rule a failure decided at send time broke,
	// when the code alone does not (160 has six causes).
	FailReason string
	URL        string
	Method     string
	// PowerpackID is the powerpack the message was sent through, "" for
	// one sent from a src.
	PowerpackID string `json:",omitempty"`
}

// lifecyclePlan is how a message ends, decided when it is sent: a failure
// code known at once, or the destination's outcome, within message_expiry.
type lifecyclePlan struct {
	FailCode      string
	Outcome       DestinationOutcome
	ExpirySeconds int
}

type mediaItem struct {
	ID          string
	URL         string
	ContentType string
	Size        int64
}

// messageAccounts is the area's state: each account's messaging. A
// restart plans again the lifecycle of each outbound message not yet
// delivered.
var messageAccounts = &accountState[messagingState]{
	fresh: func() *messagingState { m := newMessagingState(); return &m },
	saved: func(_ *account, m *messagingState) []savedField {
		return []savedField{{key: "messages", ptr: &m.messages}, {key: "alphanumeric_sender", ptr: &m.alphaSender},
			{key: "conversations", ptr: &m.conversations}, {key: "outcomes", ptr: &m.outcomes}, {key: "dlt", ptr: &m.dlt}}
	},
	restore: func(s *Server, a *account, st *messagingState) {
		for _, m := range st.messages {
			if m.Direction == "outbound" && (m.State == MessageQueued || m.State == MessageSent) {
				s.scheduleLifecycle(a, m)
			}
		}
	},
}

func (a *account) messaging() *messagingState { return stateOf[messagingState](a) }

func (s *Server) messageRoutes() []route {
	return []route{
		r(http.MethodPost, "Message", s.sendMessage),
		r(http.MethodGet, "Message", s.listMessages),
		r(http.MethodGet, "Message/{uuid}", s.getMessage),
		r(http.MethodGet, "Message/{uuid}/Media", s.listMessageMedia),
	}
}

func messageDelay(d time.Duration) time.Duration {
	switch {
	case d == 0:
		return time.Second
	case d < 0:
		return 0
	}
	return d
}

// decodeMessage parses a send body: a JSON object whose fields the
// emulator does not know are ignored (see decode), while media_urls,
// message_expiry and trackable accept both wire forms messagerules.Message does.
func (c *call) decodeMessage() (messagerules.Message, bool) {
	var m messagerules.Message
	var raw json.RawMessage
	if !c.decode(&raw) {
		return m, false
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		c.badRequest("malformed JSON body: must be a JSON object")
		return m, false
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		c.badRequest("malformed JSON body: %s", describeJSONError(err))
		return m, false
	}
	return m, true
}

// sendMessage is POST Message/. Rules that can be decided at once are 400s
// naming the field; the spec's failures (120, 160, 340) and expiry (420)
// are accepted messages that end failed with the code.
func (s *Server) sendMessage(c *call) {
	m, ok := c.decodeMessage()
	if !ok {
		return
	}
	if es := messagerules.Validate(m); len(es) > 0 {
		c.badRequest("%s", es.Error())
		return
	}
	typ := m.EffectiveType()
	rawDsts := m.Destinations()
	dsts := make([]string, len(rawDsts))
	for i, d := range rawDsts {
		dsts[i] = messagerules.SanitizeDst(d)
	}
	// Learn media sizes before taking the lock: this is HTTP to the
	// caller's servers and may be slow.
	var media []mediaItem
	if typ != messagerules.TypeSMS && len(m.MediaURLs) > 0 {
		media = s.fetchMedia(c.req.Context(), m.MediaURLs)
	}
	if typ == messagerules.TypeChatApp {
		for i, md := range media {
			// A URL that could not be fetched, or serves no type, is not judged.
			if md.ContentType != unknownMediaType && messagerules.MediaKind(md.ContentType) == "" {
				c.badRequest("media_urls[%d]: must be an image, video, document or audio file for type chatapp (the URL serves %s)", i, md.ContentType)
				return
			}
		}
	}

	s.mu.Lock()
	acct := c.acct
	src, msgErr := s.checkSender(acct, m, typ, dsts)
	var poolSrcs []string // one per destination, when a powerpack picks them
	if msgErr == "" && m.PowerpackUUID != "" {
		poolSrcs, msgErr = s.poolSenders(acct, m.PowerpackUUID, typ, dsts)
	}
	if msgErr != "" {
		s.mu.Unlock()
		c.badRequest("%s", msgErr)
		return
	}
	now := s.clock.Now()
	// Uploaded media (media.go): every id must be kept; the send keeps them a year.
	keepMedia := func() {}
	if len(m.MediaIDs) > 0 {
		items, keep, refusal := s.useMediaLocked(acct, m.MediaIDs, now)
		if refusal != "" {
			s.mu.Unlock()
			c.badRequest("%s", refusal)
			return
		}
		media, keepMedia = append(media, items...), keep
	}
	failCode, failReason := "", messagerules.DLTFailure(m, acct.messaging().dlt)
	switch {
	case failReason != "":
		failCode = messagerules.CodeDLTIncorrect
	case typ == messagerules.TypeMMS && totalSize(media) > messagerules.MaxMMSTotalBytes:
		failCode = messagerules.CodeMMSTooLarge
	}
	units := 1
	if typ == messagerules.TypeSMS {
		units = messagerules.CountUnits(m.Text).Units
	}
	maskNumber, maskContent := messagerules.LogMasks(m.Log)
	logSetting := m.Log
	if logSetting == "" {
		logSetting = "true"
	}
	uuids := make([]string, len(dsts))
	for i, dst := range dsts {
		if poolSrcs != nil {
			src = poolSrcs[i]
		}
		msg := &message{
			seq: s.nextSeq(), UUID: s.newUUID(), State: MessageQueued, Type: typ, Direction: "outbound",
			From: src, To: dst, Text: m.Text, Time: now, Units: units, Rate: messageRates[typ], Charged: true,
			Log: logSetting, Trackable: m.Trackable != nil && *m.Trackable, URL: m.URL, Method: m.Method,
			PowerpackID: m.PowerpackUUID,
		}
		if maskNumber {
			msg.From, msg.To = messagerules.MaskNumber(msg.From), messagerules.MaskNumber(msg.To)
		}
		if maskContent {
			msg.Text = messagerules.MaskContent(msg.Text)
		}
		if logSetting != "false" {
			for _, md := range media {
				md.ID = s.randDigits(14)
				msg.Media = append(msg.Media, md)
			}
		}
		code := failCode
		if code == messagerules.CodeDLTIncorrect {
			msg.FailReason = failReason
		}
		if code == "" && typ == messagerules.TypeChatApp && m.Template == nil && !s.conversationOpen(acct, src, dst, now) {
			code = messagerules.CodeNoConversation
		}
		if code == "" && typ != messagerules.TypeChatApp && numregion.IsUSOrCanada(dst) && !tollfreeVerified(acct, src) {
			code = messagerules.CodeTollfreeUnverified
			msg.FailReason = "src " + src + " is a toll-free number without an approved toll-free verification (cpaas_tollfree_verification); " +
				"it cannot send to the US or Canada until the request is APPROVED"
		}
		acct.messaging().messages[msg.UUID] = msg
		uuids[i] = msg.UUID
		s.messageCallback(acct, msg)
		msg.Plan = lifecyclePlan{FailCode: code, Outcome: acct.messaging().outcomes[dst], ExpirySeconds: m.EffectiveMessageExpiry()}
		s.scheduleLifecycle(acct, msg)
	}
	keepMedia()
	s.mu.Unlock()
	c.reply(http.StatusAccepted, wire.MessageSent{APIID: newAPIID(), Message: "message(s) queued", MessageUUID: uuids})
}

// checkSender applies the rules that need the account and returns the
// from number to store, or the 400 text. Callers hold s.mu.
func (s *Server) checkSender(acct *account, m messagerules.Message, typ string, dsts []string) (string, string) {
	if m.PowerpackUUID != "" {
		// The powerpack's pool picks a source per destination
		// (poolSenders, powerpacks.go).
		return "", ""
	}
	src := messagerules.SanitizeSrc(m.Src)
	isNumber := messagerules.IsPhoneNumber(src)
	if !isNumber && !acct.messaging().alphaSender {
		return "", fmt.Sprintf("src: alphanumeric sender IDs are disabled for this account; send from a phone number of the account (got %q)", m.Src)
	}
	_, owned := s.ownsNumber(acct, src)
	if typ == messagerules.TypeChatApp && !owned {
		return "", fmt.Sprintf("src: must be a business phone number of this account for type chatapp (got %q)", m.Src)
	}
	if !owned {
		for i, d := range dsts {
			if numregion.IsUSOrCanada(d) {
				field := "dst"
				if len(dsts) > 1 {
					field = "dst[" + strconv.Itoa(i) + "]"
				}
				return "", fmt.Sprintf("src: sending to the US or Canada (%s %q) needs a phone number of this account as src (got %q)", field, d, m.Src)
			}
		}
	}
	return src, ""
}

func (s *Server) conversationOpen(acct *account, business, customer string, now time.Time) bool {
	end, ok := acct.messaging().conversations[business+"|"+customer]
	return ok && now.Before(end)
}

// scheduleLifecycle plans a message's life on the emulator clock: a known
// failure at once; otherwise sent after MessageSentDelay and the outcome of
// its destination MessageDeliveredDelay later, unless it would stay queued
// longer than message_expiry, in which case it fails with 420 at expiry.
// Callers hold s.mu.
func (s *Server) scheduleLifecycle(acct *account, msg *message) {
	failCode, out, expirySeconds := msg.Plan.FailCode, msg.Plan.Outcome, msg.Plan.ExpirySeconds
	queuedAt := msg.Time
	step := func(at time.Time, fn func()) {
		s.sched.At(at, func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.accounts[acct.ID] != acct || acct.messaging().messages[msg.UUID] != msg {
				return // reset or gone
			}
			if msg.State != MessageQueued && msg.State != MessageSent {
				return // already final (a lifecycle re-armed after a restart)
			}
			fn()
		})
	}
	if failCode != "" {
		step(queuedAt, func() { s.finishMessage(acct, msg, MessageFailed, failCode, false) })
		return
	}
	expiry := time.Duration(expirySeconds) * time.Second
	if out.Outcome == OutcomeQueued || s.opts.MessageSentDelay > expiry {
		step(queuedAt.Add(expiry), func() { s.finishMessage(acct, msg, MessageFailed, messagerules.CodeExpired, false) })
		return
	}
	sentAt := queuedAt.Add(s.opts.MessageSentDelay)
	step(sentAt, func() {
		if msg.State != MessageQueued {
			return
		}
		msg.State = MessageSent
		msg.SentTime = s.clock.Now()
		s.messageCallback(acct, msg)
	})
	step(sentAt.Add(s.opts.MessageDeliveredDelay), func() {
		switch out.Outcome {
		case OutcomeUndelivered, OutcomeFailed:
			code := out.ErrorCode
			if code == "" {
				code = DefaultOutcomeErrorCode
			}
			s.finishMessage(acct, msg, out.Outcome, code, true)
		default:
			s.finishMessage(acct, msg, MessageDelivered, messagerules.CodeDelivered, true)
		}
	})
}

// finishMessage sets a final state; a message that never left the queue is
// not charged. Callers hold s.mu.
func (s *Server) finishMessage(acct *account, msg *message, state, code string, wasSent bool) {
	msg.State, msg.ErrorCode = state, code
	msg.ReportTime = s.clock.Now()
	if !wasSent {
		msg.Charged = false
	}
	s.messageCallback(acct, msg)
}

// messageCallback posts the message's status to its url, with the stored
// (masked per log) numbers. Callers hold s.mu.
func (s *Server) messageCallback(acct *account, msg *message) {
	if msg.URL == "" {
		return
	}
	v := url.Values{}
	v.Set("MessageUUID", msg.UUID)
	v.Set("To", msg.To)
	v.Set("From", msg.From)
	v.Set("Type", msg.Type)
	v.Set("Status", msg.State)
	v.Set("Units", strconv.Itoa(msg.Units))
	v.Set("TotalRate", rate(msg.Rate))
	v.Set("TotalAmount", msg.amount())
	if msg.State == MessageFailed || msg.State == MessageUndelivered {
		v.Set("ErrorCode", msg.ErrorCode)
	}
	v.Set("MessageTime", msg.Time.Format(messageTimeLayout))
	if !msg.SentTime.IsZero() {
		v.Set("SentTime", msg.SentTime.Format(messageTimeLayout))
	}
	if !msg.ReportTime.IsZero() {
		v.Set("DeliveryReportTime", msg.ReportTime.Format(messageTimeLayout))
	}
	s.sendCallback(acct, objectKey(acct, "message", msg.UUID), msg.URL, msg.Method, v)
}

func rate(f float64) string { return strconv.FormatFloat(f, 'f', 5, 64) }

func (m *message) amount() string {
	if !m.Charged {
		return rate(0)
	}
	return rate(m.Rate * float64(m.Units))
}

func totalSize(media []mediaItem) int64 {
	var n int64
	for _, m := range media {
		n += m.Size
	}
	return n
}

// fetchMedia learns the size and type of each media URL, concurrently: HEAD
// first, GET when HEAD gives no Content-Length (counting the body up to just
// past the MMS limit). A URL that cannot be fetched within the timeout
// counts as 0 bytes of application/octet-stream.
func (s *Server) fetchMedia(ctx context.Context, urls []string) []mediaItem {
	out := make([]mediaItem, len(urls))
	var wg sync.WaitGroup
	for i, u := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			size, ctype := s.mediaSize(ctx, u)
			out[i] = mediaItem{URL: u, Size: size, ContentType: ctype}
		}()
	}
	wg.Wait()
	return out
}

// unknownMediaType is the type of media that could not be fetched or
// served no Content-Type.
const unknownMediaType = "application/octet-stream"

func (s *Server) mediaSize(ctx context.Context, u string) (int64, string) {
	ctx, cancel := context.WithTimeout(ctx, s.opts.MediaFetchTimeout)
	defer cancel()
	const unknownType = unknownMediaType
	ctype := func(resp *http.Response) string {
		if t := resp.Header.Get("Content-Type"); t != "" {
			return t
		}
		return unknownType
	}
	if req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil); err == nil {
		if resp, err := s.opts.MediaClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 && resp.ContentLength >= 0 {
				return resp.ContentLength, ctype(resp)
			}
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, unknownType
	}
	resp, err := s.opts.MediaClient.Do(req)
	if err != nil {
		return 0, unknownType
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return 0, unknownType
	}
	if resp.ContentLength >= 0 {
		return resp.ContentLength, ctype(resp)
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(resp.Body, messagerules.MaxMMSTotalBytes+1))
	return n, ctype(resp)
}

func viewMessage(acct *account, m *message) wire.Message {
	v := wire.Message{
		MessageUUID: m.UUID, MessageState: m.State, MessageType: m.Type, MessageDirection: m.Direction,
		FromNumber: m.From, ToNumber: m.To, MessageTime: m.Time.Format(messageTimeLayout), Units: m.Units,
		TotalRate: rate(m.Rate), TotalAmount: m.amount(), ResourceURI: resourceURI(acct, "Message", m.UUID), Log: m.Log,
		PowerpackID: m.PowerpackID,
	}
	if m.ErrorCode != "" {
		code := m.ErrorCode
		v.ErrorCode = &code
		if m.State == MessageFailed || m.State == MessageUndelivered {
			v.ErrorMessage = messagerules.ErrorCodeMeaning(code)
			if v.ErrorMessage == "" {
				v.ErrorMessage = "Message " + m.State + " by the destination network."
			}
			if m.FailReason != "" {
				v.ErrorMessage += " " + m.FailReason + "."
			}
		}
	}
	return v
}

func (s *Server) getMessage(c *call) {
	v, ok := viewOf(c, c.acct.messaging().messages, "message", c.param("uuid"), func(m *message) wire.Message { return viewMessage(c.acct, m) })
	if !ok {
		return
	}
	v.APIID = newAPIID()
	c.reply(http.StatusOK, v)
}

// parseMessageTime reads a message_time filter: "YYYY-MM-DD HH:MM",
// with optional seconds and fraction, in UTC, or RFC 3339.
func parseMessageTime(v string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02 15:04:05.999999", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02", time.RFC3339} {
		if t, err := time.ParseInLocation(layout, v, time.UTC); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func (s *Server) listMessages(c *call) {
	limit, offset, ok := c.paging(messagerules.ListMaxLimit)
	if !ok {
		return
	}
	q := c.req.URL.Query()
	type timeFilter struct {
		op string
		t  time.Time
	}
	var times []timeFilter
	for _, op := range []string{"gt", "gte", "lt", "lte"} {
		if v := q.Get("message_time__" + op); v != "" {
			t, ok := parseMessageTime(v)
			if !ok {
				c.badRequest("message_time__%s must be a time of the form YYYY-MM-DD HH:MM[:SS[.ffffff]], got %q", op, v)
				return
			}
			times = append(times, timeFilter{op, t})
		}
	}
	enum := func(name string, allowed []string) (string, bool) {
		v := q.Get(name)
		if v != "" && !slices.Contains(allowed, v) {
			c.badRequest("%s must be one of %s, got %q", name, strings.Join(allowed, ", "), v)
			return "", false
		}
		return v, true
	}
	state, ok := enum("message_state", messageStates)
	if !ok {
		return
	}
	direction, ok := enum("message_direction", []string{"outbound", "inbound"})
	if !ok {
		return
	}
	typ, ok := enum("message_type", messagerules.Types)
	if !ok {
		return
	}
	errorCode := q.Get("error_code")
	powerpackID := q.Get("powerpack_id")

	s.mu.Lock()
	var all []*message
	for _, m := range c.acct.messaging().messages {
		if state != "" && m.State != state || direction != "" && m.Direction != direction ||
			typ != "" && m.Type != typ || errorCode != "" && m.ErrorCode != errorCode || powerpackID != "" && m.PowerpackID != powerpackID {
			continue
		}
		keep := true
		for _, f := range times {
			switch f.op {
			case "gt":
				keep = keep && m.Time.After(f.t)
			case "gte":
				keep = keep && !m.Time.Before(f.t)
			case "lt":
				keep = keep && m.Time.Before(f.t)
			case "lte":
				keep = keep && !m.Time.After(f.t)
			}
		}
		if keep {
			all = append(all, m)
		}
	}
	// Newest first, as the real API lists them.
	slices.SortFunc(all, func(a, b *message) int { return int(b.seq) - int(a.seq) })
	objects := viewPage(all, limit, offset, func(m *message) wire.Message { return viewMessage(c.acct, m) })
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.MessageList{APIID: newAPIID(), Meta: c.meta(len(all), limit, offset), Objects: objects})
}

func (s *Server) listMessageMedia(c *call) {
	s.mu.Lock()
	m, ok := c.acct.messaging().messages[c.param("uuid")]
	objects := []wire.MessageMedia{}
	if ok {
		for _, md := range m.Media {
			objects = append(objects, wire.MessageMedia{ContentType: md.ContentType, MediaID: md.ID, MediaURL: md.URL, MessageUUID: m.UUID, Size: md.Size})
		}
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("message", c.param("uuid"))
		return
	}
	c.reply(http.StatusOK, wire.MessageMediaList{APIID: newAPIID(), Objects: objects})
}

// newUUID is a version-4 UUID from the server's generator, so a seeded
// server is reproducible. Callers hold s.mu.
func (s *Server) newUUID() string {
	var b [16]byte
	for i := range b {
		b[i] = byte(s.rng.Uint32())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// messageInventory is the messaging area's part of Objects.
func messageInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"messages": keys(a.messaging().messages)}
}

// The state file's form of a message holds its unexported fields too.

func (m *message) MarshalJSON() ([]byte, error) {
	type plain message
	return json.Marshal(struct {
		Seq uint64
		*plain
	}{m.seq, (*plain)(m)})
}

func (m *message) UnmarshalJSON(b []byte) error {
	type plain message
	v := struct {
		Seq uint64
		*plain
	}{plain: (*plain)(m)}
	err := json.Unmarshal(b, &v)
	m.seq = v.Seq
	return err
}
