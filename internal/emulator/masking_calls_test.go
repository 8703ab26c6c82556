package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestMaskedCall_recordingCallback: a call simulated through the control
// API on a session that records sends the recording, signed, to
// recording_callback_url with recording_callback_method; a session that
// does not record sends nothing; both count the call.
func TestMaskedCall_recordingCallback(t *testing.T) {
	e := newMaskEnv(t)
	rc := &receiver{replies: []int{200}}
	hook := httptest.NewServer(rc)
	t.Cleanup(hook.Close)
	rec := e.create(map[string]any{"first_party": "14155551234", "second_party": "14155555678", "record": true,
		"record_file_format": "wav", "recording_callback_url": hook.URL + "/recordings?x=1", "recording_callback_method": "GET"})
	id := rec["session_uuid"].(string)
	callPath := "/_emulator/accounts/" + maskAcct + "/masking/sessions/" + id + "/calls"
	code, out := e.control(http.MethodPost, callPath, map[string]any{"from": "14155555678", "duration": 42})
	if code != http.StatusOK || out["recording_id"] == "" || out["call_uuid"] == "" {
		t.Fatalf("simulated call: %d %v", code, out)
	}
	e.srv.Settle()
	rc.mu.Lock()
	if len(rc.got) != 1 {
		rc.mu.Unlock()
		t.Fatalf("%d recording callbacks, want 1", len(rc.got))
	}
	r, form := rc.got[0], rc.forms[0]
	rc.mu.Unlock()
	if r.Method != http.MethodGet || r.URL.Path != "/recordings" {
		t.Errorf("recording callback %s %s, want GET /recordings", r.Method, r.URL.Path)
	}
	nonce := r.Header.Get(HeaderNonce)
	if r.Header.Get(HeaderSignature) != independentSign(maskToken, hook.URL+"/recordings", nonce) {
		t.Error("recording callback is not signed with the account's token")
	}
	for k, want := range map[string]string{
		"Event": "recording", "SessionUUID": id, "RecordingID": out["recording_id"].(string), "CallUUID": out["call_uuid"].(string),
		"RecordingFormat": "wav", "RecordingDuration": "42", "From": "14155555678", "To": "14155551234",
		"VirtualNumber": rec["session"].(map[string]any)["virtual_number"].(string),
	} {
		if got := strings.Join(form[k], ","); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if !strings.HasSuffix(strings.Join(form["RecordingURL"], ","), out["recording_id"].(string)+".wav") {
		t.Errorf("RecordingURL %q", strings.Join(form["RecordingURL"], ","))
	}
	got := e.get(id)
	if fmt.Sprint(got["total_call_count"]) != "1" || fmt.Sprint(got["total_call_billed_duration"]) != "42" || got["last_interaction_time"] == "" {
		t.Errorf("session after the call: count %v, duration %v, last %v", got["total_call_count"], got["total_call_billed_duration"], got["last_interaction_time"])
	}

	// Without record, no recording goes out.
	plain := e.create(map[string]any{"first_party": "14155550001", "second_party": "14155550002",
		"recording_callback_url": hook.URL + "/recordings"})["session_uuid"].(string)
	code, out = e.control(http.MethodPost, "/_emulator/accounts/"+maskAcct+"/masking/sessions/"+plain+"/calls", map[string]any{})
	if code != http.StatusOK || out["recording_id"] != nil {
		t.Fatalf("call without record: %d %v", code, out)
	}
	e.srv.Settle()
	rc.mu.Lock()
	n := len(rc.got)
	rc.mu.Unlock()
	if n != 1 {
		t.Errorf("a session that does not record sent a recording (%d callbacks)", n)
	}
	// A caller who is not a party, and an ended session, are refused.
	if code, _ := e.control(http.MethodPost, callPath, map[string]any{"from": "19999999999"}); code != http.StatusBadRequest {
		t.Errorf("call from a stranger: %d", code)
	}
	e.call(http.MethodDelete, "Masking/Session/"+id, nil)
	if code, out := e.control(http.MethodPost, callPath, map[string]any{}); code != http.StatusBadRequest || !strings.Contains(out["error"].(string), "expired") {
		t.Errorf("call on an ended session: %d %v", code, out)
	}
}

// control sends a control API request and decodes the reply.
func (e *maskEnv) control(method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(string(b)))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}
