package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
)

const (
	msgTestAuthID = "MAMSGTEST00000000001"
	msgTestToken  = "msg-test-token"
	starterSrc    = "14155550100"
)

var msgTestStart = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

type msgEnv struct {
	s  *Server
	hs *httptest.Server
}

func newMsgEnv(t *testing.T, opts ...func(*Options)) *msgEnv {
	t.Helper()
	o := Options{
		Accounts: []Account{{ID: msgTestAuthID, Token: msgTestToken}},
		Clock:    NewManualClock(msgTestStart),
		Seed:     7,
	}
	for _, f := range opts {
		f(&o)
	}
	s := New(o)
	hs := httptest.NewServer(s)
	t.Cleanup(func() { hs.Close(); s.Close() })
	return &msgEnv{s: s, hs: hs}
}

func (e *msgEnv) do(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, e.hs.URL+path, rd)
	if strings.HasPrefix(path, "/v1/") {
		req.SetBasicAuth(msgTestAuthID, msgTestToken)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func apiPath(p string) string { return "/v1/Account/" + msgTestAuthID + "/" + p }

// send posts a message and returns the status, the error text and the UUIDs.
func (e *msgEnv) send(t *testing.T, body map[string]any) (int, string, []string) {
	t.Helper()
	status, out := e.do(t, http.MethodPost, apiPath("Message/"), body)
	errText, _ := out["error"].(string)
	var ids []string
	if list, ok := out["message_uuid"].([]any); ok {
		for _, v := range list {
			ids = append(ids, v.(string))
		}
	}
	return status, errText, ids
}

// mustSend sends and fails the test unless the API accepted the message.
func (e *msgEnv) mustSend(t *testing.T, body map[string]any) []string {
	t.Helper()
	status, errText, ids := e.send(t, body)
	if status != http.StatusAccepted {
		t.Fatalf("send %v: HTTP %d %s", body, status, errText)
	}
	return ids
}

func (e *msgEnv) record(t *testing.T, id string) map[string]any {
	t.Helper()
	status, out := e.do(t, http.MethodGet, apiPath("Message/"+id+"/"), nil)
	if status != http.StatusOK {
		t.Fatalf("GET message %s: HTTP %d %v", id, status, out)
	}
	return out
}

func sms(extra map[string]any) map[string]any {
	m := map[string]any{"src": starterSrc, "dst": "447700900123", "text": "hello"}
	for k, v := range extra {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	return m
}

// TestMessageSendRejections checks every rule the API decides at once, at
// its boundary: the last valid value is accepted, the first invalid one is a
// 400 naming the field and rule.
func TestMessageSendRejections(t *testing.T) {
	e := newMsgEnv(t)
	gsm1600 := strings.Repeat("a", 1600)
	ucs737 := strings.Repeat("ж", 737)
	cases := []struct {
		name    string
		body    map[string]any
		wantErr string // "" means accepted
	}{
		{"gsm 1600", sms(map[string]any{"text": gsm1600}), ""},
		{"gsm 1601", sms(map[string]any{"text": gsm1600 + "a"}), "text: must be at most 1600 GSM characters, is 1601"},
		{"gsm extension counts twice", sms(map[string]any{"text": strings.Repeat("a", 1599) + "€"}), "text: must be at most 1600 GSM characters, is 1601"},
		{"ucs-2 737", sms(map[string]any{"text": ucs737}), ""},
		{"ucs-2 738", sms(map[string]any{"text": ucs737 + "ж"}), "text: must be at most 737 UCS-2 characters, is 738"},
		{"emoji counts twice", sms(map[string]any{"text": strings.Repeat("ж", 736) + "😀"}), "text: must be at most 737 UCS-2 characters, is 738"},
		{"text required", sms(map[string]any{"text": nil}), "text: is required for type sms"},
		{"dst 14 digits", sms(map[string]any{"dst": "+44 (7700) 900-123.45"}), ""},
		{"dst 15 digits", sms(map[string]any{"dst": "447700900123456"}), `dst: sanitised number "447700900123456" must be at most 14 characters`},
		{"dst leading 0", sms(map[string]any{"dst": "07700900123"}), "must begin with the country code"},
		{"second dst bad", sms(map[string]any{"dst": "447700900123<abc"}), `dst[1]: sanitised number "abc" must contain only digits`},
		{"src and powerpack", sms(map[string]any{"powerpack_uuid": "0b6b1c8e-0f0a-4d8e-9b7a-2f7a1c1d2e3f"}), "powerpack_uuid: cannot be combined with src"},
		{"neither src nor powerpack", sms(map[string]any{"src": nil}), "src: exactly one of src or powerpack_uuid is required"},
		{"unknown powerpack", sms(map[string]any{"src": nil, "powerpack_uuid": "0b6b1c8e-0f0a-4d8e-9b7a-2f7a1c1d2e3f"}),
			`powerpack_uuid: powerpack "0b6b1c8e-0f0a-4d8e-9b7a-2f7a1c1d2e3f" does not exist in this account`},
		{"src 15 digits", sms(map[string]any{"src": "441234567890123"}), "src: sanitised number"},
		{"alphanumeric disabled", sms(map[string]any{"src": "ACME"}), "src: alphanumeric sender IDs are disabled for this account"},
		{"us dst needs owned src", sms(map[string]any{"src": "447700900999", "dst": "14155550123"}), `src: sending to the US or Canada (dst "14155550123") needs a phone number of this account as src`},
		{"us dst from owned src", sms(map[string]any{"dst": "+1 415 555 0123"}), ""},
		// By region, not by country code: Canada needs an account number,
		// Jamaica (also +1) does not.
		{"canada dst needs owned src", sms(map[string]any{"src": "447700900999", "dst": "16135550123"}), `src: sending to the US or Canada (dst "16135550123")`},
		{"jamaica dst from any number", sms(map[string]any{"src": "447700900999", "dst": "18765551234"}), ""},
		{"dst 4 has no country code", sms(map[string]any{"dst": "4"}), `dst: sanitised number "4" must begin with the country code`},
		{"dst 44 has no number", sms(map[string]any{"dst": "44"}), `must hold the number after its country code 44`},
		{"non-us dst from any number", sms(map[string]any{"src": "447700900999"}), ""},
		{"expiry 4", sms(map[string]any{"message_expiry": 4}), "message_expiry: must be between 5 and 10799 seconds"},
		{"expiry 5", sms(map[string]any{"message_expiry": 5}), ""},
		{"expiry 10799 as string", sms(map[string]any{"message_expiry": "10799"}), ""},
		{"expiry 10800", sms(map[string]any{"message_expiry": 10800}), "message_expiry: must be between 5 and 10799 seconds"},
		{"log value", sms(map[string]any{"log": "maybe"}), "log: must be one of true, false, content_only, number_only"},
		{"dlt category", sms(map[string]any{"dlt_template_category": "spam"}), "dlt_template_category: must be one of"},
		{"method", sms(map[string]any{"url": "https://example.com/cb", "method": "PUT"}), "method: must be GET or POST"},
		{"type", sms(map[string]any{"type": "fax"}), "type: must be one of sms, mms, chatapp"},
		{"mms needs media", sms(map[string]any{"type": "mms"}), "media_urls: is required for type mms"},
		{"mms 11 media", sms(map[string]any{"type": "mms", "media_urls": strings.Repeat("https://m.invalid/a.png,", 11)}), "media_urls: must hold at most 10 URLs for type mms, holds 11"},
		{"media on sms", sms(map[string]any{"media_urls": []string{"https://m.invalid/a.png"}}), "media_urls: is only for type mms or chatapp"},
		{"chatapp from unowned", sms(map[string]any{"type": "chatapp", "src": "447700900999"}), "src: must be a business phone number of this account for type chatapp"},
		{"chatapp two media", sms(map[string]any{"type": "chatapp", "media_urls": []string{"https://m.invalid/a", "https://m.invalid/b"}}), "media_urls: must hold at most 1 URL for type chatapp, holds 2"},
		{"chatapp caption 1025", sms(map[string]any{"type": "chatapp", "text": strings.Repeat("a", 1025), "media_urls": []string{"https://m.invalid/a"}}), "text: must be at most 1024 characters as a caption with media, is 1025"},
		{"chatapp freeform 4097", sms(map[string]any{"type": "chatapp", "text": strings.Repeat("a", 4097)}), "text: must be at most 4096 characters as freeform text, is 4097"},
		{"template button index 10", sms(map[string]any{"type": "chatapp", "text": nil, "template": map[string]any{
			"name": "order", "language": "en_US", "components": []any{map[string]any{"type": "button", "sub_type": "url", "index": "10", "parameters": []any{map[string]any{"type": "text", "text": "x"}}}},
		}}), "template.components[0].index: is required for a button and must be 0 to 9"},
		{"template header 61", sms(map[string]any{"type": "chatapp", "text": nil, "template": map[string]any{
			"name": "order", "language": "en", "components": []any{map[string]any{"type": "header", "parameters": []any{map[string]any{"type": "text", "text": strings.Repeat("h", 61)}}}},
		}}), "template.components[0].parameters[0].text: must be at most 60 characters in a header"},
		{"template language", sms(map[string]any{"type": "chatapp", "text": nil, "template": map[string]any{"name": "order", "language": "english"}}), "template.language: must be a language in ISO 639-1"},
		{"unknown field ignored", sms(map[string]any{"colour": "red"}), ""},
		{"unknown template field ignored", sms(map[string]any{"type": "chatapp", "text": nil, "template": map[string]any{"name": "order", "language": "en", "colour": "red"}}), ""},
		{"wrong type", sms(map[string]any{"text": 5}), "must be of type string"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, errText, ids := e.send(t, tc.body)
			if tc.wantErr == "" {
				if status != http.StatusAccepted || len(ids) == 0 {
					t.Fatalf("want 202, got %d %s", status, errText)
				}
				return
			}
			if status != http.StatusBadRequest || !strings.Contains(errText, tc.wantErr) {
				t.Fatalf("want 400 containing %q, got %d %q", tc.wantErr, status, errText)
			}
		})
	}
}

func TestMessageAlphanumericSenderSwitch(t *testing.T) {
	e := newMsgEnv(t)
	if status, errText, _ := e.send(t, sms(map[string]any{"src": "ACME Ltd 2025"})); status != http.StatusBadRequest {
		t.Fatalf("alphanumeric sender accepted while disabled: %d %s", status, errText)
	}
	if status, _ := e.do(t, http.MethodPost, "/_emulator/accounts/"+msgTestAuthID+"/messaging/alphanumeric_sender", `{"enabled": true}`); status != http.StatusOK {
		t.Fatalf("control route: %d", status)
	}
	// 11 characters after sanitising is the last valid length.
	ids := e.mustSend(t, sms(map[string]any{"src": "ACME Ltd 202"}))
	if got := e.record(t, ids[0])["from_number"]; got != "ACMELtd202" {
		t.Fatalf("from_number %v, want the sanitised ID", got)
	}
	if status, errText, _ := e.send(t, sms(map[string]any{"src": "ACMELtd20256"})); status != http.StatusBadRequest || !strings.Contains(errText, "must be at most 11 characters") {
		t.Fatalf("12-character ID: %d %s", status, errText)
	}
	// Still no alphanumeric sender toward the US.
	if status, errText, _ := e.send(t, sms(map[string]any{"src": "ACME", "dst": "12125550199"})); status != http.StatusBadRequest || !strings.Contains(errText, "needs a phone number of this account") {
		t.Fatalf("alphanumeric to US: %d %s", status, errText)
	}
	e.s.SetAlphanumericSender(msgTestAuthID, false)
	if status, _, _ := e.send(t, sms(map[string]any{"src": "ACME"})); status != http.StatusBadRequest {
		t.Fatal("disabling again did not take effect")
	}
}

func TestMessageSeveralDestinationsAndRecord(t *testing.T) {
	e := newMsgEnv(t)
	text := strings.Repeat("b", 161) // two GSM units
	ids := e.mustSend(t, sms(map[string]any{"dst": "+44 7700 900123<14155550123<4915112345678", "text": text}))
	if len(ids) != 3 {
		t.Fatalf("want one UUID per destination, got %v", ids)
	}
	wantTo := []string{"447700900123", "14155550123", "4915112345678"}
	for i, id := range ids {
		rec := e.record(t, id)
		want := map[string]any{
			"message_uuid": id, "message_state": "queued", "message_type": "sms", "message_direction": "outbound",
			"from_number": starterSrc, "to_number": wantTo[i], "units": float64(2), "total_rate": "0.00500",
			"total_amount": "0.01000", "error_code": nil, "error_message": "", "log": "true",
			"resource_uri": "/v1/Account/" + msgTestAuthID + "/Message/" + id + "/",
			"message_time": "2025-03-01 12:00:00 +0000 UTC",
		}
		for k, v := range want {
			if rec[k] != v {
				t.Errorf("message %d %s = %#v, want %#v", i, k, rec[k], v)
			}
		}
	}
	if got := e.s.mustObjects(t)["messages"]; len(got) != 3 {
		t.Fatalf("Objects lists %v", got)
	}
	if status, _ := e.do(t, http.MethodGet, apiPath("Message/00000000-0000-4000-8000-000000000000/"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown message: %d", status)
	}
}

func (s *Server) mustObjects(t *testing.T) map[string][]string {
	t.Helper()
	objs, ok := s.Objects(msgTestAuthID)
	if !ok {
		t.Fatal("account missing")
	}
	return objs
}

// msgCallbackSink records callbacks and answers 200.
type msgCallbackSink struct {
	mu    sync.Mutex
	got   []url.Values
	heads []http.Header
	hs    *httptest.Server
}

func newMsgCallbackSink(t *testing.T) *msgCallbackSink {
	cs := &msgCallbackSink{}
	cs.hs = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		cs.mu.Lock()
		cs.got = append(cs.got, r.Form)
		cs.heads = append(cs.heads, r.Header.Clone())
		cs.mu.Unlock()
	}))
	t.Cleanup(cs.hs.Close)
	return cs
}

func (cs *msgCallbackSink) statuses() []string {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	var out []string
	for _, v := range cs.got {
		out = append(out, v.Get("Status")+"/"+v.Get("ErrorCode"))
	}
	return out
}

func TestMessageLifecycleAndCallbacks(t *testing.T) {
	e := newMsgEnv(t, func(o *Options) {
		o.MessageSentDelay = 2 * time.Second
		o.MessageDeliveredDelay = 5 * time.Second
	})
	sink := newMsgCallbackSink(t)
	ids := e.mustSend(t, sms(map[string]any{"url": sink.hs.URL + "/status", "method": "POST", "text": "hi"}))
	e.s.Settle()
	clock := e.s.Clock()
	states := func() string { return e.record(t, ids[0])["message_state"].(string) }
	if states() != "queued" {
		t.Fatalf("not queued at first")
	}
	clock.Advance(1999 * time.Millisecond)
	if states() != "queued" {
		t.Fatal("sent before MessageSentDelay")
	}
	clock.Advance(time.Millisecond)
	if states() != "sent" {
		t.Fatalf("not sent after MessageSentDelay: %s", states())
	}
	clock.Advance(5 * time.Second)
	rec := e.record(t, ids[0])
	if rec["message_state"] != "delivered" || rec["error_code"] != "000" {
		t.Fatalf("after delivery: %v", rec)
	}
	got := sink.statuses()
	want := []string{"queued/", "sent/", "delivered/"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("callbacks %v, want %v", got, want)
	}
	sink.mu.Lock()
	last, head := sink.got[2], sink.heads[2]
	sink.mu.Unlock()
	for k, v := range map[string]string{
		"MessageUUID": ids[0], "To": "447700900123", "From": starterSrc, "Type": "sms", "Units": "1",
		"TotalRate": "0.00500", "TotalAmount": "0.00500", "MessageTime": "2025-03-01 12:00:00 +0000 UTC",
		"SentTime": "2025-03-01 12:00:02 +0000 UTC", "DeliveryReportTime": "2025-03-01 12:00:07 +0000 UTC",
	} {
		if last.Get(k) != v {
			t.Errorf("callback %s = %q, want %q", k, last.Get(k), v)
		}
	}
	if last.Has("ErrorCode") {
		t.Error("ErrorCode sent for a delivered message")
	}
	if sig := SignatureV2(msgTestToken, sink.hs.URL+"/status", head.Get(HeaderNonce)); head.Get(HeaderSignature) != sig {
		t.Error("callback signature does not verify")
	}
}

func TestMessageDestinationOutcomes(t *testing.T) {
	e := newMsgEnv(t)
	sink := newMsgCallbackSink(t)
	if status, _ := e.do(t, http.MethodPost, "/_emulator/accounts/"+msgTestAuthID+"/messaging/destinations/+44%207700%20900001", `{"outcome": "undelivered", "error_code": "451"}`); status != http.StatusOK {
		t.Fatalf("control route: %d", status)
	}
	if err := e.s.SetDestinationOutcome(msgTestAuthID, "447700900002", DestinationOutcome{Outcome: OutcomeFailed}); err != nil {
		t.Fatal(err)
	}
	if err := e.s.SetDestinationOutcome(msgTestAuthID, "447700900003", DestinationOutcome{Outcome: "lost"}); err == nil {
		t.Fatal("unknown outcome accepted")
	}
	ids := e.mustSend(t, sms(map[string]any{"dst": "447700900001<447700900002<447700900004", "url": sink.hs.URL, "method": "GET"}))
	e.s.Clock().Advance(2 * time.Second)
	for i, want := range []struct{ state, code, amount string }{
		{"undelivered", "451", "0.00500"}, {"failed", DefaultOutcomeErrorCode, "0.00500"}, {"delivered", "000", "0.00500"},
	} {
		rec := e.record(t, ids[i])
		if rec["message_state"] != want.state || rec["error_code"] != want.code || rec["total_amount"] != want.amount {
			t.Errorf("destination %d: %v %v %v, want %v", i, rec["message_state"], rec["error_code"], rec["total_amount"], want)
		}
	}
	if got := sink.statuses(); !strings.Contains(fmt.Sprint(got), "undelivered/451") || !strings.Contains(fmt.Sprint(got), "failed/300") {
		t.Fatalf("GET callbacks %v lack the failure codes", got)
	}
}

func TestMessageExpiry420(t *testing.T) {
	t.Run("destination never leaves the queue", func(t *testing.T) {
		e := newMsgEnv(t)
		sink := newMsgCallbackSink(t)
		if err := e.s.SetDestinationOutcome(msgTestAuthID, "447700900123", DestinationOutcome{Outcome: OutcomeQueued}); err != nil {
			t.Fatal(err)
		}
		ids := e.mustSend(t, sms(map[string]any{"message_expiry": 30, "url": sink.hs.URL}))
		e.s.Clock().Advance(29 * time.Second)
		if rec := e.record(t, ids[0]); rec["message_state"] != "queued" {
			t.Fatalf("before expiry: %v", rec["message_state"])
		}
		e.s.Clock().Advance(time.Second)
		rec := e.record(t, ids[0])
		if rec["message_state"] != "failed" || rec["error_code"] != "420" || rec["total_amount"] != "0.00000" {
			t.Fatalf("after expiry: %v", rec)
		}
		if !strings.Contains(rec["error_message"].(string), "message_expiry") {
			t.Fatalf("error_message %q", rec["error_message"])
		}
		if got := sink.statuses(); fmt.Sprint(got) != "[queued/ failed/420]" {
			t.Fatalf("callbacks %v", got)
		}
	})
	t.Run("default expiry against a slow queue", func(t *testing.T) {
		e := newMsgEnv(t, func(o *Options) { o.MessageSentDelay = 4 * time.Hour })
		ids := e.mustSend(t, sms(nil))
		e.s.Clock().Advance(10799 * time.Second)
		if rec := e.record(t, ids[0]); rec["message_state"] != "queued" {
			t.Fatalf("expired early: %v", rec["message_state"])
		}
		e.s.Clock().Advance(time.Second)
		if rec := e.record(t, ids[0]); rec["error_code"] != "420" {
			t.Fatalf("not expired at the default 10800 s: %v", rec)
		}
	})
}

// TestMessageDLTFailure160 walks the spec's DLT rules: each broken one is
// an accepted message that fails with 160 and says why; a message that
// follows them all is sent.
func TestMessageDLTFailure160(t *testing.T) {
	e := newMsgEnv(t)
	e.s.SetAlphanumericSender(msgTestAuthID, true)
	const entity, tpl, promo = "1201159123456789012", "1207161234567890123", "1207169999999999999"
	dlt := func(extra map[string]any) map[string]any {
		body := map[string]any{"src": "ACMEIN", "dst": "919876543210", "dlt_entity_id": entity, "dlt_template_id": tpl}
		for k, v := range extra {
			body[k] = v
		}
		return sms(body)
	}
	// Before the account is set up for India DLT, any DLT id fails.
	notSetUp := e.mustSend(t, dlt(nil))
	status, out := e.do(t, http.MethodPut, "/_emulator/accounts/"+msgTestAuthID+"/messaging/dlt", map[string]any{
		"enabled": true, "entity_id": entity, "templates": map[string]any{
			tpl:   map[string]any{"header": "ACMEIN", "category": "transactional"},
			promo: map[string]any{"header": "ACMEIN", "category": "promotional"},
		},
	})
	if status != http.StatusOK {
		t.Fatalf("set up DLT: %d %v", status, out)
	}
	cases := []struct {
		name, why string // why is "" for a message that is sent
		body      map[string]any
	}{
		{"account not set up", "not set up for India DLT", nil},
		{"all rules kept", "", dlt(nil)},
		{"category matching the template", "", dlt(map[string]any{"dlt_template_category": "transactional"})},
		{"header sent with punctuation and lower case", "", dlt(map[string]any{"src": "acme-in"})},
		{"entity id only", "only one was sent", dlt(map[string]any{"dlt_template_id": nil})},
		{"template id only", "only one was sent", dlt(map[string]any{"dlt_entity_id": nil})},
		{"another entity", "not the account's DLT entity ID", dlt(map[string]any{"dlt_entity_id": "1201159000000000000"})},
		{"unregistered template", "not a DLT template of the account", dlt(map[string]any{"dlt_template_id": "1207160000000000000"})},
		{"template of another header", `associated with the header "ACMEIN", not with src "OTHERH"`, dlt(map[string]any{"src": "OTHERH"})},
		{"DND tagging: promotional template as transactional", "incorrect DND tagging", dlt(map[string]any{"dlt_template_id": promo, "dlt_template_category": "transactional"})},
	}
	ids := make([][]string, len(cases))
	for i, tc := range cases {
		if tc.body == nil {
			ids[i] = notSetUp
			continue
		}
		ids[i] = e.mustSend(t, tc.body)
	}
	e.s.Settle()
	for i, tc := range cases {
		rec := e.record(t, ids[i][0])
		if tc.why == "" {
			if rec["message_state"] != "queued" {
				t.Errorf("%s: %v, want queued", tc.name, rec)
			}
			continue
		}
		msg, _ := rec["error_message"].(string)
		if rec["message_state"] != "failed" || rec["error_code"] != "160" ||
			!strings.HasPrefix(msg, messagerules.ErrorCodeMeaning("160")) || !strings.Contains(msg, tc.why) {
			t.Errorf("%s: %v %v %q, want failed with 160, its meaning and %q", tc.name, rec["message_state"], rec["error_code"], msg, tc.why)
		}
	}
	// The category enumeration is a validation rule: a 400, nothing sent.
	if status, errText, _ := e.send(t, dlt(map[string]any{"dlt_template_category": "marketing"})); status != http.StatusBadRequest ||
		!strings.Contains(errText, "dlt_template_category: must be one of transactional, promotional, service_implicit, service_explicit") {
		t.Errorf("unknown category: %d %s", status, errText)
	}
	// A registration with a category outside the enumeration is refused.
	if status, _ := e.do(t, http.MethodPut, "/_emulator/accounts/"+msgTestAuthID+"/messaging/dlt", map[string]any{
		"enabled": true, "entity_id": entity, "templates": map[string]any{tpl: map[string]any{"header": "ACMEIN", "category": "marketing"}},
	}); status != http.StatusBadRequest {
		t.Errorf("DLT registration with a bad category: %d", status)
	}
}

// mediaServer serves files of the given sizes; /nolength/ ones are
// chunked (no Content-Length, HEAD refused) so the emulator has to count.
func mediaServer(t *testing.T) *httptest.Server {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
		n, _ := strconv.Atoi(parts[len(parts)-1])
		w.Header().Set("Content-Type", "image/png")
		if parts[0] == "nolength" {
			if r.Method == http.MethodHead {
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			w.(http.Flusher).Flush() // forces chunked encoding
			_, _ = w.Write(make([]byte, n))
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(n))
		if r.Method == http.MethodGet {
			_, _ = w.Write(make([]byte, n))
		}
	}))
	t.Cleanup(hs.Close)
	return hs
}

func TestMessageMMSSizeAndMedia(t *testing.T) {
	e := newMsgEnv(t)
	media := mediaServer(t)
	half := messagerules.MaxMMSTotalBytes / 2
	exact := e.mustSend(t, sms(map[string]any{"type": "mms", "media_urls": []string{
		fmt.Sprintf("%s/a/%d", media.URL, half), fmt.Sprintf("%s/nolength/%d", media.URL, messagerules.MaxMMSTotalBytes-half),
	}}))
	over := e.mustSend(t, sms(map[string]any{"type": "mms", "media_urls": fmt.Sprintf("%s/a/%d,%s/b/%d", media.URL, half, media.URL, messagerules.MaxMMSTotalBytes-half+1)}))
	e.s.Settle()
	if rec := e.record(t, exact[0]); rec["message_state"] != "queued" || rec["units"] != float64(1) || rec["total_rate"] != "0.02000" {
		t.Fatalf("MMS of exactly 5MB: %v", rec)
	}
	if rec := e.record(t, over[0]); rec["message_state"] != "failed" || rec["error_code"] != "120" {
		t.Fatalf("MMS one byte over 5MB: %v", rec)
	}
	status, out := e.do(t, http.MethodGet, apiPath("Message/"+exact[0]+"//Media/"), nil)
	if status != http.StatusOK {
		t.Fatalf("media: %d", status)
	}
	objs := out["objects"].([]any)
	if len(objs) != 2 {
		t.Fatalf("media objects %v", objs)
	}
	second := objs[1].(map[string]any)
	if second["size"] != float64(messagerules.MaxMMSTotalBytes-half) || second["content_type"] != "image/png" || second["message_uuid"] != exact[0] || second["media_id"] == "" {
		t.Fatalf("media object %v", second)
	}
}

// TestMessageMMSSizeIsFiveMillionBytes: the spec's "5MB" is the SI
// megabyte. 5,000,000 bytes pass, one byte more fails with 120, and so does
// 5 MiB (5,242,880 bytes), which a binary reading would have let through.
func TestMessageMMSSizeIsFiveMillionBytes(t *testing.T) {
	e := newMsgEnv(t)
	media := mediaServer(t)
	for _, tc := range []struct {
		sizes []int
		state string
	}{
		{[]int{5_000_000}, "queued"},
		{[]int{2_500_000, 2_500_000}, "queued"},
		{[]int{5_000_001}, "failed"},
		{[]int{2_500_000, 2_500_001}, "failed"},
		{[]int{5 << 20}, "failed"},
	} {
		var urls []string
		for i, n := range tc.sizes {
			urls = append(urls, fmt.Sprintf("%s/f%d/%d", media.URL, i, n))
		}
		ids := e.mustSend(t, sms(map[string]any{"type": "mms", "media_urls": urls}))
		e.s.Settle()
		rec := e.record(t, ids[0])
		if rec["message_state"] != tc.state {
			t.Errorf("MMS of %v bytes: %v, want %s", tc.sizes, rec["message_state"], tc.state)
		}
		if tc.state == "failed" && rec["error_code"] != "120" {
			t.Errorf("MMS of %v bytes: error_code %v, want 120", tc.sizes, rec["error_code"])
		}
	}
}

func TestMessageLogMasking(t *testing.T) {
	e := newMsgEnv(t)
	media := mediaServer(t)
	for _, tc := range []struct {
		log, from, to, text string
		media               int
	}{
		{"true", starterSrc, "447700900123", "secret", 1},
		{"false", "14155XXXXXX", "44770XXXXXXX", "[masked]", 0},
		{"content_only", "14155XXXXXX", "44770XXXXXXX", "secret", 1},
		{"number_only", starterSrc, "447700900123", "[masked]", 1},
	} {
		t.Run(tc.log, func(t *testing.T) {
			ids := e.mustSend(t, sms(map[string]any{"type": "mms", "text": "secret", "log": tc.log, "media_urls": []string{media.URL + "/a/10"}}))
			rec := e.record(t, ids[0])
			if rec["from_number"] != tc.from || rec["to_number"] != tc.to || rec["log"] != tc.log {
				t.Fatalf("record %v", rec)
			}
			e.s.mu.Lock()
			stored := e.s.accounts[msgTestAuthID].messaging().messages[ids[0]].Text
			e.s.mu.Unlock()
			if stored != tc.text {
				t.Fatalf("stored text %q, want %q", stored, tc.text)
			}
			_, out := e.do(t, http.MethodGet, apiPath("Message/"+ids[0]+"/Media/"), nil)
			if n := len(out["objects"].([]any)); n != tc.media {
				t.Fatalf("%d media objects, want %d", n, tc.media)
			}
		})
	}
}

func TestMessageChatAppConversation(t *testing.T) {
	e := newMsgEnv(t)
	customer, other := "447700900555", "447700900666"
	freeform := map[string]any{"type": "chatapp", "src": starterSrc, "dst": customer + "<" + other, "text": "Your order shipped"}
	before := e.mustSend(t, freeform)
	status, out := e.do(t, http.MethodPost, "/_emulator/accounts/"+msgTestAuthID+"/messaging/inbound", map[string]any{"from": "+" + customer, "to": starterSrc, "text": "where is my order?"})
	if status != http.StatusCreated {
		t.Fatalf("inbound: %d %v", status, out)
	}
	inside := e.mustSend(t, freeform)
	tpl := e.mustSend(t, map[string]any{"type": "chatapp", "src": starterSrc, "dst": other, "template": map[string]any{
		"name": "order_update", "language": "en_US", "components": []any{
			map[string]any{"type": "body", "parameters": []any{map[string]any{"type": "text", "text": "42"}}},
			map[string]any{"type": "button", "sub_type": "quick_reply", "index": "9", "parameters": []any{map[string]any{"type": "payload", "payload": "track"}}},
		},
	}})
	e.s.Clock().Advance(ConversationWindow - 2*time.Second) // sent and delivered after 2 s
	after := e.mustSend(t, freeform)
	e.s.Clock().Advance(2 * time.Second)
	late := e.mustSend(t, freeform)
	e.s.Settle()
	check := func(name, id, state, code string) {
		t.Helper()
		rec := e.record(t, id)
		if rec["message_state"] != state || (code != "" && rec["error_code"] != code) {
			t.Errorf("%s: %v %v, want %s %s", name, rec["message_state"], rec["error_code"], state, code)
		}
	}
	check("before any inbound", before[0], "failed", "340")
	check("inside the window", inside[0], "delivered", "000")
	check("other customer, no conversation", inside[1], "failed", "340")
	check("template without conversation", tpl[0], "delivered", "000")
	check("just before 24 h", after[0], "delivered", "000")
	check("at 24 h", late[0], "failed", "340")
	_, list := e.do(t, http.MethodGet, apiPath("Message/?message_direction=inbound"), nil)
	if objs := list["objects"].([]any); len(objs) != 1 || objs[0].(map[string]any)["message_state"] != "received" {
		t.Fatalf("inbound list %v", list["objects"])
	}
	if status, _ := e.do(t, http.MethodPost, "/_emulator/accounts/"+msgTestAuthID+"/messaging/inbound", map[string]any{"from": customer, "to": "447700900999"}); status != http.StatusBadRequest {
		t.Fatalf("inbound to a number the account does not own: %d", status)
	}
}

func TestMessageListFiltersAndPaging(t *testing.T) {
	e := newMsgEnv(t)
	var all []string
	for i := 0; i < 22; i++ {
		all = append(all, e.mustSend(t, sms(nil))[0])
		e.s.Clock().Advance(time.Minute) // the earlier ones deliver
	}
	e.mustSend(t, sms(map[string]any{"dlt_entity_id": "x"}))
	e.s.Settle()
	_, page := e.do(t, http.MethodGet, apiPath("Message/"), nil)
	meta := page["meta"].(map[string]any)
	objs := page["objects"].([]any)
	if meta["total_count"] != float64(23) || len(objs) != 20 || meta["next"] == nil || meta["previous"] != nil {
		t.Fatalf("first page meta %v with %d objects", meta, len(objs))
	}
	if objs[1].(map[string]any)["message_uuid"] != all[21] {
		t.Fatal("list is not newest first")
	}
	_, failed := e.do(t, http.MethodGet, apiPath("Message/?message_state=failed&error_code=160"), nil)
	if n := len(failed["objects"].([]any)); n != 1 {
		t.Fatalf("failed filter: %d", n)
	}
	_, early := e.do(t, http.MethodGet, apiPath("Message/?message_time__lt="+url.QueryEscape("2025-03-01 12:02")+"&message_time__gte=2025-03-01"), nil)
	if n := len(early["objects"].([]any)); n != 2 {
		t.Fatalf("time filter: %d", n)
	}
	for _, q := range []string{"message_state=lost", "message_time__gt=yesterday", "limit=21", "message_type=fax"} {
		if status, _ := e.do(t, http.MethodGet, apiPath("Message/?"+q), nil); status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", q, status)
		}
	}
}

func TestMessageResetDropsPendingLifecycle(t *testing.T) {
	e := newMsgEnv(t)
	e.mustSend(t, sms(nil))
	e.s.Reset()
	e.s.Clock().Advance(time.Hour)
	if got := e.s.mustObjects(t)["messages"]; len(got) != 0 {
		t.Fatalf("messages survive a reset: %v", got)
	}
}

// TestMessageChatAppMediaKinds: a chat-app message carries an image, a
// video, a document or an audio file, judged by the Content-Type its URL
// serves; anything else is a 400 naming the URL's index and type, and a URL
// that cannot be fetched is not judged.
func TestMessageChatAppMediaKinds(t *testing.T) {
	e := newMsgEnv(t)
	typed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ct, _ := url.PathUnescape(strings.TrimPrefix(r.URL.Path, "/"))
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Content-Length", "10")
		if r.Method == http.MethodGet {
			_, _ = w.Write(make([]byte, 10))
		}
	}))
	t.Cleanup(typed.Close)
	for ct, ok := range map[string]bool{
		"image/jpeg": true, "video/mp4": true, "audio/mpeg": true, "application/pdf": true,
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": true,
		"application/zip": false, "text/html; charset=utf-8": false,
	} {
		body := sms(map[string]any{"type": "chatapp", "text": "see attached", "media_urls": []string{typed.URL + "/" + url.PathEscape(ct)}})
		status, errText, _ := e.send(t, body)
		switch {
		case ok && status != http.StatusAccepted:
			t.Errorf("chatapp media %s: %d %s, want 202", ct, status, errText)
		case !ok && (status != http.StatusBadRequest || !strings.Contains(errText, "media_urls[0]: must be an image, video, document or audio file for type chatapp") || !strings.Contains(errText, ct)):
			t.Errorf("chatapp media %s: %d %s, want 400 naming the type", ct, status, errText)
		}
	}
	if status, errText, _ := e.send(t, sms(map[string]any{"type": "chatapp", "text": "x", "media_urls": []string{"http://127.0.0.1:1/unreachable.png"}})); status != http.StatusAccepted {
		t.Errorf("unreachable chatapp media: %d %s, want 202 (not judged)", status, errText)
	}
	// MMS media is not limited to these kinds by the spec.
	if status, errText, _ := e.send(t, sms(map[string]any{"type": "mms", "media_urls": []string{typed.URL + "/application%2Fzip"}})); status != http.StatusAccepted {
		t.Errorf("mms with a zip: %d %s", status, errText)
	}
}

// The flags of a send as each library puts them on the wire: log as a
// JSON boolean (the Go library's log is an interface{}) or a string,
// trackable as a boolean or "true"/"false" (the Node library passes what
// its caller gives).
func TestMessageFlagsAsTheLibrariesSendThem(t *testing.T) {
	e := newMsgEnv(t)
	for _, tc := range []struct {
		log     any
		wantLog string
	}{{false, "false"}, {true, "true"}, {"false", "false"}, {"number_only", "number_only"}} {
		ids := e.mustSend(t, sms(map[string]any{"log": tc.log, "trackable": "true"}))
		if got := e.record(t, ids[0])["log"]; got != tc.wantLog {
			t.Errorf("log %#v: the record's log is %v, want %s", tc.log, got, tc.wantLog)
		}
	}
	if status, _, _ := e.send(t, sms(map[string]any{"log": 1})); status != http.StatusBadRequest {
		t.Errorf("log 1: HTTP %d, want 400", status)
	}
}
