package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// Security checks that walk the route table (s.routes), so a route added
// later is covered without touching these tests: isolation between
// accounts, authentication, and refusal of oversized and malformed bodies,
// each proven harmless by comparing a snapshot of everything the account
// stores before and after.

// direct serves one request in-process (no network): fast enough to fuzz.
func direct(s *Server, method, path, user, pass string, body []byte) (int, []byte) {
	return directTyped(s, method, path, user, pass, "", body)
}

// directTyped is direct with the body's Content-Type (none when "").
func directTyped(s *Server, method, path, user, pass, contentType string, body []byte) (int, []byte) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req := httptest.NewRequest(method, "http://emulator.test"+path, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if user != "" || pass != "" {
		req.SetBasicAuth(user, pass)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// secObjects are the ids populate made, by route parameter role.
type secObjects struct {
	endpoint, number, brand, campaign, linked, session, message string
	// rejected is a FAILED campaign, the only kind the service updates.
	rejected string
	// starter is a STARTER brand, the only kind that is sent an OTP.
	starter string
	// spareProfiles are profiles no brand uses yet, for tests that
	// register one more brand.
	spareProfiles []string
	// spareTollfree is a toll-free number of the account without a
	// verification request.
	spareTollfree string
	// byArea are the objects of the registered test areas, by segment.
	byArea map[string]string
}

// populate gives account id one object of every kind.
func populate(t testing.TB, s *Server, id, tok string) secObjects {
	t.Helper()
	call := func(method, path string, body any) map[string]any {
		t.Helper()
		var data []byte
		contentType := ""
		if rb, ok := body.(rawBody); ok {
			data, contentType = rb.data, rb.contentType
		} else if body != nil {
			data, _ = json.Marshal(body)
		}
		st, out := directTyped(s, method, "/v1/Account/"+id+"/"+path, id, tok, contentType, data)
		if st >= 300 {
			t.Fatalf("populate %s %s: %d %s", method, path, st, out)
		}
		var m map[string]any
		_ = json.Unmarshal(out, &m)
		return m
	}
	var o secObjects
	o.endpoint = call("POST", "Endpoint/", map[string]any{"username": "sec", "password": "sec-password", "alias": "Sec"})["endpoint_id"].(string)
	search := call("GET", "PhoneNumber/?country_iso=US&limit=1", nil)["objects"].([]any)
	o.number = search[0].(map[string]any)["number"].(string)
	call("POST", "PhoneNumber/"+o.number+"/", map[string]any{})
	profile := call("POST", "Profile/", profileBody("Sec Co"))["profile_uuid"].(string)
	for range 2 {
		o.spareProfiles = append(o.spareProfiles, call("POST", "Profile/", profileBody("Spare Co"))["profile_uuid"].(string))
	}
	o.spareTollfree = buyTollfree(call)
	o.brand = call("POST", "10dlc/Brand/", map[string]any{"brand_alias": "Sec brand", "profile_uuid": profile, "brand_type": "STANDARD"})["brand_id"].(string)
	o.starter = call("POST", "10dlc/Brand/", map[string]any{"brand_alias": "Sec starter", "profile_uuid": o.spareProfiles[1], "brand_type": "STARTER"})["brand_id"].(string)
	o.spareProfiles = append(o.spareProfiles[:1], call("POST", "Profile/", profileBody("Spare Co"))["profile_uuid"].(string))
	s.Clock().Advance(time.Minute)
	o.campaign = call("POST", "10dlc/Campaign/", withCampaignFlags(map[string]any{
		"brand_id": o.brand, "campaign_alias": "Sec campaign", "vertical": "RETAIL", "usecase": "DELIVERY_NOTIFICATION",
		"description": "Tells customers when their order is ready for pickup at the store.",
		"sample1":     "Your order is ready. Reply STOP to opt out.", "sample2": "Order 42 is waiting. Reply HELP for help.",
	}))["campaign_id"].(string)
	o.rejected = call("POST", "10dlc/Campaign/", withCampaignFlags(map[string]any{
		"brand_id": o.brand, "campaign_alias": "Sec REJECT", "vertical": "RETAIL", "usecase": "DELIVERY_NOTIFICATION",
		"description": "Tells customers when their order is ready for pickup at the store.",
		"sample1":     "Your order is ready. Reply STOP to opt out.", "sample2": "Order 42 is waiting. Reply HELP for help.",
	}))["campaign_id"].(string)
	s.Clock().Advance(time.Minute)
	o.linked = "14155550100"
	call("POST", "10dlc/Campaign/"+o.campaign+"/Number/", map[string]any{"numbers": []string{o.linked}})
	s.Clock().Advance(time.Minute)
	o.session = call("POST", "Masking/Session/", map[string]any{"first_party": "14155551234", "second_party": "14155555678"})["session_uuid"].(string)
	o.message = call("POST", "Message/", map[string]any{"src": "14155550100", "dst": "12125550199", "text": "hello"})["message_uuid"].([]any)[0].(string)
	o.byArea = map[string]string{}
	for _, a := range testAreas {
		if a.populateAt != nil {
			o.byArea[a.segment] = a.populateAt(s, id, call)
			continue
		}
		o.byArea[a.segment] = a.populate(call)
	}
	return o
}

// wrongTypeBody has a field of every route's body with a value of the
// wrong type, the registered areas' ones included.
func wrongTypeBody() []byte {
	fields := map[string]any{"alias": 5, "password": true, "numbers": "x", "first_party": 1, "dst": []any{}, "record": "yes", "description": 5}
	for _, a := range testAreas {
		maps.Copy(fields, a.wrongType)
	}
	data, _ := json.Marshal(fields)
	return data
}

var apiIDField = regexp.MustCompile(`"api_id":"[^"]*",?`)

// snapshot is every object of the account as its GET returns it.
func snapshot(t testing.TB, s *Server, id, tok string) string {
	t.Helper()
	objs, ok := s.Objects(id)
	if !ok {
		t.Fatalf("no account %s", id)
	}
	get := map[string]func(string) string{
		"endpoints":                func(x string) string { return "Endpoint/" + x + "/" },
		"numbers":                  func(x string) string { return "Number/" + x + "/" },
		"starter_numbers":          func(x string) string { return "Number/" + x + "/" },
		"masking_sessions":         func(x string) string { return "Masking/Session/" + x },
		"masking_sessions_expired": func(x string) string { return "Masking/Session/" + x },
		"messages":                 func(x string) string { return "Message/" + x + "/" },
		"10dlc_brands":             func(x string) string { return "10dlc/Brand/" + x + "/" },
		"10dlc_campaigns":          func(x string) string { return "10dlc/Campaign/" + x + "/" },
		"10dlc_campaign_numbers":   func(x string) string { return "10dlc/Campaign/" + strings.Replace(x, "/", "/Number/", 1) + "/" },
	}
	for _, a := range testAreas {
		get[a.kind] = a.get
	}
	kinds := make([]string, 0, len(objs))
	for k := range objs {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, kind := range kinds {
		for _, x := range objs[kind] {
			path, ok := get[kind]
			if !ok {
				t.Fatalf("snapshot does not know how to read kind %q: add it", kind)
			}
			st, body := direct(s, "GET", "/v1/Account/"+id+"/"+path(x), id, tok, nil)
			b.WriteString(kind + " " + x + " " + http.StatusText(st) + " ")
			b.Write(apiIDField.ReplaceAll(body, nil))
		}
	}
	// Numbers the account owns, starter numbers included.
	_, body := direct(s, "GET", "/v1/Account/"+id+"/Number/?limit=20", id, tok, nil)
	b.Write(apiIDField.ReplaceAll(body, nil))
	return b.String()
}

// fill puts o's ids into a route pattern.
func fill(rt route, o secObjects) string {
	var parts []string
	for i, seg := range rt.pattern {
		switch seg {
		case "{id}":
			switch rt.pattern[i-1] {
			case "Endpoint":
				seg = o.endpoint
			case "Brand":
				seg = o.brand
			case "Campaign":
				seg = o.campaign
			default:
				if id, ok := o.byArea[rt.pattern[i-1]]; ok {
					seg = id
				}
			}
		case "{uuid}":
			seg = o.session
			if rt.pattern[0] == "Message" {
				seg = o.message
			}
		case "{number}":
			seg = o.number
			if rt.pattern[0] == "10dlc" {
				seg = o.linked
			}
		}
		if strings.HasPrefix(seg, "{") {
			panic("fill: no value for " + seg + " in " + strings.Join(rt.pattern, "/"))
		}
		parts = append(parts, seg)
	}
	return strings.Join(parts, "/") + "/"
}

func newSecServer(t testing.TB) *Server {
	noNet := &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return nil, errors.New("network disabled in this test")
	})}
	s := New(Options{Accounts: []Account{{ID: idA, Token: tokA}, {ID: idB, Token: tokB}}, Clock: NewManualClock(t0), Seed: 1,
		CallbackClient: noNet, MediaClient: noNet})
	t.Cleanup(s.Close)
	return s
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestSecurity_accountsCannotReachEachOther(t *testing.T) {
	s := newSecServer(t)
	a := populate(t, s, idA, tokA)
	populate(t, s, idB, tokB) // B has objects of its own: lists are not empty
	before := snapshot(t, s, idA, tokA)
	aIDs := []string{a.endpoint, a.brand, a.campaign, a.session, a.message}
	never := secObjects{endpoint: "99999999999999", number: "14155009999", brand: "BZZZZZZ", campaign: "CZZZZZZ",
		linked: "13125550102", session: "00000000-0000-4000-8000-000000000000", message: "00000000-0000-4000-8000-000000000001",
		byArea: map[string]string{}}
	for _, ar := range testAreas {
		never.byArea[ar.segment] = ar.unknownID
	}
	for _, rt := range s.routes {
		path := fill(rt, a)
		body := []byte("{}")
		if rt.method == http.MethodGet || rt.method == http.MethodDelete {
			body = nil
		}
		// B's credentials and B's account path, A's ids.
		st, out := direct(s, rt.method, "/v1/Account/"+idB+"/"+path, idB, tokB, body)
		name := rt.method + " " + strings.Join(rt.pattern, "/")
		hasParam := strings.Contains(strings.Join(rt.pattern, "/"), "{")
		if hasParam && catalogueRoute(rt) {
			continue // the service's catalogue: every account reads it
		}
		if hasParam {
			if st < 400 || st >= 500 {
				t.Errorf("%s with account A's id as account B: %d %s, want a 4xx", name, st, out)
			}
			// Exactly what an id that never existed gets: nothing tells
			// B that A's object exists.
			if fst, fout := direct(s, rt.method, "/v1/Account/"+idB+"/"+fill(rt, never), idB, tokB, body); fst != st {
				t.Errorf("%s: account A's id gets %d (%s), an unknown id %d (%s)", name, st, out, fst, fout)
			}
			continue
		}
		for _, x := range aIDs {
			if bytes.Contains(out, []byte(x)) {
				t.Errorf("%s as account B leaked account A's object %s: %s", name, x, out)
			}
		}
	}
	if after := snapshot(t, s, idA, tokA); after != before {
		t.Errorf("account B's requests changed account A's objects:\nbefore %s\nafter  %s", before, after)
	}
}

func TestSecurity_everyRouteNeedsTheRightCredentials(t *testing.T) {
	s := newSecServer(t)
	a := populate(t, s, idA, tokA)
	before := snapshot(t, s, idA, tokA)
	type cred struct{ name, path, user, pass string }
	creds := []cred{
		{"no credentials", idA, "", ""},
		{"wrong token", idA, idA, "wrong-token"},
		{"empty token", idA, idA, ""},
		{"another account's token", idA, idA, tokB},
		{"another account's credentials on this account's path", idA, idB, tokB},
		{"unknown account", "MAZZZZZZZZZZZZZZZZZZ", "MAZZZZZZZZZZZZZZZZZZ", tokA},
	}
	for _, rt := range s.routes {
		for _, c := range creds {
			st, out := direct(s, rt.method, "/v1/Account/"+c.path+"/"+fill(rt, a), c.user, c.pass, []byte(`{"alias":"x"}`))
			if st != http.StatusUnauthorized {
				t.Errorf("%s %s with %s: %d %s, want 401", rt.method, strings.Join(rt.pattern, "/"), c.name, st, out)
			}
		}
	}
	if after := snapshot(t, s, idA, tokA); after != before {
		t.Errorf("refused requests changed stored data")
	}
}

func TestSecurity_oversizedAndMalformedBodiesAreRefusedOnEveryPOST(t *testing.T) {
	s := newSecServer(t)
	a := populate(t, s, idA, tokA)
	before := snapshot(t, s, idA, tokA)
	big := append([]byte(`{"alias":"`), bytes.Repeat([]byte("x"), DefaultBodyLimit+1)...)
	big = append(big, `"}`...)
	bodies := map[string][]byte{
		"oversized":      big,
		"truncated JSON": []byte(`{"alias": "x"`),
		"not JSON":       []byte(`alias=x&password=12345`),
		"an array":       []byte(`[1, 2]`),
		"two values":     []byte(`{} {}`),
		// A wrong type in a field each route knows (fields a route does not
		// know are ignored).
		"a wrong type":        wrongTypeBody(),
		"invalid UTF-8 / NUL": []byte("{\"alias\": \"\xff\x00\"}"),
	}
	posts := 0
	for _, rt := range s.routes {
		if rt.method != http.MethodPost {
			continue
		}
		posts++
		for name, body := range bodies {
			if rt.noFields && name != "oversized" {
				continue // a route that takes no fields ignores its body (TestOlderCompliance_submitIgnoresItsBody)
			}
			st, out := direct(s, "POST", "/v1/Account/"+idA+"/"+fill(rt, a), idA, tokA, body)
			if st < 400 || st >= 500 {
				t.Errorf("POST %s with %s: %d %.200s, want a 4xx", strings.Join(rt.pattern, "/"), name, st, out)
			}
			if name == "oversized" && st != http.StatusRequestEntityTooLarge {
				t.Errorf("POST %s oversized: %d, want 413", strings.Join(rt.pattern, "/"), st)
			}
		}
	}
	if posts < 8 {
		t.Fatalf("only %d POST routes in the table", posts)
	}
	if after := snapshot(t, s, idA, tokA); after != before {
		t.Errorf("refused bodies changed stored data:\nbefore %s\nafter  %s", before, after)
	}
}

// FuzzEmulatorRequests sends arbitrary methods, paths and bodies as a valid
// account: the emulator must never panic or answer 5xx, and a 4xx must
// leave every stored object as it was.
func FuzzEmulatorRequests(f *testing.F) {
	for _, seed := range []struct{ method, path, body string }{
		{"POST", "Endpoint/", `{"username":"u","password":"12345","alias":"a"}`},
		{"POST", "Endpoint/{endpoint}/", `{"password":"123"}`},
		{"POST", "10dlc/Campaign/", `{"brand_id":"{brand}","campaign_alias":"x"}`},
		{"POST", "10dlc/Campaign/{campaign}/Number/", `{"numbers":["14155550100", 5]}`},
		{"DELETE", "10dlc/Campaign/{campaign}/Number/14155550100/", `{"url":"ftp://x"}`},
		{"POST", "Masking/Session/{session}", `{"session_expiry":-1,"record":"yes"}`},
		{"POST", "Message/", `{"src":"14155550100","dst":"1<<<2","text":"\u0000","type":"mms","media_urls":","}`},
		{"GET", "Message/?message_time__gte=2026-13-45&limit=0", ``},
		{"GET", "PhoneNumber/?country_iso=US&pattern=**&limit=99999999999999999999", ``},
		{"POST", "PhoneNumber/{number}/", `{"app_id":null}`},
		{"PATCH", "Number/14155550100/", `{}`},
		{"GET", "../../_emulator/reset", ``},
	} {
		f.Add(seed.method, seed.path, []byte(seed.body))
	}
	s := newSecServer(f)
	o := populate(f, s, idA, tokA)
	expand := strings.NewReplacer("{endpoint}", o.endpoint, "{brand}", o.brand, "{campaign}", o.campaign,
		"{session}", o.session, "{number}", o.number, "{message}", o.message)
	f.Fuzz(func(t *testing.T, method, path string, body []byte) {
		if !validMethod(method) || strings.ContainsAny(path, " \t\r\n#") {
			return // not an HTTP request a client could send
		}
		u := "/v1/Account/" + idA + "/" + expand.Replace(path)
		if _, err := http.NewRequest(method, "http://emulator.test"+u, nil); err != nil {
			return
		}
		before := snapshot(t, s, idA, tokA)
		st, out := direct(s, method, u, idA, tokA, body)
		if st >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, u, body, st, out)
		}
		if len(out) == 0 && st != http.StatusNoContent {
			t.Fatalf("%s %s: %d with an empty body", method, u, st)
		}
		if st >= 400 {
			if after := snapshot(t, s, idA, tokA); after != before {
				t.Fatalf("%s %s %q: %d, yet stored data changed:\nbefore %s\nafter  %s", method, u, body, st, before, after)
			}
		}
	})
}

func validMethod(m string) bool {
	if m == "" || m == "CONNECT" {
		return false
	}
	for _, r := range m {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// TestSecurity_controlTokenGuardsEveryControlRoute: with a control token,
// every control route refuses a request without it, or with another one,
// before doing anything; with it, the request is served. Without a token
// configured the control API stays open.
func TestSecurity_controlTokenGuardsEveryControlRoute(t *testing.T) {
	const token = "control-token-0123456789"
	s := New(Options{Accounts: []Account{{ID: idA, Token: tokA}}, Clock: NewManualClock(t0), ControlToken: token})
	t.Cleanup(s.Close)
	call := func(method, path, auth string) (int, []byte) {
		req := httptest.NewRequest(method, "http://emulator.test"+path, strings.NewReader("{}"))
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code, rec.Body.Bytes()
	}
	before, _ := s.Objects(idA)
	for _, rt := range s.control {
		path := "/_emulator/" + strings.Join(rt.pattern, "/")
		for _, auth := range []string{"", "Bearer wrong-token", "Basic " + token, token, "Bearer " + token + "x"} {
			if st, out := call(rt.method, path, auth); st != http.StatusUnauthorized || !bytes.Contains(out, []byte("control token")) {
				t.Errorf("%s %s with Authorization %q: %d %s, want 401", rt.method, path, auth, st, out)
			}
		}
	}
	if after, _ := s.Objects(idA); !maps.EqualFunc(before, after, slices.Equal) {
		t.Fatalf("refused control requests changed the account: %v -> %v", before, after)
	}
	if st, out := call("GET", "/_emulator/", "Bearer "+token); st != http.StatusOK {
		t.Fatalf("with the token: %d %s", st, out)
	}
	if st, _ := call("POST", "/_emulator/reset", "Bearer "+token); st != http.StatusOK {
		t.Fatalf("reset with the token: %d", st)
	}
	// The /v1 API does not take the control token, nor need it.
	if st, _ := direct(s, "GET", "/v1/Account/"+idA+"/Endpoint/", idA, tokA, nil); st != http.StatusOK {
		t.Fatalf("/v1 with the account's credentials: %d", st)
	}
	open := New(Options{Accounts: []Account{{ID: idA, Token: tokA}}, Clock: NewManualClock(t0)})
	t.Cleanup(open.Close)
	rec := httptest.NewRecorder()
	open.ServeHTTP(rec, httptest.NewRequest("GET", "http://emulator.test/_emulator/", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("without a token configured the control API is open: %d", rec.Code)
	}
}

// catalogueRoute says whether rt reads an object of a catalogue area
// (testArea.catalogue), which every account reads.
func catalogueRoute(rt route) bool {
	for _, a := range testAreas {
		if a.catalogue && len(rt.pattern) > 0 && rt.pattern[0] == a.segment {
			return true
		}
	}
	return false
}
