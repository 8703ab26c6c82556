package emulator

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tollfreerules"
)

// tollfreeBody is a valid request for number and profile; sample decides
// the outcome (tollfreerules.Decide).
func tollfreeBody(number, profile, sample string) map[string]any {
	return map[string]any{
		"profile_uuid": profile, "number": number, "usecase": "2FA, CUSTOMER_CARE",
		"usecase_summary": "One-time passcodes for customers who sign in to the Acme store.",
		"message_sample":  sample, "optin_image_url": "https://acme.example/optin.png, https://acme.example/form.png",
		"optin_type": "WEB_FORM", "volume": "1,000",
	}
}

const approvedSample = "Your Acme code is 123456. Reply STOP to opt out."

// buyTollfree buys one US toll-free number through call and returns it.
func buyTollfree(call func(method, path string, body any) map[string]any) string {
	n := call("GET", "PhoneNumber/?country_iso=US&type=toll-free&limit=1", nil)["objects"].([]any)[0].(map[string]any)["number"].(string)
	call("POST", "PhoneNumber/"+n+"/", map[string]any{})
	return n
}

var tollfreeTestAreas = []testArea{
	{
		segment: "TollfreeVerification",
		kind:    "tollfree_verifications",
		get:     func(id string) string { return "TollfreeVerification/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			n := buyTollfree(call)
			p := call("POST", "Profile/", profileBody("TF Co"))["profile_uuid"].(string)
			return call("POST", "TollfreeVerification/", tollfreeBody(n, p, approvedSample))["uuid"].(string)
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		bodies: map[string][]bodyCase{
			"POST TollfreeVerification/{id}": {{"", map[string]any{"additional_information": "We send at most one code per sign-in.", "volume": "10,000"}}},
		},
		wrongType: map[string]any{"usecase": 5, "volume": 100},
		goldens: func(call goldenCall) {
			n := call(200, "GET", "PhoneNumber/?country_iso=US&type=toll-free&limit=1", nil, "phone_number_search.json")["objects"].([]any)[0].(map[string]any)["number"].(string)
			call(201, "POST", "PhoneNumber/"+n+"/", map[string]any{}, "phone_number_bought.json")
			p := call(200, "POST", "Profile/", profileBody("TF Golden Co"), "profile_created.json")["profile_uuid"].(string)
			body := tollfreeBody(n, p, "Your Acme code is 123456.")
			body["callback_url"], body["callback_method"] = "https://acme.example/tf-callback", "POST"
			id := call(201, "POST", "TollfreeVerification/", body, "tollfree_verification_created.json")["uuid"].(string)
			call(200, "GET", "TollfreeVerification/"+id+"/", nil, "tollfree_verification_get.json")
			call(200, "GET", "TollfreeVerification/", nil, "tollfree_verification_list.json")
			call(202, "POST", "TollfreeVerification/"+id+"/", map[string]any{"message_sample": approvedSample}, "tollfree_verification_updated.json")
		},
	},
}

// tfEnv is a tdEnv whose account tdID owns a toll-free number and a
// profile.
func tfEnv(t *testing.T) (e *tdEnv, number, profile string) {
	e = newTDEnv(t)
	number = buyTollfree(func(method, path string, body any) map[string]any {
		code := http.StatusOK
		if method == "POST" {
			code = http.StatusCreated
		}
		return e.must(code, method, path, body)
	})
	return e, number, e.newProfile("Acme")
}

func (e *tdEnv) tollfree(id string) map[string]any {
	e.t.Helper()
	return e.must(200, "GET", "TollfreeVerification/"+id+"/", nil)
}

func (e *tdEnv) numberVerification(number string) (string, any, any) {
	e.t.Helper()
	n := e.must(200, "GET", "Number/"+number+"/", nil)
	v, _ := n["toll_free_sms_verification"].(string)
	return v, n["toll_free_sms_verification_id"], n["toll_free_sms_verification_order_status"]
}

func TestTollfreeApproved(t *testing.T) {
	e, number, profile := tfEnv(t)
	if v, id, _ := e.numberVerification(number); v != "unverified" || id != nil {
		t.Fatalf("a toll-free number without a request: %v %v", v, id)
	}
	if v, _, _ := e.numberVerification("14155550100"); v != "" {
		t.Fatalf("a local number has no toll-free verification: %q", v)
	}
	out := e.must(201, "POST", "TollfreeVerification", tollfreeBody(number, profile, approvedSample))
	if out["message"] != "Tollfree verification request for "+number+" submitted succesfully" {
		t.Errorf("create reply %v", out)
	}
	id := out["uuid"].(string)
	got := e.tollfree(id)
	if got["status"] != "SUBMITTED" || got["usecase"] != "2FA, CUSTOMER_CARE" || got["extra_data"] != "" || got["created"] != "2025-03-01T12:00:00.000000Z" {
		t.Errorf("record %v", got)
	}
	if v, vid, st := e.numberVerification(number); v != "pending_verification" || vid != id || st != "SUBMITTED" {
		t.Errorf("number while submitted: %v %v %v", v, vid, st)
	}
	e.mustFail(400, "POST", "TollfreeVerification/", tollfreeBody(number, profile, approvedSample), "already has a toll-free verification request")
	e.advance(DefaultTollfreeVerificationDelay)
	if got := e.tollfree(id); got["status"] != "APPROVED" || got["error_message"] != "" {
		t.Errorf("decided %v", got)
	}
	if v, _, st := e.numberVerification(number); v != "verified" || st != "APPROVED" {
		t.Errorf("number once approved: %v %v", v, st)
	}
	e.mustFail(400, "POST", "TollfreeVerification/"+id+"/", map[string]any{"volume": "100"}, "can be updated only while SUBMITTED or UPDATE_REQUIRED")
	l := e.must(200, "GET", "TollfreeVerification/?number="+number+"&status=APPROVED", nil)
	if m := l["meta"].(map[string]any); m["count"] != float64(1) || m["total_count"] != float64(1) {
		t.Errorf("list %v", l)
	}
	if l := e.must(200, "GET", "TollfreeVerification/?status=REJECTED", nil)["objects"].([]any); len(l) != 0 {
		t.Errorf("status filter %v", l)
	}
	e.mustFail(400, "DELETE", "Profile/"+profile+"/", nil, "is in use by toll-free verification "+id)
	code, _ := e.call("DELETE", "TollfreeVerification/"+id+"/", nil)
	if code != http.StatusNoContent {
		t.Errorf("delete: HTTP %d", code)
	}
	if v, _, _ := e.numberVerification(number); v != "unverified" {
		t.Errorf("number after delete: %v", v)
	}
}

func TestTollfreeUpdateRequiredThenApproved(t *testing.T) {
	e, number, profile := tfEnv(t)
	id := e.must(201, "POST", "TollfreeVerification/", tollfreeBody(number, profile, "Your Acme code is 123456."))["uuid"].(string)
	e.advance(DefaultTollfreeVerificationDelay)
	got := e.tollfree(id)
	if got["status"] != "UPDATE_REQUIRED" || !strings.Contains(got["error_message"].(string), "opt-out language") {
		t.Fatalf("decided %v", got)
	}
	e.mustFail(400, "POST", "TollfreeVerification/"+id+"/", map[string]any{"number": "18005550100"}, "number cannot be updated")
	out := e.must(202, "POST", "TollfreeVerification/"+id+"/", map[string]any{"message_sample": approvedSample, "volume": ""})
	if out["message"] != "Tollfree verification request for "+number+" updated succesfully" {
		t.Errorf("update reply %v", out)
	}
	if got := e.tollfree(id); got["status"] != "SUBMITTED" || got["volume"] != "1,000" {
		t.Errorf("resubmitted %v", got)
	}
	e.advance(DefaultTollfreeVerificationDelay)
	if got := e.tollfree(id); got["status"] != "APPROVED" {
		t.Errorf("after the update %v", got)
	}
	// Six days later nothing changes: the expiry was for the old submission.
	e.advance(tollfreerules.UpdateWindow)
	if got := e.tollfree(id); got["status"] != "APPROVED" {
		t.Errorf("six days after approval %v", got)
	}
}

func TestTollfreeUpdateRequiredExpiresAfterSixDays(t *testing.T) {
	e, number, profile := tfEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	body := tollfreeBody(number, profile, "Your Acme code is 123456.")
	body["callback_url"] = rc.hs.URL + "/tf"
	id := e.must(201, "POST", "TollfreeVerification/", body)["uuid"].(string)
	e.advance(DefaultTollfreeVerificationDelay)
	e.advance(tollfreerules.UpdateWindow - time.Second)
	if got := e.tollfree(id); got["status"] != "UPDATE_REQUIRED" {
		t.Fatalf("before six days %v", got)
	}
	e.advance(time.Second)
	got := e.tollfree(id)
	if got["status"] != "REJECTED" || got["error_message"] != tollfreerules.ExpiredMessage {
		t.Fatalf("after six days %v", got)
	}
	if v, _, st := e.numberVerification(number); v != "unverified" || st != "REJECTED" {
		t.Errorf("number after rejection: %v %v", v, st)
	}
	var statuses []string
	for _, cb := range rc.all() {
		statuses = append(statuses, cb.Params.Get("Status"))
		if !cb.SigOK || cb.Params.Get("UUID") != id || cb.Params.Get("Kind") != "tollfree_verification" {
			t.Errorf("callback %+v", cb)
		}
	}
	if strings.Join(statuses, ",") != "UPDATE_REQUIRED,REJECTED" {
		t.Errorf("callbacks %v", statuses)
	}
	// A rejected number may be submitted again.
	e.must(201, "POST", "TollfreeVerification/", tollfreeBody(number, profile, approvedSample))
}

func TestTollfreeRejectedAndCallbackRetries(t *testing.T) {
	e, number, profile := tfEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken, 503, 503, 503, 503)
	body := tollfreeBody(number, profile, approvedSample)
	body["usecase_summary"] = "REJECT this one"
	body["callback_url"], body["callback_method"] = rc.hs.URL+"/tf", "GET"
	id := e.must(201, "POST", "TollfreeVerification/", body)["uuid"].(string)
	e.advance(DefaultTollfreeVerificationDelay)
	if got := e.tollfree(id); got["status"] != "REJECTED" || !strings.Contains(got["error_message"].(string), "cannot be submitted again") {
		t.Fatalf("decided %v", got)
	}
	for _, d := range []time.Duration{60 * time.Second, 120 * time.Second, 240 * time.Second} {
		e.advance(d)
	}
	got := rc.all()
	if len(got) != 4 {
		t.Fatalf("%d attempts, want 4 (the first and three retries)", len(got))
	}
	for i, want := range []time.Duration{60 * time.Second, 120 * time.Second, 240 * time.Second} {
		if d := got[i+1].At.Sub(got[i].At); d != want {
			t.Errorf("retry %d after %v, want %v", i+1, d, want)
		}
	}
	if g := got[0]; g.Method != "GET" || !g.SigOK || g.Params.Get("Status") != "REJECTED" || g.Params.Get("ErrorMessage") == "" {
		t.Errorf("callback %+v", g)
	}
}

func TestTollfreeRules(t *testing.T) {
	e, number, profile := tfEnv(t)
	with := func(k string, v any) map[string]any {
		b := tollfreeBody(number, profile, approvedSample)
		b[k] = v
		return b
	}
	e.mustFail(400, "POST", "TollfreeVerification/", with("usecase", "2FA, MIXED"), `usecase "MIXED" is not one of`)
	e.mustFail(400, "POST", "TollfreeVerification/", with("volume", "1000"), `volume "1000" is not one of`)
	e.mustFail(400, "POST", "TollfreeVerification/", with("optin_type", "EMAIL"), `optin_type "EMAIL" is not one of`)
	e.mustFail(400, "POST", "TollfreeVerification/", with("usecase_summary", strings.Repeat("é", 501)), "usecase_summary must be 1 to 500 characters long, got 501")
	e.mustFail(400, "POST", "TollfreeVerification/", with("message_sample", strings.Repeat("日", 1001)), "message_sample must be 1 to 1000 characters long, got 1001")
	e.mustFail(400, "POST", "TollfreeVerification/", with("number", "14155550100"), "not a toll-free one")
	e.mustFail(400, "POST", "TollfreeVerification/", with("number", "18005550199"), "not a number of this account")
	e.mustFail(400, "POST", "TollfreeVerification/", with("profile_uuid", "00000000-0000-4000-8000-000000000000"), "not a profile of this account")
	e.mustFail(400, "POST", "TollfreeVerification/", with("optin_image_url", "ftp://x"), "absolute http")
	e.mustFail(400, "GET", "TollfreeVerification/?created__gte=2024-01-01", nil, "at most 30 days")
	e.must(201, "POST", "TollfreeVerification/", with("usecase_summary", strings.Repeat("é", 500)))
}

func TestTollfreeUnverifiedNumberCannotSendToUSOrCanada(t *testing.T) {
	e, number, profile := tfEnv(t)
	send := func(dst string) map[string]any {
		uuid := e.must(202, "POST", "Message/", map[string]any{"src": number, "dst": dst, "text": "hi"})["message_uuid"].([]any)[0].(string)
		e.advance(5 * time.Second)
		return e.must(200, "GET", "Message/"+uuid+"/", nil)
	}
	if m := send("14155550111"); m["message_state"] != "failed" || m["error_code"] != "470" {
		t.Errorf("unverified toll-free to the US: %v", m)
	}
	if m := send("447700900123"); m["error_code"] == "470" {
		t.Errorf("outside the US and Canada the verification does not matter: %v", m)
	}
	e.must(201, "POST", "TollfreeVerification/", tollfreeBody(number, profile, approvedSample))
	e.advance(DefaultTollfreeVerificationDelay)
	if m := send("14155550111"); m["error_code"] == "470" {
		t.Errorf("verified toll-free to the US: %v", m)
	}
}

func TestDelaysControl(t *testing.T) {
	e, number, profile := tfEnv(t)
	put := func(body string) (int, []byte) {
		t.Helper()
		st, out := direct(e.s, "PUT", "/_emulator/delays", "", "", []byte(body))
		return st, out
	}
	if st, out := put(`{"tollfree_verification": "10m"}`); st != 200 || !strings.Contains(string(out), `"tollfree_verification":"10m0s"`) {
		t.Fatalf("PUT delays: %d %s", st, out)
	}
	if st, out := put(`{"number_link": "-1s"}`); st != 400 || !strings.Contains(string(out), "number_link must be a positive duration") {
		t.Fatalf("bad delay: %d %s", st, out)
	}
	id := e.must(201, "POST", "TollfreeVerification/", tollfreeBody(number, profile, approvedSample))["uuid"].(string)
	e.advance(9 * time.Minute)
	if got := e.tollfree(id); got["status"] != "SUBMITTED" {
		t.Fatalf("before the delay %v", got)
	}
	e.advance(time.Minute)
	if got := e.tollfree(id); got["status"] != "APPROVED" {
		t.Fatalf("after the delay %v", got)
	}
}
