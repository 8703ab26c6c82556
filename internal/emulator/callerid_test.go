package emulator

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/calleridrules"
)

// callerNumber is the number the shared tests verify (n 0) or leave
// pending (n 1) in account authID: one of its own, so an account's ids are
// never another's (the isolation test).
func callerNumber(authID string, n int) string {
	h := fnv.New32a()
	h.Write([]byte(authID))
	return fmt.Sprintf("1415%03d%04d", h.Sum32()%1000, n)
}

// openCodes are the codes of the verifications populate left open, by
// verification_uuid: servers made from the same seed open the same ones
// with the same codes, so a body made on one is valid on another.
var openCodes sync.Map

type apiCall = func(method, path string, body any) map[string]any

// verifyNumber initiates and completes the verification of number in
// account authID of s, reading the code as a phone would (the control
// side); it returns the number with its +.
func verifyNumber(s *Server, authID string, call apiCall, number, alias string) string {
	id := call("POST", "VerifiedCallerId/", map[string]any{"phone_number": number, "alias": alias})["verification_uuid"].(string)
	v, _ := s.VerificationCode(authID, number)
	call("POST", "VerifiedCallerId/Verification/"+id+"/", map[string]any{"otp": v.Code})
	return calleridrules.E164(number)
}

var calleridTestAreas = []testArea{
	{
		segment: "VerifiedCallerId",
		kind:    "verified_caller_ids",
		get:     func(id string) string { return "VerifiedCallerId/" + id + "/" },
		populateAt: func(s *Server, authID string, call apiCall) string {
			return verifyNumber(s, authID, call, callerNumber(authID, 0), "sec")
		},
		unknownID: "+14155550199",
		bodies: map[string][]bodyCase{
			"POST VerifiedCallerId":      {{"", map[string]any{"phone_number": "+14155550144", "alias": "ext", "channel": "call"}}},
			"POST VerifiedCallerId/{id}": {{"", map[string]any{"alias": "ext 2"}}},
		},
		wrongType: map[string]any{"phone_number": 14155550142, "otp": 123456},
		goldensAt: func(s *Server, call goldenCall) {
			number := "+14155550145"
			id := call(200, "POST", "VerifiedCallerId/", map[string]any{"phone_number": number, "alias": "front desk"}, "verified_caller_id_initiated.json")["verification_uuid"].(string)
			call(200, "POST", "VerifiedCallerId/Verification/"+id+"/", map[string]any{"otp": openCodeAnywhere(s, number)}, "verified_caller_id_verified.json")
			call(200, "GET", "VerifiedCallerId/"+number+"/", nil, "verified_caller_id_get.json")
			call(200, "GET", "VerifiedCallerId/", nil, "verified_caller_id_list.json")
			call(200, "POST", "VerifiedCallerId/14155550145/", map[string]any{"alias": "support line"}, "verified_caller_id_updated.json")
		},
	},
	// The open verification of the shared tests: populate leaves one open so
	// the verify route has a valid body (its code, from openCodes).
	{
		segment: "Verification",
		kind:    "verified_caller_id_verifications", // not an object: no inventory
		get:     func(id string) string { return "VerifiedCallerId/Verification/" + id + "/" },
		populateAt: func(s *Server, authID string, call apiCall) string {
			id := call("POST", "VerifiedCallerId/", map[string]any{"phone_number": callerNumber(authID, 1)})["verification_uuid"].(string)
			v, _ := s.VerificationCode(authID, callerNumber(authID, 1))
			openCodes.Store(id, v.Code)
			return id
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		bodiesAt: func(byArea map[string]string) map[string][]bodyCase {
			code, _ := openCodes.Load(byArea["Verification"])
			return map[string][]bodyCase{"POST VerifiedCallerId/Verification/{id}": {{"", map[string]any{"otp": code}}}}
		},
	},
}

// openCodeAnywhere is the open code of number in whichever account of s
// has one.
func openCodeAnywhere(s *Server, number string) string {
	s.mu.Lock()
	ids := keys(s.accounts)
	s.mu.Unlock()
	for _, id := range ids {
		if v, ok := s.VerificationCode(id, number); ok {
			return v.Code
		}
	}
	return ""
}

// callerEnv is a server with accounts A and B for the caller ID tests.
type callerEnv struct{ *subEnv }

func newCallerEnv(t *testing.T) callerEnv { return callerEnv{newSubEnv(t)} }

func (e callerEnv) code(number string) string {
	e.t.Helper()
	st, out := direct(e.s, "GET", "/_emulator/accounts/"+idA+"/verification_codes/"+number, "", "", nil)
	if st != http.StatusOK {
		e.t.Fatalf("control code of %s: %d %s", number, st, out)
	}
	var v struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(out, &v)
	return v.Code
}

func TestCallerID_lifecycle(t *testing.T) {
	e := newCallerEnv(t)
	init := e.as(idA, tokA, 200, "POST", "VerifiedCallerId", map[string]any{"phone_number": "+919768368718", "alias": "test", "channel": "call"})
	if init["message"] != "Verification code is sent to number +919768368718 which is valid for 15 minutes" {
		t.Errorf("initiate message %v", init["message"])
	}
	uuid := init["verification_uuid"].(string)
	// Not verified yet: no GET, not listed.
	e.as(idA, tokA, 404, "GET", "VerifiedCallerId/919768368718/", nil)
	// The control side hands over the code, with or without +.
	code := e.code("919768368718")
	if code != e.code("+919768368718") || len(code) != 6 {
		t.Fatalf("codes %q", code)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	if out := e.as(idA, tokA, 400, "POST", "VerifiedCallerId/Verification/"+uuid, map[string]any{"otp": wrong}); !strings.Contains(out["error"].(string), "otp does not match") {
		t.Errorf("wrong code: %v", out)
	}
	e.as(idB, tokB, 404, "POST", "VerifiedCallerId/Verification/"+uuid+"/", map[string]any{"otp": code})
	v := e.as(idA, tokA, 200, "POST", "VerifiedCallerId/Verification/"+uuid, map[string]any{"otp": code})
	if v["phone_number"] != "+919768368718" || v["country"] != "IN" || v["channel"] != "call" || v["alias"] != "test" {
		t.Errorf("verify reply %v", v)
	}
	if _, has := v["modified_at"]; has {
		t.Errorf("verify reply has modified_at: %v", v)
	}
	for _, p := range []string{"VerifiedCallerId/919768368718/", "VerifiedCallerId/+919768368718/"} {
		if g := e.as(idA, tokA, 200, "GET", p, nil); g["phone_number"] != "+919768368718" || g["subaccount"] != "" {
			t.Errorf("GET %s: %v", p, g)
		}
	}
	e.as(idB, tokB, 404, "GET", "VerifiedCallerId/919768368718/", nil)
	// Once verified, an initiate is a conflict.
	if out := e.as(idA, tokA, 409, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "919768368718"}); !strings.Contains(out["error"].(string), "already verified") {
		t.Errorf("second initiate: %v", out)
	}
	sub, _ := e.sub("Team")
	up := e.as(idA, tokA, 200, "POST", "VerifiedCallerId/919768368718/", map[string]any{"alias": "renamed", "subaccount": sub})
	if up["alias"] != "renamed" || up["subaccount"] != sub {
		t.Errorf("update reply %v", up)
	}
	e.as(idA, tokA, 400, "POST", "VerifiedCallerId/919768368718/", map[string]any{"subaccount": "SAZZZZZZZZZZZZZZZZZZ"})
	e.as(idA, tokA, 400, "POST", "VerifiedCallerId/919768368718/", map[string]any{"alias": strings.Repeat("é", calleridrules.MaxAliasLength+1)})
	e.as(idA, tokA, 200, "POST", "VerifiedCallerId/919768368718/", map[string]any{"alias": strings.Repeat("é", calleridrules.MaxAliasLength)})
	e.as(idA, tokA, 204, "DELETE", "VerifiedCallerId/+919768368718/", nil)
	e.as(idA, tokA, 404, "DELETE", "VerifiedCallerId/919768368718/", nil)
}

func TestCallerID_expiredCodeClosesTheVerification(t *testing.T) {
	e := newCallerEnv(t)
	uuid := e.as(idA, tokA, 200, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "+14155550142"})["verification_uuid"].(string)
	code := e.code("14155550142")
	e.s.Clock().Advance(calleridrules.CodeValidity)
	if st, _ := direct(e.s, "GET", "/_emulator/accounts/"+idA+"/verification_codes/14155550142", "", "", nil); st != http.StatusNotFound {
		t.Errorf("control code after expiry: %d, want 404", st)
	}
	if out := e.as(idA, tokA, 400, "POST", "VerifiedCallerId/Verification/"+uuid, map[string]any{"otp": code}); !strings.Contains(out["error"].(string), "expired") {
		t.Errorf("expired code: %v", out)
	}
	e.as(idA, tokA, 404, "POST", "VerifiedCallerId/Verification/"+uuid, map[string]any{"otp": code})
}

func TestCallerID_reinitiateReplacesTheCode(t *testing.T) {
	e := newCallerEnv(t)
	first := e.as(idA, tokA, 200, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "14155550142"})["verification_uuid"].(string)
	e.s.Clock().Advance(time.Minute)
	second := e.as(idA, tokA, 200, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "+14155550142"})["verification_uuid"].(string)
	code := e.code("14155550142")
	e.as(idA, tokA, 404, "POST", "VerifiedCallerId/Verification/"+first, map[string]any{"otp": code})
	e.as(idA, tokA, 200, "POST", "VerifiedCallerId/Verification/"+second, map[string]any{"otp": code})
}

func TestCallerID_validation(t *testing.T) {
	e := newCallerEnv(t)
	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{}, "phone_number must be present"},
		{map[string]any{"phone_number": "+0123"}, "phone_number must be an E.164 number"},
		{map[string]any{"phone_number": "14155550142", "channel": "fax"}, `channel must be "sms" or "call"`},
		{map[string]any{"phone_number": "14155550142", "alias": strings.Repeat("日", 51)}, "alias must be at most 50 characters, got 51"},
	} {
		if out := e.as(idA, tokA, 400, "POST", "VerifiedCallerId/", tc.body); !strings.Contains(out["error"].(string), tc.want) {
			t.Errorf("%v: %v, want %q", tc.body, out, tc.want)
		}
	}
	e.as(idA, tokA, 200, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "14155550142", "alias": strings.Repeat("日", 50)})
}

func TestCallerID_listFiltersAndPages(t *testing.T) {
	e := newCallerEnv(t)
	call := func(method, path string, body any) map[string]any { return e.as(idA, tokA, 200, method, path, body) }
	sub, _ := e.sub("Team")
	for i, n := range []string{"14155550101", "14155550102", "447700900123"} {
		verifyNumber(e.s, idA, call, n, []string{"a", "b", "a"}[i])
		e.s.Clock().Advance(time.Second)
	}
	call("POST", "VerifiedCallerId/14155550102/", map[string]any{"subaccount": sub})
	count := func(q string) []string {
		var out []string
		for _, o := range call("GET", "VerifiedCallerId/"+q, nil)["objects"].([]any) {
			out = append(out, o.(map[string]any)["phone_number"].(string))
		}
		return out
	}
	if got := strings.Join(count(""), ","); got != "+447700900123,+14155550102,+14155550101" {
		t.Errorf("list (newest first) %s", got)
	}
	if got := strings.Join(count("?alias=a"), ","); got != "+447700900123,+14155550101" {
		t.Errorf("alias=a %s", got)
	}
	if got := strings.Join(count("?country=GB"), ","); got != "+447700900123" {
		t.Errorf("country=GB %s", got)
	}
	if got := strings.Join(count("?subaccount="+sub), ","); got != "+14155550102" {
		t.Errorf("subaccount %s", got)
	}
	page := call("GET", "VerifiedCallerId/?limit=1&offset=1", nil)
	items := page["objects"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["resource_uri"] != "/v1/Account/"+idA+"/VerifiedCallerId/14155550102" {
		t.Errorf("page %v", page)
	}
	e.as(idA, tokA, 400, "GET", "VerifiedCallerId/?limit=21", nil)
}

// A subaccount's credentials verify into the subaccount, which labels the
// number; they cannot name another subaccount.
func TestCallerID_subaccountCredentials(t *testing.T) {
	e := newCallerEnv(t)
	sid, stok := e.sub("Team")
	e.as(sid, stok, 400, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "14155550142", "subaccount": "SAZZZZZZZZZZZZZZZZZZ"})
	uuid := e.as(sid, stok, 200, "POST", "VerifiedCallerId/", map[string]any{"phone_number": "14155550142"})["verification_uuid"].(string)
	v, _ := e.s.VerificationCode(sid, "14155550142")
	e.as(sid, stok, 200, "POST", "VerifiedCallerId/Verification/"+uuid, map[string]any{"otp": v.Code})
	if g := e.as(sid, stok, 200, "GET", "VerifiedCallerId/14155550142/", nil); g["subaccount"] != sid {
		t.Errorf("subaccount's caller ID: %v", g)
	}
}
