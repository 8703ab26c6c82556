package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	idA, tokA = "MAAAAAAAAAAAAAAAAAAA", "token-a"
	idB, tokB = "MABBBBBBBBBBBBBBBBBB", "token-b"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

type harness struct {
	t   *testing.T
	srv *Server
	hs  *httptest.Server
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	srv := New(Options{Accounts: []Account{{ID: idA, Token: tokA}, {ID: idB, Token: tokB}}, Clock: NewManualClock(t0), Seed: 1})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return &harness{t: t, srv: srv, hs: hs}
}

// do sends a request as account id/token and decodes a JSON reply.
func (h *harness) do(method, path, id, token string, body any) (int, map[string]any) {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, h.hs.URL+path, rd)
	if id != "" {
		req.SetBasicAuth(id, token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(data) > 0 {
		if err := json.Unmarshal(data, &out); err != nil {
			h.t.Fatalf("%s %s: reply is not JSON: %q", method, path, data)
		}
	}
	return resp.StatusCode, out
}

func (h *harness) as(method, path string, body any) (int, map[string]any) {
	return h.do(method, "/v1/Account/"+idA+"/"+path, idA, tokA, body)
}

func wantError(t *testing.T, status, wantStatus int, body map[string]any, contains string) {
	t.Helper()
	if status != wantStatus {
		t.Fatalf("status %d, want %d (%v)", status, wantStatus, body)
	}
	msg, _ := body["error"].(string)
	if msg == "" || body["api_id"] == "" || body["api_id"] == nil {
		t.Fatalf("error reply lacks error text or api_id: %v", body)
	}
	if !strings.Contains(msg, contains) {
		t.Fatalf("error %q does not mention %q", msg, contains)
	}
}

func TestAuthentication(t *testing.T) {
	h := newHarness(t)
	st, body := h.do("GET", "/v1/Account/"+idA+"/Endpoint/", idA, "wrong", nil)
	wantError(t, st, 401, body, "authentication failed")
	st, body = h.do("GET", "/v1/Account/"+idA+"/Endpoint/", "", "", nil)
	wantError(t, st, 401, body, "authentication failed")
	// B's valid credentials on A's path.
	st, body = h.do("GET", "/v1/Account/"+idA+"/Endpoint/", idB, tokB, nil)
	wantError(t, st, 401, body, "authentication failed")
	st, _ = h.do("GET", "/v1/Account/"+idA+"/Endpoint/", idA, tokA, nil)
	if st != 200 {
		t.Fatalf("valid credentials refused: %d", st)
	}
}

func TestAccountsAreIsolated(t *testing.T) {
	h := newHarness(t)
	st, created := h.as("POST", "Endpoint/", map[string]any{"username": "alice", "password": "12345", "alias": "A"})
	if st != 201 {
		t.Fatalf("create: %d %v", st, created)
	}
	id := created["endpoint_id"].(string)
	pathB := "/v1/Account/" + idB + "/Endpoint/" + id + "/"
	for _, m := range []string{"GET", "POST", "DELETE"} {
		var body any
		if m == "POST" {
			body = map[string]any{"alias": "stolen"}
		}
		st, reply := h.do(m, pathB, idB, tokB, body)
		wantError(t, st, 404, reply, "not found")
	}
	st, got := h.as("GET", "Endpoint/"+id+"/", nil)
	if st != 200 || got["alias"] != "A" {
		t.Fatalf("A's endpoint changed by B: %d %v", st, got)
	}
}

func TestRoutingErrors(t *testing.T) {
	h := newHarness(t)
	st, body := h.as("GET", "Nothing/", nil)
	wantError(t, st, 404, body, "unknown resource")
	st, body = h.as("PUT", "Endpoint/", nil)
	wantError(t, st, 405, body, "not allowed")
	st, body = h.as("POST", "Endpoint/", `{"username": "x",`)
	wantError(t, st, 400, body, "malformed JSON")
	st, body = h.as("POST", "Endpoint/", map[string]any{"username": "x", "password": 12345, "alias": "a"})
	wantError(t, st, 400, body, `"password" must be of type string`)
	big := `{"username":"` + strings.Repeat("x", DefaultBodyLimit) + `"}`
	st, body = h.as("POST", "Endpoint/", big)
	wantError(t, st, 413, body, "larger than the limit")
	if objs, _ := h.srv.Objects(idA); len(objs["endpoints"]) != 0 {
		t.Fatalf("refused requests stored endpoints: %v", objs)
	}
	// Trailing slash optional, doubled slashes tolerated.
	if st, _ := h.do("GET", "/v1/Account/"+idA+"//Endpoint", idA, tokA, nil); st != 200 {
		t.Fatalf("doubled slash without trailing slash: %d", st)
	}
}

func TestEndpointLifecycle(t *testing.T) {
	h := newHarness(t)
	st, body := h.as("POST", "Endpoint/", map[string]any{"username": "bob", "password": "1234", "alias": "B"})
	wantError(t, st, 400, body, "at least 5 characters")
	if strings.Contains(body["error"].(string), "1234") {
		t.Fatal("error text repeats the password")
	}
	st, body = h.as("POST", "Endpoint/", map[string]any{"username": "bob", "password": "12345"})
	wantError(t, st, 400, body, "alias must be present")

	// app_id must name one of the account's applications.
	st, body = h.as("POST", "Endpoint/", map[string]any{"username": "bob", "password": "12345", "alias": "B", "app_id": "77"})
	wantError(t, st, 400, body, `app_id "77" is not an application of this account`)
	if objs, _ := h.srv.Objects(idA); len(objs["endpoints"]) != 0 {
		t.Fatalf("a refused create made an endpoint: %v", objs["endpoints"])
	}
	_, made := h.as("POST", "Application/", map[string]any{"app_name": "pbx", "answer_url": "https://example.com/answer"})
	app := made["app_id"].(string)

	st, created := h.as("POST", "Endpoint/", map[string]any{"username": "bob", "password": "12345", "alias": "B", "app_id": app})
	if st != 201 || created["message"] != "created" {
		t.Fatalf("create: %d %v", st, created)
	}
	username := created["username"].(string)
	if !regexp.MustCompile(`^bob\d{12}$`).MatchString(username) {
		t.Fatalf("username %q is not the requested one plus 12 digits", username)
	}
	id := created["endpoint_id"].(string)
	st, got := h.as("GET", "Endpoint/"+id+"/", nil)
	if st != 200 {
		t.Fatalf("get: %d", st)
	}
	want := map[string]any{
		"alias": "B", "endpoint_id": id,
		"sip_registered": "false", "sip_uri": "sip:" + username + "@sip.cpaas.test", "username": username,
		"application":  "/v1/Account/" + idA + "/Application/" + app + "/",
		"resource_uri": "/v1/Account/" + idA + "/Endpoint/" + id + "/", "sub_account": nil,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("GET has %d keys, want the %d recorded (no password, no api_id, no sip_contact/sip_expires/sip_user_agent while unregistered): %v", len(got), len(want), got)
	}
	if !h.srv.EndpointPasswordIs(idA, id, "12345") {
		t.Errorf("the emulator does not hold the created password")
	}
	st, body = h.as("POST", "Endpoint/"+id+"/", map[string]any{"password": "abc"})
	wantError(t, st, 400, body, "at least 5 characters")
	// username is not an update field: ignored, as the service ignores
	// fields it does not know.
	if st, _ = h.as("POST", "Endpoint/"+id+"/", map[string]any{"username": "other"}); st != 202 {
		t.Fatalf("update with a field it does not take: %d", st)
	}
	if _, got = h.as("GET", "Endpoint/"+id+"/", nil); got["username"] != username {
		t.Fatalf("update changed the username: %v", got)
	}
	st, body = h.as("POST", "Endpoint/"+id+"/", map[string]any{"alias": "B3", "app_id": "78"})
	wantError(t, st, 400, body, `app_id "78" is not an application of this account`)
	if _, got = h.as("GET", "Endpoint/"+id+"/", nil); got["alias"] != "B" || got["application"] != want["application"] {
		t.Fatalf("a refused update changed the endpoint: %v", got)
	}
	st, body = h.as("POST", "Endpoint/"+id+"/", map[string]any{"password": "new-pass", "alias": "B2", "app_id": ""})
	if st != 202 || body["message"] != "changed" {
		t.Fatalf("update: %d %v", st, body)
	}
	_, got = h.as("GET", "Endpoint/"+id, nil)
	if got["alias"] != "B2" || got["application"] != "" || !h.srv.EndpointPasswordIs(idA, id, "new-pass") {
		t.Fatalf("update not applied: %v", got)
	}
	req, _ := http.NewRequest("DELETE", h.hs.URL+"/v1/Account/"+idA+"/Endpoint/"+id+"/", nil)
	req.SetBasicAuth(idA, tokA)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 204 || len(data) != 0 {
		t.Fatalf("delete: %d %q", resp.StatusCode, data)
	}
	st, body = h.as("GET", "Endpoint/"+id+"/", nil)
	wantError(t, st, 404, body, "not found")
}

func TestEndpointListPaging(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < 45; i++ {
		if st, _ := h.as("POST", "Endpoint/", map[string]any{"username": "u", "password": "12345", "alias": "a"}); st != 201 {
			t.Fatalf("create %d: %d", i, st)
		}
	}
	st, body := h.as("GET", "Endpoint/?limit=21", nil)
	wantError(t, st, 400, body, "limit must be an integer from 1 to 20")
	st, body = h.as("GET", "Endpoint/?offset=-1", nil)
	wantError(t, st, 400, body, "offset")

	seen := map[string]bool{}
	next := "/v1/Account/" + idA + "/Endpoint/?limit=20"
	pages := 0
	for next != "" {
		st, page := h.do("GET", next, idA, tokA, nil)
		if st != 200 {
			t.Fatalf("page %s: %d", next, st)
		}
		pages++
		meta := page["meta"].(map[string]any)
		if meta["total_count"].(float64) != 45 {
			t.Fatalf("total_count %v", meta["total_count"])
		}
		if pages == 1 && meta["previous"] != nil {
			t.Fatalf("first page has previous %v", meta["previous"])
		}
		for _, o := range page["objects"].([]any) {
			seen[o.(map[string]any)["endpoint_id"].(string)] = true
		}
		next, _ = meta["next"].(string)
	}
	if pages != 3 || len(seen) != 45 {
		t.Fatalf("paged %d pages and %d distinct endpoints, want 3 and 45", pages, len(seen))
	}
	_, page := h.as("GET", "Endpoint/?limit=20&offset=100", nil)
	if objs := page["objects"].([]any); len(objs) != 0 {
		t.Fatalf("offset past the end returned %d objects", len(objs))
	}
}

func TestSignatureTestVector(t *testing.T) {
	got := SignatureV2("MY_AUTH_TOKEN", "https://example.com/answer/?x=1", "05429567804466091622")
	if got != "B90f9RFmjMbCIlenbqdIGa0j8oxnYeTtQu113CaAvcw=" {
		t.Fatalf("signature %s does not match the published test vector", got)
	}
}

// receiver records callbacks, answering with the next status of replies.
type receiver struct {
	mu      sync.Mutex
	replies []int
	got     []*http.Request
	forms   []map[string][]string
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	rc.mu.Lock()
	i := len(rc.got)
	rc.got = append(rc.got, r)
	rc.forms = append(rc.forms, r.Form)
	st := rc.replies[min(i, len(rc.replies)-1)]
	rc.mu.Unlock()
	w.WriteHeader(st)
}

func TestCallbackRetrySchedule(t *testing.T) {
	cases := []struct {
		name    string
		replies []int
		want    []time.Duration // attempt times after t0
	}{
		{"answers 200 at once", []int{200}, []time.Duration{0}},
		{"fails twice", []int{500, 404, 200}, []time.Duration{0, 60 * time.Second, 180 * time.Second}},
		{"never answers 200", []int{503}, []time.Duration{0, 60 * time.Second, 180 * time.Second, 420 * time.Second}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			rc := &receiver{replies: tc.replies}
			cb := httptest.NewServer(rc)
			defer cb.Close()
			h.srv.mu.Lock()
			h.srv.sendCallback(h.srv.accounts[idA], "test/1", cb.URL+"/hook?q=1", "POST", map[string][]string{"status": {"registered"}})
			h.srv.mu.Unlock()
			h.srv.Settle()
			// Step the clock a second at a time through 10 minutes, so a
			// retry at the wrong second would be seen at that second.
			for i := 0; i < 600; i++ {
				h.srv.Clock().Advance(time.Second)
			}
			attempts := h.srv.Callbacks()
			if len(attempts) != len(tc.want) || len(rc.got) != len(tc.want) {
				t.Fatalf("%d attempts recorded, %d received, want %d", len(attempts), len(rc.got), len(tc.want))
			}
			for i, a := range attempts {
				if got := a.At.Sub(t0); got != tc.want[i] {
					t.Errorf("attempt %d at +%v, want +%v", i+1, got, tc.want[i])
				}
			}
			// An independent check of every signature.
			for i, r := range rc.got {
				nonce := r.Header.Get(HeaderNonce)
				if !regexp.MustCompile(`^\d{20}$`).MatchString(nonce) {
					t.Fatalf("nonce %q", nonce)
				}
				if r.Header.Get(HeaderSignature) != independentSign(tokA, cb.URL+"/hook", nonce) ||
					r.Header.Get(HeaderSignatureMA) != independentSign(tokA, cb.URL+"/hook", nonce) {
					t.Fatalf("attempt %d: bad signature headers %v", i+1, r.Header)
				}
				if rc.forms[i]["status"][0] != "registered" {
					t.Fatalf("attempt %d: payload %v", i+1, rc.forms[i])
				}
			}
		})
	}
}

func TestCallbackGETUsesQueryAndSubaccountSignsWithMain(t *testing.T) {
	const sub, subTok = "SACCCCCCCCCCCCCCCCCC", "token-sub"
	srv := New(Options{Accounts: []Account{{ID: idA, Token: tokA}, {ID: sub, Token: subTok, MainID: idA}}, Clock: NewManualClock(t0)})
	defer srv.Close()
	rc := &receiver{replies: []int{200}}
	cb := httptest.NewServer(rc)
	defer cb.Close()
	srv.mu.Lock()
	srv.sendCallback(srv.accounts[sub], "test/2", cb.URL+"/get", "GET", map[string][]string{"kind": {"brand"}})
	srv.mu.Unlock()
	srv.Settle()
	if len(rc.got) != 1 {
		t.Fatalf("%d callbacks", len(rc.got))
	}
	r := rc.got[0]
	if r.Method != "GET" || r.URL.Query().Get("kind") != "brand" {
		t.Fatalf("GET callback: %s %s", r.Method, r.URL)
	}
	nonce := r.Header.Get(HeaderNonce)
	if r.Header.Get(HeaderSignature) != independentSign(subTok, cb.URL+"/get", nonce) {
		t.Fatal("V2 signature not keyed with the subaccount's token")
	}
	if r.Header.Get(HeaderSignatureMA) != independentSign(tokA, cb.URL+"/get", nonce) {
		t.Fatal("Ma-V2 signature not keyed with the main account's token")
	}
}

func TestControlAPI(t *testing.T) {
	h := newHarness(t)
	h.as("POST", "Endpoint/", map[string]any{"username": "u", "password": "12345", "alias": "a"})
	st, body := h.do("POST", "/_emulator/clock/advance", "", "", map[string]any{"seconds": 90})
	if st != 200 || body["now"] != t0.Add(90*time.Second).Format(time.RFC3339) {
		t.Fatalf("advance: %d %v", st, body)
	}
	st, body = h.do("GET", "/_emulator/accounts/"+idA+"/objects", "", "", nil)
	if st != 200 || len(body["endpoints"].([]any)) != 1 {
		t.Fatalf("objects: %d %v", st, body)
	}
	// The numbers the account came with are listed, apart from the ones it
	// bought; a kind with none is an empty list, never null.
	if bought, ok := body["numbers"].([]any); !ok || len(bought) != 0 {
		t.Fatalf("objects: numbers %#v, want an empty list", body["numbers"])
	}
	starters, _ := body["starter_numbers"].([]any)
	_, owned := h.as("GET", "Number/?limit=20", nil)
	if meta, _ := owned["meta"].(map[string]any); len(starters) == 0 || meta["total_count"] != float64(len(starters)) {
		t.Fatalf("objects: starter_numbers %v, the account's Number/ listing %v", starters, owned["meta"])
	}
	const idC = "MACCCCCCCCCCCCCCCCCC"
	if st, _ := h.do("POST", "/_emulator/accounts", "", "", map[string]any{"auth_id": idC, "auth_token": "c"}); st != 201 {
		t.Fatalf("add account: %d", st)
	}
	if st, _ := h.do("GET", "/v1/Account/"+idC+"/Endpoint/", idC, "c", nil); st != 200 {
		t.Fatalf("new account cannot authenticate: %d", st)
	}
	if st, _ := h.do("POST", "/_emulator/reset", "", "", nil); st != 200 {
		t.Fatalf("reset: %d", st)
	}
	if objs, _ := h.srv.Objects(idA); len(objs["endpoints"]) != 0 {
		t.Fatalf("reset kept %v", objs)
	}
}

// TestEndpoint_registrationThroughTheControlAPI: a device registered
// through the control API makes the endpoint read as the service's
// registered endpoints do (sip_registered "true", sip_contact, sip_expires
// as "YYYY-MM-DD HH:MM:SS" in UTC, sip_user_agent); unregistered, the three
// keys are left out again, in the GET and in the list.
func TestEndpoint_registrationThroughTheControlAPI(t *testing.T) {
	h := newHarness(t)
	_, created := h.as("POST", "Endpoint/", map[string]any{"username": "callme", "password": "12345", "alias": "C"})
	id := created["endpoint_id"].(string)
	username := created["username"].(string)
	control := "/_emulator/accounts/" + idA + "/endpoints/" + id + "/sip_registered"
	if st, body := h.do("POST", control, "", "", map[string]any{"registered": true, "user_agent": "Zoiper 5", "expires_in": 600}); st != 200 {
		t.Fatalf("register: %d %v", st, body)
	}
	_, list := h.as("GET", "Endpoint/", nil)
	_, got := h.as("GET", "Endpoint/"+id+"/", nil)
	for _, v := range []map[string]any{got, list["objects"].([]any)[0].(map[string]any)} {
		want := map[string]any{
			"sip_registered": "true", "sip_contact": "sip:" + username + "@192.0.2.10:5060;ob",
			"sip_expires": t0.Add(600 * time.Second).UTC().Format("2006-01-02 15:04:05"), "sip_user_agent": "Zoiper 5",
		}
		for k, w := range want {
			if v[k] != w {
				t.Errorf("registered: %s = %#v, want %#v", k, v[k], w)
			}
		}
	}
	if st, _ := h.do("POST", control, "", "", map[string]any{"registered": false}); st != 200 {
		t.Fatalf("unregister: %d", st)
	}
	_, list = h.as("GET", "Endpoint/", nil)
	_, got = h.as("GET", "Endpoint/"+id+"/", nil)
	for _, v := range []map[string]any{got, list["objects"].([]any)[0].(map[string]any)} {
		if v["sip_registered"] != "false" {
			t.Errorf("unregistered: sip_registered = %#v", v["sip_registered"])
		}
		for _, k := range []string{"sip_contact", "sip_expires", "sip_user_agent"} {
			if _, present := v[k]; present {
				t.Errorf("unregistered: %s present, want it left out", k)
			}
		}
	}
	if st, _ := h.do("POST", "/_emulator/accounts/"+idA+"/endpoints/404/sip_registered", "", "", map[string]any{"registered": true}); st != 404 {
		t.Errorf("unknown endpoint: %d, want 404", st)
	}
}

// TestServer_queryAfterAnAmpersandInThePath: on any route, what follows a
// "&" in the path is query (the Node library appends "&service=..."
// without a "?"), ahead of the query's own parameters; an escaped "&"
// (%26) stays in its segment.
func TestServer_queryAfterAnAmpersandInThePath(t *testing.T) {
	h := newHarness(t)
	for _, u := range []string{"alice", "bob", "carol"} {
		if st, out := h.do("POST", "/v1/Account/"+idA+"/Endpoint/", idA, tokA, map[string]any{"username": u, "password": "secret123", "alias": u}); st != 201 {
			t.Fatalf("create %s: %d %v", u, st, out)
		}
	}
	for _, tc := range []struct {
		path  string
		count int
	}{
		{"Endpoint/&limit=1", 1},
		{"Endpoint&limit=2", 2},
		{"Endpoint/&limit=1&offset=2", 1},
		{"Endpoint/&limit=2?offset=2", 1},
	} {
		st, out := h.do("GET", "/v1/Account/"+idA+"/"+tc.path, idA, tokA, nil)
		objs, _ := out["objects"].([]any)
		if st != 200 || len(objs) != tc.count {
			t.Errorf("GET %s: %d, %d objects, want 200 and %d: %v", tc.path, st, len(objs), tc.count, out)
		}
	}
	if st, out := h.do("GET", "/v1/Account/"+idA+"/Endpoint/x%26limit=1/", idA, tokA, nil); st != 404 || !strings.Contains(fmt.Sprint(out["error"]), "x&limit=1") {
		t.Errorf("an escaped & in a segment: %d %v, want the endpoint's 404", st, out)
	}
}
