package emulator

import (
	"encoding/base64"
	"encoding/json"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

var subaccountsTestAreas = []testArea{
	{
		segment: "Subaccount",
		kind:    "subaccounts",
		get:     func(id string) string { return "Subaccount/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Subaccount/", map[string]any{"name": "sec-sub", "enabled": true})["auth_id"].(string)
		},
		unknownID: "SAZZZZZZZZZZZZZZZZZZ",
		bodies: map[string][]bodyCase{
			"POST Subaccount":      {{"", map[string]any{"name": "ext-sub", "enabled": true}}},
			"POST Subaccount/{id}": {{"", map[string]any{"name": "ext-sub-2", "enabled": false}}},
		},
		wrongType: map[string]any{"name": 5, "enabled": "yes", "cascade": "no"},
		goldens: func(call goldenCall) {
			id := call(201, "POST", "Subaccount/", map[string]any{"name": "Subaccount Test", "enabled": true}, "subaccount_created.json")["auth_id"].(string)
			call(200, "GET", "Subaccount/"+id+"/", nil, "subaccount_get.json")
			call(202, "POST", "Subaccount/"+id, map[string]any{"name": "Marketing"}, "subaccount_updated.json")
			call(200, "GET", "Subaccount/", nil, "subaccount_list.json")
		},
	},
}

// subEnv is a server with two main accounts, A and B, for the subaccount
// tests; as calls the API with any credentials and decodes the reply.
type subEnv struct {
	t *testing.T
	s *Server
}

func newSubEnv(t *testing.T) *subEnv {
	s := New(Options{Accounts: []Account{{ID: idA, Token: tokA}, {ID: idB, Token: tokB}}, Clock: NewManualClock(t0), Seed: 7})
	t.Cleanup(s.Close)
	return &subEnv{t, s}
}

func (e *subEnv) as(id, tok string, want int, method, path string, body any) map[string]any {
	e.t.Helper()
	var data []byte
	if body != nil {
		data, _ = json.Marshal(body)
	}
	st, out := direct(e.s, method, "/v1/Account/"+id+"/"+path, id, tok, data)
	if st != want {
		e.t.Fatalf("%s %s as %s: %d %s, want %d", method, path, id, st, out, want)
	}
	var m map[string]any
	_ = json.Unmarshal(out, &m)
	return m
}

// sub makes an enabled subaccount of A and returns its credentials.
func (e *subEnv) sub(name string) (string, string) {
	e.t.Helper()
	out := e.as(idA, tokA, 201, "POST", "Subaccount/", map[string]any{"name": name, "enabled": true})
	return out["auth_id"].(string), out["auth_token"].(string)
}

var hexDigits = regexp.MustCompile(`^[0-9a-f]{30}$`)

func TestSubaccountLifecycle(t *testing.T) {
	e := newSubEnv(t)
	created := e.as(idA, tokA, 201, "POST", "Subaccount", map[string]any{"name": "Team one"})
	id, tok := created["auth_id"].(string), created["auth_token"].(string)
	if created["message"] != "created" || !regexp.MustCompile(`^SA[A-Z0-9]{18}$`).MatchString(id) || len(tok) != 40 {
		t.Fatalf("create reply %v", created)
	}
	if raw, err := base64.StdEncoding.DecodeString(tok); err != nil || !hexDigits.Match(raw) {
		t.Fatalf("token %q is not base64 of 30 hex digits", tok)
	}
	got := e.as(idA, tokA, 200, "GET", "Subaccount/"+id+"/", nil)
	want := map[string]any{
		"account": "/v1/Account/" + idA + "/", "auth_id": id, "auth_token": tok, "name": "Team one", "enabled": false,
		"created": t0.Format("2006-01-02"), "modified": nil, "resource_uri": "/v1/Account/" + idA + "/Subaccount/" + id + "/",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("GET %s = %v, want %v", k, got[k], v)
		}
	}
	// Created with enabled absent: disabled (the API's default), refused
	// with the service's status for refused credentials.
	if st, out := direct(e.s, "GET", "/v1/Account/"+id+"/Endpoint/", id, tok, nil); st != 401 || !strings.Contains(string(out), "disabled") {
		t.Fatalf("disabled subaccount: %d %s", st, out)
	}
	e.s.Clock().Advance(48 * time.Hour)
	// "" and an absent field leave the value as it is.
	if out := e.as(idA, tokA, 202, "POST", "Subaccount/"+id, map[string]any{"name": "", "enabled": true}); out["message"] != "changed" {
		t.Fatalf("update reply %v", out)
	}
	got = e.as(idA, tokA, 200, "GET", "Subaccount/"+id, nil)
	if got["name"] != "Team one" || got["enabled"] != true || got["modified"] != t0.Add(48*time.Hour).Format("2006-01-02") {
		t.Fatalf("after update %v", got)
	}
	e.as(id, tok, 200, "GET", "Endpoint/", nil)
	// A subaccount manages no subaccounts.
	e.as(id, tok, 401, "GET", "Subaccount/", nil)
	e.as(idA, tokA, 400, "POST", "Subaccount/", map[string]any{"enabled": true})
	e.as(idA, tokA, 400, "POST", "Subaccount/", map[string]any{"name": strings.Repeat("é", 101)})
	e.as(idA, tokA, 201, "POST", "Subaccount/", map[string]any{"name": strings.Repeat("é", 100)})
	e.as(idA, tokA, 404, "GET", "Subaccount/SAZZZZZZZZZZZZZZZZZZ/", nil)
}

func TestSubaccountListNewestFirst(t *testing.T) {
	e := newSubEnv(t)
	var ids []string
	for _, n := range []string{"one", "two", "three"} {
		id, _ := e.sub(n)
		ids = append(ids, id)
	}
	out := e.as(idA, tokA, 200, "GET", "Subaccount/?limit=2", nil)
	objs := out["objects"].([]any)
	if len(objs) != 2 || objs[0].(map[string]any)["auth_id"] != ids[2] || objs[1].(map[string]any)["auth_id"] != ids[1] {
		t.Fatalf("first page %v, want %s then %s", objs, ids[2], ids[1])
	}
	if out["meta"].(map[string]any)["total_count"] != float64(3) {
		t.Fatalf("meta %v", out["meta"])
	}
	if objs := e.as(idB, tokB, 200, "GET", "Subaccount/", nil)["objects"].([]any); len(objs) != 0 {
		t.Fatalf("B sees A's subaccounts: %v", objs)
	}
}

// TestSubaccountIsolation: a subaccount's credentials work on the API's
// routes, on its own objects only; a sibling never sees them; the main
// account sees its subaccounts' applications and numbers.
func TestSubaccountIsolation(t *testing.T) {
	e := newSubEnv(t)
	s1, t1 := e.sub("one")
	s2, t2 := e.sub("two")
	app := e.as(s1, t1, 201, "POST", "Application/", map[string]any{"app_name": "s1-app", "answer_url": "https://example.com/a"})["app_id"].(string)
	ep := e.as(s1, t1, 201, "POST", "Endpoint/", map[string]any{"username": "sone", "password": "secret1", "alias": "One", "app_id": app})["endpoint_id"].(string)
	number := e.as(s1, t1, 200, "GET", "PhoneNumber/?country_iso=US&limit=1", nil)["objects"].([]any)[0].(map[string]any)["number"].(string)
	e.as(s1, t1, 201, "POST", "PhoneNumber/"+number+"/", map[string]any{})
	if n := e.as(s1, t1, 200, "GET", "Number/", nil)["objects"].([]any); len(n) != 1 {
		t.Fatalf("a new subaccount has the starter numbers or misses its own: %v", n)
	}
	// The sibling: not found, as an id that never existed.
	for _, p := range []string{"Application/" + app + "/", "Endpoint/" + ep + "/", "Number/" + number + "/"} {
		e.as(s2, t2, 404, "GET", p, nil)
	}
	if n := e.as(s2, t2, 200, "GET", "Application/", nil)["objects"].([]any); len(n) != 0 {
		t.Fatalf("sibling lists %v", n)
	}
	// B, another main account: nothing either.
	e.as(idB, tokB, 404, "GET", "Application/"+app+"/", nil)
	// The main account reaches the subaccount's applications and numbers,
	// marked with sub_account; not its endpoints.
	got := e.as(idA, tokA, 200, "GET", "Application/"+app+"/", nil)
	if got["sub_account"] != s1 || got["resource_uri"] != "/v1/Account/"+s1+"/Application/"+app+"/" {
		t.Fatalf("main's view of the subaccount's application %v", got)
	}
	if got := e.as(idA, tokA, 200, "GET", "Number/"+number+"/", nil); got["sub_account"] != s1 {
		t.Fatalf("main's view of the subaccount's number %v", got)
	}
	e.as(idA, tokA, 404, "GET", "Endpoint/"+ep+"/", nil)
	filtered := e.as(idA, tokA, 200, "GET", "Number/?subaccount="+s1, nil)["objects"].([]any)
	if len(filtered) != 1 || filtered[0].(map[string]any)["number"] != number {
		t.Fatalf("Number/?subaccount= %v", filtered)
	}
	if all := e.as(idA, tokA, 200, "GET", "Number/", nil)["objects"].([]any); len(all) != 4 {
		t.Fatalf("main lists %d numbers, want its 3 starters and the subaccount's", len(all))
	}
	apps := e.as(idA, tokA, 200, "GET", "Application/?subaccount="+s2, nil)["objects"].([]any)
	if len(apps) != 0 {
		t.Fatalf("Application/?subaccount=%s lists %v", s2, apps)
	}
}

// TestSubaccountPlacement: the main account puts an application in a
// subaccount at create and moves a number in and out with subaccount.
func TestSubaccountPlacement(t *testing.T) {
	e := newSubEnv(t)
	s1, t1 := e.sub("one")
	s2, _ := e.sub("two")
	app := e.as(idA, tokA, 201, "POST", "Application/", map[string]any{"app_name": "placed", "answer_url": "https://example.com/a", "subaccount": s1})["app_id"].(string)
	e.as(s1, t1, 200, "GET", "Application/"+app, nil)
	if objs, _ := e.s.Objects(s1); !slices.Contains(objs["applications"], app) {
		t.Fatalf("subaccount's objects %v", objs)
	}
	e.as(idA, tokA, 400, "POST", "Application/", map[string]any{"app_name": "x", "answer_url": "https://example.com/a", "subaccount": idB})
	const n = "14155550100"
	e.as(idA, tokA, 202, "POST", "Number/"+n+"/", map[string]any{"subaccount": s1, "alias": "moved"})
	if got := e.as(s1, t1, 200, "GET", "Number/"+n, nil); got["sub_account"] != s1 || got["alias"] != "moved" {
		t.Fatalf("moved number %v", got)
	}
	// Linked to the subaccount's application, it cannot move without
	// saying what becomes of the link.
	e.as(idA, tokA, 202, "POST", "Number/"+n+"/", map[string]any{"app_id": app})
	e.as(idA, tokA, 400, "POST", "Number/"+n+"/", map[string]any{"subaccount": s2})
	e.as(idA, tokA, 202, "POST", "Number/"+n+"/", map[string]any{"subaccount": s2, "app_id": ""})
	e.as(idA, tokA, 202, "POST", "Number/"+n+"/", map[string]any{"subaccount": idA})
	if got := e.as(idA, tokA, 200, "GET", "Number/"+n, nil); got["sub_account"] != nil {
		t.Fatalf("number back in the main account: %v", got)
	}
	// An application moves back unless its account's objects use it.
	e.as(idA, tokA, 202, "POST", "Application/"+app, map[string]any{"subaccount": idA})
	if got := e.as(idA, tokA, 200, "GET", "Application/"+app, nil); got["sub_account"] != nil {
		t.Fatalf("application back in the main account: %v", got)
	}
	e.as(s1, t1, 404, "GET", "Application/"+app, nil)
}

// TestSubaccountDeleteCascade: cascade false (the default, in the JSON
// body) re-homes the applications, endpoints and numbers under the main
// account; true deletes them.
func TestSubaccountDeleteCascade(t *testing.T) {
	for _, cascade := range []bool{false, true} {
		e := newSubEnv(t)
		s1, t1 := e.sub("one")
		app := e.as(s1, t1, 201, "POST", "Application/", map[string]any{"app_name": "keep", "answer_url": "https://example.com/a"})["app_id"].(string)
		ep := e.as(s1, t1, 201, "POST", "Endpoint/", map[string]any{"username": "keep", "password": "secret1", "alias": "K", "app_id": app})["endpoint_id"].(string)
		const n = "14155550100"
		e.as(idA, tokA, 202, "POST", "Number/"+n+"/", map[string]any{"subaccount": s1})
		var body any
		if cascade {
			body = map[string]any{"cascade": true}
		}
		e.as(idA, tokA, 204, "DELETE", "Subaccount/"+s1+"/", body)
		e.as(idA, tokA, 404, "GET", "Subaccount/"+s1+"/", nil)
		if st, _ := direct(e.s, "GET", "/v1/Account/"+s1+"/Endpoint/", s1, t1, nil); st != 401 {
			t.Fatalf("deleted subaccount's credentials: %d", st)
		}
		objs, _ := e.s.Objects(idA)
		has := slices.Contains(objs["applications"], app) && slices.Contains(objs["endpoints"], ep)
		if has == cascade {
			t.Fatalf("cascade=%v: main account's objects %v", cascade, objs)
		}
		if cascade {
			e.as(idA, tokA, 404, "GET", "Number/"+n, nil)
			continue
		}
		got := e.as(idA, tokA, 200, "GET", "Endpoint/"+ep, nil)
		if got["application"] != "/v1/Account/"+idA+"/Application/"+app+"/" {
			t.Fatalf("re-homed endpoint %v", got)
		}
		if got := e.as(idA, tokA, 200, "GET", "Number/"+n, nil); got["sub_account"] != nil {
			t.Fatalf("re-homed number %v", got)
		}
	}
}

func TestSubaccountCallbackSignedWithItsTokenAndTheMainAccounts(t *testing.T) {
	e := newSubEnv(t)
	id, tok := e.sub("signed")
	rc := &receiver{replies: []int{200}}
	cb := httptest.NewServer(rc)
	defer cb.Close()
	e.s.mu.Lock()
	e.s.sendCallback(e.s.accounts[id], "test/sub", cb.URL+"/cb", "POST", map[string][]string{"kind": {"brand"}})
	e.s.mu.Unlock()
	e.s.Settle()
	if len(rc.got) != 1 {
		t.Fatalf("%d callbacks", len(rc.got))
	}
	r := rc.got[0]
	nonce := r.Header.Get(HeaderNonce)
	if r.Header.Get(HeaderSignature) != independentSign(tok, cb.URL+"/cb", nonce) ||
		r.Header.Get(HeaderSignatureMA) != independentSign(tokA, cb.URL+"/cb", nonce) {
		t.Fatal("a subaccount's callback must be signed with its token (V2) and the main account's (Ma-V2)")
	}
}

func TestSubaccountPersists(t *testing.T) {
	e := newSubEnv(t)
	id, tok := e.sub("kept")
	e.s.mu.Lock()
	data, err := e.s.snapshotLocked()
	e.s.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	s2 := New(Options{Accounts: []Account{{ID: idA, Token: tokA}}, Clock: NewManualClock(t0)})
	t.Cleanup(s2.Close)
	if err := s2.loadState(data); err != nil {
		t.Fatal(err)
	}
	e2 := &subEnv{t, s2}
	var got wire.SubaccountReply
	raw, _ := json.Marshal(e2.as(idA, tokA, 200, "GET", "Subaccount/"+id, nil))
	_ = json.Unmarshal(raw, &got)
	if got.Name != "kept" || !got.Enabled || got.AuthToken != tok {
		t.Fatalf("after reload %+v", got)
	}
	e2.as(id, tok, 200, "GET", "Endpoint/", nil)
}

// The service's Node library sends a subaccount's enabled (create and
// update) and cascade (delete) through toString(): the strings "true" and
// "false" are taken as the booleans, on every route that has the field.
func TestSubaccountBooleansAsStrings(t *testing.T) {
	e := newSubEnv(t)
	enabled := func(id string) any { return e.as(idA, tokA, 200, "GET", "Subaccount/"+id+"/", nil)["enabled"] }
	on := e.as(idA, tokA, 201, "POST", "Subaccount/", map[string]any{"name": "node-on", "enabled": "true"})["auth_id"].(string)
	off := e.as(idA, tokA, 201, "POST", "Subaccount/", map[string]any{"name": "node-off", "enabled": "false"})["auth_id"].(string)
	if enabled(on) != true || enabled(off) != false {
		t.Fatalf(`enabled "true" made %v, "false" made %v`, enabled(on), enabled(off))
	}
	e.as(idA, tokA, 202, "POST", "Subaccount/"+on+"/", map[string]any{"name": "node-on", "enabled": "false"})
	e.as(idA, tokA, 202, "POST", "Subaccount/"+off+"/", map[string]any{"name": "node-off", "enabled": "true"})
	if enabled(on) != false || enabled(off) != true {
		t.Fatalf(`update: enabled "false" left %v, "true" left %v`, enabled(on), enabled(off))
	}
	// A JSON boolean still works, and anything else is still refused.
	e.as(idA, tokA, 202, "POST", "Subaccount/"+on+"/", map[string]any{"enabled": true})
	if enabled(on) != true {
		t.Fatal("enabled true did not enable")
	}
	e.as(idA, tokA, 400, "POST", "Subaccount/", map[string]any{"name": "x", "enabled": "yes"})

	// cascade "true" deletes the subaccount's application; "false" moves
	// it to the main account.
	appOf := func(sub string) string {
		return e.as(idA, tokA, 201, "POST", "Application/", map[string]any{"app_name": "app-" + sub, "answer_url": "https://example.com/a", "subaccount": sub})["app_id"].(string)
	}
	kept, gone := appOf(off), appOf(on)
	e.as(idA, tokA, 204, "DELETE", "Subaccount/"+off+"/", map[string]any{"cascade": "false"})
	e.as(idA, tokA, 204, "DELETE", "Subaccount/"+on+"/", map[string]any{"cascade": "true"})
	e.as(idA, tokA, 200, "GET", "Application/"+kept+"/", nil)
	e.as(idA, tokA, 404, "GET", "Application/"+gone+"/", nil)
}
