package emulator

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
)

const maskAcct, maskToken = "MAMASKTEST0000000001", "mask-test-token"

var maskStart = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

type maskEnv struct {
	t   *testing.T
	srv *Server
	url string
}

func newMaskEnv(t *testing.T) *maskEnv {
	t.Helper()
	srv := New(Options{Accounts: []Account{{ID: maskAcct, Token: maskToken}}, Clock: NewManualClock(maskStart), Seed: 7})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return &maskEnv{t: t, srv: srv, url: hs.URL}
}

// call sends method path (below the account) with a JSON body and decodes
// the reply into a generic map, keeping numbers as json.Number so that
// types can be checked.
func (e *maskEnv) call(method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, e.url+"/v1/Account/"+maskAcct+"/"+path, rd)
	req.SetBasicAuth(maskAcct, maskToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		e.t.Fatalf("%s %s: reply is not a JSON object: %v", method, path, err)
	}
	if id, _ := out["api_id"].(string); id == "" {
		e.t.Errorf("%s %s: reply without api_id: %v", method, path, out)
	}
	return resp.StatusCode, out
}

func (e *maskEnv) create(body map[string]any) map[string]any {
	e.t.Helper()
	code, out := e.call(http.MethodPost, "Masking/Session/", body)
	if code != http.StatusCreated {
		e.t.Fatalf("create: HTTP %d %v", code, out)
	}
	return out
}

func (e *maskEnv) get(id string) map[string]any {
	e.t.Helper()
	code, out := e.call(http.MethodGet, "Masking/Session/"+id, nil)
	if code != http.StatusOK {
		e.t.Fatalf("get %s: HTTP %d %v", id, code, out)
	}
	resp, ok := out["response"].(map[string]any)
	if !ok {
		e.t.Fatalf("get reply has no response object: %v", out)
	}
	return resp
}

func parties(a, b string) map[string]any { return map[string]any{"first_party": a, "second_party": b} }

func wantBadRequest(t *testing.T, code int, out map[string]any, msg string) {
	t.Helper()
	if code != http.StatusBadRequest || out["error"] != msg {
		t.Errorf("got HTTP %d %v, want 400 %q", code, out["error"], msg)
	}
}

func TestMaskingSession_createShapes(t *testing.T) {
	e := newMaskEnv(t)
	out := e.create(parties("14155551234", "14155555678"))
	if out["message"] != "Session created" {
		t.Errorf("message %v", out["message"])
	}
	id, _ := out["session_uuid"].(string)
	if !regexp.MustCompile(`^[0-9a-f-]{36}$`).MatchString(id) {
		t.Fatalf("session_uuid %q", id)
	}
	// The lowest voice-enabled starter number, with "+" outside the session
	// object and without inside.
	if out["virtual_number"] != "+12125550101" {
		t.Errorf("virtual_number %v", out["virtual_number"])
	}
	sess := out["session"].(map[string]any)
	got := e.get(id)
	for _, s := range []map[string]any{sess, got} {
		strs := map[string]string{
			"first_party": "14155551234", "second_party": "14155555678", "virtual_number": "12125550101",
			"status": "active", "session_uuid": id, "callback_url": "", "callback_method": "POST",
			"first_party_play_url": "", "second_party_play_url": "", "record_file_format": "mp3",
			"recording_callback_url": "", "recording_callback_method": "POST", "last_interaction_time": "",
			"first_party_pin": "", "second_party_pin": "", "pin_prompt_play": "",
			"incorrect_pin_play": "",
			"created_time":       "2025-06-01 12:00:00 +0000 UTC", "modified_time": "2025-06-01 12:00:00 +0000 UTC",
			"expiry_time": "2025-06-01 13:00:00 +0000 UTC",
		}
		for k, want := range strs {
			if v, ok := s[k].(string); !ok || v != want {
				t.Errorf("%s = %#v, want string %q", k, s[k], want)
			}
		}
		ints := map[string]string{
			"duration": "3600", "call_time_limit": "3600", "ring_timeout": "45", "total_call_count": "0", "total_call_billed_duration": "0",
			"amount": "0", "total_call_amount": "0", "total_session_amount": "0",
		}
		for k, want := range ints {
			if v, ok := s[k].(json.Number); !ok || v.String() != want {
				t.Errorf("%s = %#v, want number %s", k, s[k], want)
			}
		}
		for _, k := range []string{"record", "initiate_call_to_first_party", "is_pin_authentication_required", "generate_pin"} {
			if v, ok := s[k].(bool); !ok || v {
				t.Errorf("%s = %#v, want false", k, s[k])
			}
		}
		if v, present := s["interaction"]; !present || v != nil {
			t.Errorf("interaction = %#v, want null", v)
		}
		// A session without PIN authentication: the service leaves its PIN
		// options out.
		for _, k := range []string{"generate_pin_length", "pin_retry", "pin_retry_wait"} {
			if v, present := s[k]; present {
				t.Errorf("%s = %#v in a session without PIN authentication, want it left out", k, v)
			}
		}
		if len(s) != 33 {
			t.Errorf("session object has %d fields, want the 36 of the spec less the 3 PIN options", len(s))
		}
	}
}

// TestMaskingSession_recordedGetWithoutPinAuthOmitsPinOptions: the
// service's GET and list of a session without PIN authentication leave
// generate_pin_length, pin_retry and pin_retry_wait out; a session with
// PIN authentication carries them.
func TestMaskingSession_recordedGetWithoutPinAuthOmitsPinOptions(t *testing.T) {
	e := newMaskEnv(t)
	plain := e.create(parties("14155551234", "14155555678"))["session_uuid"].(string)
	pinned := e.create(map[string]any{"first_party": "14155551111", "second_party": "14155552222",
		"is_pin_authentication_required": true, "generate_pin": true, "pin_retry": 2, "pin_retry_wait": 7})["session_uuid"].(string)
	_, list := e.call(http.MethodGet, "Masking/Session/", nil)
	byID := map[string]map[string]any{}
	for _, o := range list["response"].(map[string]any)["objects"].([]any) {
		byID[o.(map[string]any)["session_uuid"].(string)] = o.(map[string]any)
	}
	for _, s := range []map[string]any{e.get(plain), byID[plain]} {
		for _, k := range []string{"generate_pin_length", "pin_retry", "pin_retry_wait"} {
			if v, present := s[k]; present {
				t.Errorf("session without PIN authentication: %s = %#v, want it left out", k, v)
			}
		}
	}
	for _, s := range []map[string]any{e.get(pinned), byID[pinned]} {
		if s["generate_pin_length"] != json.Number("4") || s["pin_retry"] != json.Number("2") || s["pin_retry_wait"] != "7" {
			t.Errorf("session with PIN authentication: generate_pin_length %#v pin_retry %#v pin_retry_wait %#v",
				s["generate_pin_length"], s["pin_retry"], s["pin_retry_wait"])
		}
	}
}

// TestMaskingSession_timestampsInGoTimeStringForm: the session's times are
// in Go's time.String() form, to the microsecond, as the service writes
// them (2023-07-04 07:29:27.14973 +0000 UTC).
func TestMaskingSession_timestampsInGoTimeStringForm(t *testing.T) {
	e := newMaskEnv(t)
	e.srv.clock.Advance(149730 * time.Microsecond)
	s := e.create(parties("14155551234", "14155555678"))["session"].(map[string]any)
	for k, want := range map[string]string{
		"created_time": "2025-06-01 12:00:00.14973 +0000 UTC", "modified_time": "2025-06-01 12:00:00.14973 +0000 UTC",
		"expiry_time": "2025-06-01 13:00:00.14973 +0000 UTC",
	} {
		if s[k] != want {
			t.Errorf("%s = %#v, want %q", k, s[k], want)
		}
	}
}

func TestMaskingSession_pathWithAndWithoutSlash(t *testing.T) {
	e := newMaskEnv(t)
	id := e.create(parties("14155551234", "14155555678"))["session_uuid"].(string)
	for _, p := range []string{"Masking/Session/" + id, "Masking/Session/" + id + "/"} {
		if code, _ := e.call(http.MethodGet, p, nil); code != http.StatusOK {
			t.Errorf("GET %s: %d", p, code)
		}
	}
	if code, out := e.call(http.MethodGet, "Masking/Session/00000000-0000-0000-0000-000000000000", nil); code != http.StatusNotFound {
		t.Errorf("unknown session: %d %v", code, out)
	}
}

func TestMaskingSession_validation(t *testing.T) {
	e := newMaskEnv(t)
	p := func(extra map[string]any) map[string]any {
		b := parties("14155551234", "14155555678")
		for k, v := range extra {
			b[k] = v
		}
		return b
	}
	cases := []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"second_party": "14155555678"}, "Mandatory parameter missing. first_party must be present."},
		{map[string]any{"first_party": "14155555678"}, "Mandatory parameter missing. second_party must be present."},
		{parties("+14155551234", "14155555678"), `first_party "+14155551234" is invalid: it must be ` + maskingrules.PartyRule},
		{parties("14155551234", "14155551234"), `second_party "14155551234" must differ from first_party`},
		{p(map[string]any{"generate_pin_length": 3, "is_pin_authentication_required": true, "generate_pin": true}), "generate_pin_length must be from 4 to 15, got 3"},
		{p(map[string]any{"generate_pin_length": 16, "is_pin_authentication_required": true, "generate_pin": true}), "generate_pin_length must be from 4 to 15, got 16"},
		{p(map[string]any{"is_pin_authentication_required": true, "first_party_pin": "1234", "second_party_pin": "1234"}), "second_party_pin must differ from first_party_pin"},
		{p(map[string]any{"is_pin_authentication_required": true}), "first_party_pin is required when is_pin_authentication_required is true and generate_pin is false"},
		{p(map[string]any{"is_pin_authentication_required": true, "first_party_pin": "1234"}), "second_party_pin is required when is_pin_authentication_required is true and generate_pin is false"},
		{p(map[string]any{"generate_pin": true}), "generate_pin can only be true when is_pin_authentication_required is true"},
		{p(map[string]any{"is_pin_authentication_required": true, "first_party_pin": "12", "second_party_pin": "1234"}), "first_party_pin must be 4 to 15 digits (got 2 characters)"},
		{p(map[string]any{"session_expiry": 59}), "session_expiry must be from 60 to 604800, got 59"},
		{p(map[string]any{"ring_timeout": 5}), "ring_timeout must be from 15 to 120, got 5"},
		{p(map[string]any{"callback_method": "PUT"}), `callback_method must be one of GET, POST, got "PUT"`},
		{p(map[string]any{"record_file_format": "ogg"}), `record_file_format must be one of mp3, wav, got "ogg"`},
		{p(map[string]any{"first_party_play_url": "https://x.example/a.ogg"}), `first_party_play_url "https://x.example/a.ogg" is invalid: it must be the URL of an .mp3 or .wav file`},
		{p(map[string]any{"callback_url": "not a url"}), `callback_url "not a url" is invalid: it must be an absolute http or https URL`},
		{p(map[string]any{"pin_retry_wait": "abc"}), `malformed JSON body: must be an integer or a string holding one, got "abc"`},
	}
	for _, tc := range cases {
		code, out := e.call(http.MethodPost, "Masking/Session/", tc.body)
		wantBadRequest(t, code, out, tc.msg)
	}
	if objs, _ := e.srv.Objects(maskAcct); len(objs["masking_sessions"]) != 0 {
		t.Errorf("refused creates left sessions: %v", objs["masking_sessions"])
	}
	// pin_retry_wait is accepted as a number or a string holding one, and
	// always shown as a string.
	out := e.create(p(map[string]any{"pin_retry_wait": "30", "session_expiry": 0, "is_pin_authentication_required": true, "generate_pin": true}))
	if s := out["session"].(map[string]any); s["pin_retry_wait"] != "30" || s["duration"].(json.Number).String() != "3600" {
		t.Errorf("pin_retry_wait %#v duration %v", s["pin_retry_wait"], s["duration"])
	}
}

func TestMaskingSession_pins(t *testing.T) {
	e := newMaskEnv(t)
	out := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155555678",
		"is_pin_authentication_required": true, "generate_pin": true, "generate_pin_length": 15})
	s := out["session"].(map[string]any)
	a, b := s["first_party_pin"].(string), s["second_party_pin"].(string)
	if !regexp.MustCompile(`^\d{15}$`).MatchString(a) || !regexp.MustCompile(`^\d{15}$`).MatchString(b) || a == b {
		t.Errorf("generated PINs %q %q: want two different 15-digit PINs", a, b)
	}
	out = e.create(map[string]any{"first_party": "14155550000", "second_party": "14155559999",
		"is_pin_authentication_required": true, "first_party_pin": "0042", "second_party_pin": "9876"})
	s = out["session"].(map[string]any)
	if s["first_party_pin"] != "0042" || s["second_party_pin"] != "9876" || s["generate_pin"] != false {
		t.Errorf("given PINs not kept: %v %v", s["first_party_pin"], s["second_party_pin"])
	}
}

func TestMaskingSession_poolExhausted(t *testing.T) {
	e := newMaskEnv(t)
	// Three starter numbers: three sessions sharing a party use all three.
	var used []string
	for _, other := range []string{"14155550001", "14155550002", "14155550003"} {
		out := e.create(parties("14155551234", other))
		used = append(used, out["session"].(map[string]any)["virtual_number"].(string))
	}
	if strings.Join(used, ",") != "12125550101,13125550102,14155550100" {
		t.Errorf("virtual numbers %v", used)
	}
	code, out := e.call(http.MethodPost, "Masking/Session/", parties("14155550004", "14155551234"))
	wantBadRequest(t, code, out, maskingrules.MsgPoolExhausted)
	// Sessions of other parties may reuse the numbers.
	e.create(parties("14155550005", "14155550006"))
	// A party that is itself one of the account's numbers never gets its
	// own number as virtual number.
	got := e.create(parties("12125550101", "14155550007"))["session"].(map[string]any)["virtual_number"]
	if got == "12125550101" {
		t.Errorf("party's own number used as virtual number")
	}
	// Ending one session frees its number.
	objs, _ := e.srv.Objects(maskAcct)
	before := len(objs["masking_sessions"])
	id := e.get(firstSessionWith(t, e, "14155550002"))["session_uuid"].(string)
	if code, out := e.call(http.MethodDelete, "Masking/Session/"+id, nil); code != http.StatusOK || out["message"] != "Session expired" {
		t.Fatalf("delete: %d %v", code, out)
	}
	out = e.create(parties("14155550004", "14155551234"))
	if out["session"].(map[string]any)["virtual_number"] != "13125550102" {
		t.Errorf("freed number not reused: %v", out["session"].(map[string]any)["virtual_number"])
	}
	objs, _ = e.srv.Objects(maskAcct)
	if len(objs["masking_sessions"]) != before || len(objs["masking_sessions_expired"]) != 1 {
		t.Errorf("objects after delete and create: %v", objs)
	}
}

// firstSessionWith returns the id of the first session with second party p.
func firstSessionWith(t *testing.T, e *maskEnv, p string) string {
	t.Helper()
	code, out := e.call(http.MethodGet, "Masking/Session/?second_party="+p, nil)
	if code != http.StatusOK {
		t.Fatalf("list: %d %v", code, out)
	}
	objs := out["response"].(map[string]any)["objects"].([]any)
	if len(objs) == 0 {
		t.Fatalf("no session with second party %s", p)
	}
	return objs[0].(map[string]any)["session_uuid"].(string)
}

func TestMaskingSession_expiryOnTheClock(t *testing.T) {
	e := newMaskEnv(t)
	id := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155555678", "session_expiry": 600})["session_uuid"].(string)
	e.srv.Clock().Advance(599 * time.Second)
	if st := e.get(id)["status"]; st != "active" {
		t.Fatalf("status after 599 s: %v", st)
	}
	// An update of session_expiry restarts the time from now.
	code, out := e.call(http.MethodPost, "Masking/Session/"+id, map[string]any{"session_expiry": 120, "record": true})
	if code != http.StatusOK || out["message"] != "Session updated" {
		t.Fatalf("update: %d %v", code, out)
	}
	s := out["session"].(map[string]any)
	if s["expiry_time"] != "2025-06-01 12:11:59 +0000 UTC" || s["modified_time"] != "2025-06-01 12:09:59 +0000 UTC" || s["record"] != true || s["duration"].(json.Number).String() != "120" {
		t.Errorf("after update: expiry %v modified %v record %v duration %v", s["expiry_time"], s["modified_time"], s["record"], s["duration"])
	}
	if _, has := out["response"]; has {
		t.Error("update reply uses the get key response; the spec says session")
	}
	e.srv.Clock().Advance(119 * time.Second)
	if st := e.get(id)["status"]; st != "active" {
		t.Fatalf("status 1 s before the new expiry: %v", st)
	}
	e.srv.Clock().Advance(time.Second)
	got := e.get(id)
	if got["status"] != "expired" {
		t.Fatalf("status at expiry: %v", got["status"])
	}
	code, out = e.call(http.MethodPost, "Masking/Session/"+id, map[string]any{"record": false})
	wantBadRequest(t, code, out, maskingrules.MsgSessionExpired)
	code, out = e.call(http.MethodDelete, "Masking/Session/"+id, nil)
	wantBadRequest(t, code, out, maskingrules.MsgSessionExpired)
	if e.get(id)["record"] != true {
		t.Error("refused update changed the session")
	}
}

func TestMaskingSession_updateValidationAndEmptyURLs(t *testing.T) {
	e := newMaskEnv(t)
	id := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155555678", "callback_url": "https://cb.example/x"})["session_uuid"].(string)
	code, out := e.call(http.MethodPost, "Masking/Session/"+id, map[string]any{"call_time_limit": 30})
	wantBadRequest(t, code, out, "call_time_limit must be from 60 to 86400, got 30")
	// A create-only field is not an update field: ignored, as the service
	// ignores fields it does not know.
	code, out = e.call(http.MethodPost, "Masking/Session/"+id, map[string]any{"first_party": "14155550000"})
	if code != http.StatusOK || out["session"].(map[string]any)["first_party"] != "14155551234" {
		t.Errorf("update with a create-only field: %d %v", code, out)
	}
	// An empty string clears a URL.
	code, out = e.call(http.MethodPost, "Masking/Session/"+id, map[string]any{"callback_url": ""})
	if code != http.StatusOK || out["session"].(map[string]any)["callback_url"] != "" {
		t.Errorf("clearing callback_url: %d %v", code, out)
	}
	code, _ = e.call(http.MethodPost, "Masking/Session/00000000-0000-0000-0000-000000000000", map[string]any{"record": true})
	if code != http.StatusNotFound {
		t.Errorf("update of an unknown session: %d", code)
	}
}

func TestMaskingSession_list(t *testing.T) {
	e := newMaskEnv(t)
	a := e.create(parties("14155551234", "14155550001"))["session_uuid"].(string)
	e.srv.Clock().Advance(time.Hour + time.Minute) // a expired at 13:00
	b := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155550002", "session_expiry": 7200})["session_uuid"].(string)
	e.srv.Clock().Advance(time.Minute)
	c := e.create(parties("14155559999", "14155550003"))["session_uuid"].(string)

	list := func(q string) []string {
		t.Helper()
		code, out := e.call(http.MethodGet, "Masking/Session/?"+q, nil)
		if code != http.StatusOK {
			t.Fatalf("list %s: %d %v", q, code, out)
		}
		resp, ok := out["response"].(map[string]any)
		if !ok {
			t.Fatalf("list reply without response: %v", out)
		}
		if _, ok := resp["meta"].(map[string]any); !ok {
			t.Fatalf("list reply without response.meta: %v", out)
		}
		var ids []string
		for _, o := range resp["objects"].([]any) {
			ids = append(ids, o.(map[string]any)["session_uuid"].(string))
		}
		return ids
	}
	eq := func(q string, want ...string) {
		t.Helper()
		if got := list(q); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("list %q = %v, want %v", q, got, want)
		}
	}
	eq("", a, b, c)
	eq("status=all", a, b, c)
	eq("status=active", b, c)
	eq("status=expired", a)
	eq("first_party=14155551234", a, b)
	eq("first_party=14155551234&status=active", b)
	eq("second_party=14155550003", c)
	// a had expired when b was created, so b could take the same number.
	eq("virtual_number=12125550101", a, b, c)
	eq("created_time__gt="+url.QueryEscape("2025-06-01 12:00:00 +0000 UTC"), b, c)
	eq("created_time__gte="+url.QueryEscape("2025-06-01 12:00:00"), a, b, c)
	eq("created_time__lt=2025-06-02", a, b, c)
	eq("expiry_time__lte="+url.QueryEscape("2025-06-01 13:00:00"), a)
	eq("expiry_time__gt="+url.QueryEscape("2025-06-01 14:05:00"), b)
	eq("limit=1&offset=1", b)

	code, out := e.call(http.MethodGet, "Masking/Session/?limit=2", nil)
	meta := out["response"].(map[string]any)["meta"].(map[string]any)
	if code != 200 || meta["total_count"].(json.Number).String() != "3" || meta["next"] == nil || meta["previous"] != nil {
		t.Errorf("meta %v", meta)
	}
	for q, msg := range map[string]string{
		"status=gone":              `status must be one of active, expired, all, got "gone"`,
		"limit=21":                 `limit must be an integer from 1 to 20, got "21"`,
		"created_time__gt=monday":  `created_time__gt "monday" is invalid: it must be ` + maskingrules.FilterTimeRule,
		"first_party=abc":          `first_party "abc" is invalid: it must be ` + maskingrules.PartyRule,
		"created_after=2025-01-01": "unknown query parameter \"created_after\"",
	} {
		code, out := e.call(http.MethodGet, "Masking/Session/?"+q, nil)
		if code != http.StatusBadRequest || !strings.HasPrefix(out["error"].(string), msg) {
			t.Errorf("list %s: %d %v, want 400 %q", q, code, out["error"], msg)
		}
	}
}

// callbackSink records the callbacks it receives.
type callbackSink struct {
	mu   sync.Mutex
	got  []url.Values
	hdrs []http.Header
	urls []string
}

func (cs *callbackSink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	cs.mu.Lock()
	cs.got = append(cs.got, r.PostForm)
	cs.hdrs = append(cs.hdrs, r.Header.Clone())
	cs.urls = append(cs.urls, r.URL.String())
	cs.mu.Unlock()
}

func TestMaskingSession_callbacks(t *testing.T) {
	e := newMaskEnv(t)
	sink := &callbackSink{}
	hs := httptest.NewServer(sink)
	defer hs.Close()
	cb := hs.URL + "/masking"
	id := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155555678", "callback_url": cb, "session_expiry": 300})["session_uuid"].(string)
	e.srv.Settle()
	code, _ := e.call(http.MethodPost, "Masking/Session/"+id, map[string]any{"ring_timeout": 30})
	if code != http.StatusOK {
		t.Fatal(code)
	}
	e.srv.Settle()
	e.srv.Clock().Advance(300 * time.Second)
	e.srv.Clock().Advance(time.Hour) // nothing more to send
	sink.mu.Lock()
	defer sink.mu.Unlock()
	var events []string
	for i, v := range sink.got {
		events = append(events, v.Get("Event")+"/"+v.Get("Status"))
		if v.Get("SessionUUID") != id || v.Get("VirtualNumber") != "12125550101" {
			t.Errorf("callback %d: %v", i, v)
		}
		nonce := sink.hdrs[i].Get(HeaderNonce)
		if nonce == "" || sink.hdrs[i].Get(HeaderSignature) != SignatureV2(maskToken, cb, nonce) {
			t.Errorf("callback %d not signed with the account token: %v", i, sink.hdrs[i])
		}
	}
	if want := "session_created/active,session_updated/active,session_expired/expired"; strings.Join(events, ",") != want {
		t.Errorf("events %v, want %s", events, want)
	}
	if sink.got[2].Get("EventTime") != "2025-06-01 12:05:00 +0000 UTC" {
		t.Errorf("expiry event time %q", sink.got[2].Get("EventTime"))
	}
}

func TestMaskingSession_deleteSendsExpiredOnce(t *testing.T) {
	e := newMaskEnv(t)
	sink := &callbackSink{}
	hs := httptest.NewServer(sink)
	defer hs.Close()
	id := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155555678", "callback_url": hs.URL, "callback_method": "GET"})["session_uuid"].(string)
	e.srv.Clock().Advance(10 * time.Second)
	if code, _ := e.call(http.MethodDelete, "Masking/Session/"+id, nil); code != http.StatusOK {
		t.Fatal(code)
	}
	got := e.get(id)
	if got["status"] != "expired" || got["expiry_time"] != "2025-06-01 12:00:10 +0000 UTC" {
		t.Errorf("after delete: %v %v", got["status"], got["expiry_time"])
	}
	e.srv.Clock().Advance(2 * time.Hour)
	sink.mu.Lock()
	defer sink.mu.Unlock()
	var events []string
	for _, u := range sink.urls {
		q, _ := url.ParseQuery(strings.SplitN(u, "?", 2)[1])
		events = append(events, q.Get("Event"))
	}
	if fmt.Sprint(events) != "[session_created session_expired]" {
		t.Errorf("GET callbacks %v", events)
	}
}
