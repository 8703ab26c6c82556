package emulator

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// bodyCase is one valid request with a JSON body.
type bodyCase struct {
	name string
	body map[string]any
}

// validBodies are valid requests for every route that takes a JSON body,
// keyed by method and pattern as in the route table. path, when set,
// replaces fill's path (the buy route needs a number still for sale).
func validBodies(t *testing.T, s *Server, o secObjects) map[string]struct {
	path  string
	cases []bodyCase
} {
	t.Helper()
	_, out := direct(s, "GET", "/v1/Account/"+idA+"/PhoneNumber/?country_iso=US&limit=1", idA, tokA, nil)
	var search struct {
		Objects []struct {
			Number string `json:"number"`
		} `json:"objects"`
	}
	if err := json.Unmarshal(out, &search); err != nil || len(search.Objects) == 0 {
		t.Fatalf("search for a number to buy: %s", out)
	}
	forSale := search.Objects[0].Number
	type entry = struct {
		path  string
		cases []bodyCase
	}
	one := func(body map[string]any) entry { return entry{cases: []bodyCase{{"", body}}} }
	bodies := map[string]entry{
		"POST Endpoint":             one(map[string]any{"username": "ext", "password": "ext-password", "alias": "Ext", "app_id": o.byArea["Application"]}),
		"POST Endpoint/{id}":        one(map[string]any{"alias": "Ext 2", "password": "another-pass"}),
		"POST PhoneNumber/{number}": {path: "PhoneNumber/" + forSale + "/", cases: []bodyCase{{"", map[string]any{"app_id": o.byArea["Application"]}}}},
		"POST Number/{number}":      one(map[string]any{"alias": "Support line", "app_id": o.byArea["Application"]}),
		"POST Number": one(map[string]any{"numbers": "4930120000042", "carrier": IncomingCarrierNorthwind, "region": "Berlin",
			"number_type": "fixed", "app_id": o.byArea["Application"]}),
		"POST Masking/Session": one(map[string]any{
			"first_party": "14155551111", "second_party": "14155552222", "record": true,
			"callback_url": "https://cb.example/masking", "session_expiry": 600,
		}),
		"POST Masking/Session/{uuid}": one(map[string]any{"ring_timeout": 30, "record": true}),
		"POST Message": {cases: []bodyCase{
			{"sms", map[string]any{"src": "14155550100", "dst": "12125550199<447700900123", "text": "Hello", "url": "https://cb.example/msg", "log": "number_only"}},
			{"template", map[string]any{"src": "14155550100", "dst": "447700900123", "type": "chatapp", "template": map[string]any{
				"name": "order", "language": "en_US", "components": []any{
					map[string]any{"type": "body", "parameters": []any{map[string]any{"type": "text", "text": "42"}}},
					map[string]any{"type": "button", "sub_type": "quick_reply", "index": "0", "parameters": []any{map[string]any{"type": "payload", "payload": "yes"}}},
				},
			}}},
		}},
		"POST 10dlc/Brand": one(map[string]any{
			"brand_alias": "Ext brand", "profile_uuid": o.spareProfiles[1], "brand_type": "STANDARD",
			"secondary_vetting": true, "url": "https://cb.example/brand", "method": "POST",
		}),
		"POST TollfreeVerification": one(tollfreeBody(o.spareTollfree, o.spareProfiles[0], approvedSample)),
		"POST 10dlc/Campaign": one(withCampaignFlags(map[string]any{
			"brand_id": o.brand, "campaign_alias": "Ext campaign", "vertical": "RETAIL", "usecase": "MIXED",
			"sub_usecases": []string{"2FA", "MARKETING"}, "embedded_link": true,
			"description": "Tells customers when their order is ready for pickup at the store.",
			"sample1":     "Your order is ready. Reply STOP to opt out.", "sample2": "Order 42 is waiting. Reply HELP for help.",
		})),
		"POST 10dlc/Campaign/{id}": {path: "10dlc/Campaign/" + o.rejected + "/", cases: []bodyCase{{name: "valid",
			body: map[string]any{"description": "Tells customers when their order has shipped and when it arrives."}}}},
		"POST 10dlc/Campaign/{id}/Number":            one(map[string]any{"numbers": []string{"12125550101"}, "url": "https://cb.example/link"}),
		"POST 10dlc/Campaign/Import":                 one(map[string]any{"campaign_id": "CX4T7QM", "campaign_alias": "Moved in", "url": "https://cb.example/import", "method": "GET"}),
		"POST 10dlc/Brand/{id}/OTP":                  {path: "10dlc/Brand/" + o.starter + "/OTP/", cases: []bodyCase{{"", map[string]any{}}}},
		"DELETE 10dlc/Campaign/{id}/Number/{number}": one(map[string]any{"url": "https://cb.example/unlink", "method": "GET"}),
		"POST NumberPool/{id}/Tollfree/{number}": {path: "NumberPool/" + o.byArea["NumberPool"] + "/Tollfree/" + o.spareTollfree + "/",
			cases: []bodyCase{{"", map[string]any{"rent": "false"}}}},
		"POST Zentrunk/Trunk": one(map[string]any{"name": "ext-trunk", "trunk_direction": "outbound", "trunk_status": "enabled", "secure": true,
			"ipacl_uuid": o.byArea["IPAccessControlList"], "credential_uuid": o.byArea["Credential"]}),
	}
	for _, a := range testAreas {
		for key, cases := range a.bodies {
			bodies[key] = entry{cases: cases}
		}
		if a.bodiesAt != nil {
			for key, cases := range a.bodiesAt(o.byArea) {
				bodies[key] = entry{cases: cases}
			}
		}
	}
	return bodies
}

// withExtras returns v with fields no client of the emulator's model sends
// added to every JSON object in it, at every depth.
func withExtras(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{"x_sdk_trace": "abc123", "x_future_option": map[string]any{"nested": []any{1, "two", map[string]any{"deep": true}}}}
		for k, val := range x {
			out[k] = withExtras(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = withExtras(val)
		}
		return out
	}
	return v
}

// TestUnknownFields_acceptedAndStoredAsWithout sends every route that takes
// a body once as is and once with unknown fields at every level, each to
// its own server in the same state: the replies and everything stored,
// after the registry and the message lifecycle have run, must be the same.
func TestUnknownFields_acceptedAndStoredAsWithout(t *testing.T) {
	probe := newSecServer(t)
	routes := map[string]route{}
	for _, rt := range probe.routes {
		key := rt.method + " " + strings.Join(rt.pattern, "/")
		if rt.method == http.MethodPost || key == "DELETE 10dlc/Campaign/{id}/Number/{number}" {
			routes[key] = rt
		}
	}
	po := populate(t, probe, idA, tokA)
	fixtures := validBodies(t, probe, po)
	for _, a := range testAreas {
		for _, key := range a.uploads {
			delete(routes, key)
		}
	}
	for key := range routes {
		if _, ok := fixtures[key]; !ok {
			t.Errorf("route %s takes a body but has no valid body in validBodies: add one", key)
		}
	}
	for key, fx := range fixtures {
		rt, ok := routes[key]
		if !ok {
			t.Errorf("validBodies has %s, which is not a route with a body", key)
			continue
		}
		for _, bc := range fx.cases {
			t.Run(strings.ReplaceAll(key, "/", "_")+"_"+bc.name, func(t *testing.T) {
				var replies, stored [2]string
				for i, body := range []any{bc.body, withExtras(bc.body)} {
					s := newSecServer(t)
					o := populate(t, s, idA, tokA)
					path := fill(rt, o)
					if fx.path != "" {
						path = fx.path
					}
					data, _ := json.Marshal(body)
					st, out := direct(s, rt.method, "/v1/Account/"+idA+"/"+path, idA, tokA, data)
					if st >= 300 {
						t.Fatalf("%s %s (extras: %v): %d %s", rt.method, path, i == 1, st, out)
					}
					s.Clock().Advance(time.Hour) // registration, linking, message lifecycle
					replies[i] = http.StatusText(st) + " " + string(apiIDField.ReplaceAll(out, nil))
					stored[i] = snapshot(t, s, idA, tokA)
				}
				if replies[0] != replies[1] {
					t.Errorf("reply differs with unknown fields:\nwithout %s\nwith    %s", replies[0], replies[1])
				}
				if stored[0] != stored[1] {
					t.Errorf("stored objects differ with unknown fields:\nwithout %s\nwith    %s", stored[0], stored[1])
				}
				if strings.Contains(stored[1], "x_sdk_trace") || strings.Contains(stored[1], "abc123") {
					t.Errorf("an unknown field was stored: %s", stored[1])
				}
			})
		}
	}
}

// TestUnknownFields_knownFieldsAreStillChecked: ignoring unknown fields
// does not loosen the known ones: a wrong type or malformed JSON is still
// a 400 naming the field, and nothing is stored.
func TestUnknownFields_knownFieldsAreStillChecked(t *testing.T) {
	s := newSecServer(t)
	populate(t, s, idA, tokA)
	before := snapshot(t, s, idA, tokA)
	for _, tc := range []struct{ path, body, want string }{
		{"Endpoint/", `{"username": "x", "password": 12345, "alias": "a", "x_extra": 1}`, `"password" must be of type string`},
		{"Endpoint/", `{"username": "x", "password": "12345", "alias": "a", "x_extra": `, "malformed JSON"},
		{"Masking/Session/", `{"first_party": 14155551111, "second_party": "14155552222", "x_extra": true}`, `"first_party" must be of type string`},
		{"10dlc/Brand/", `{"brand_alias": "A", "profile_uuid": "5f0c2a9e-7d4b-4c1e-9a6f-2b8d3e1c4a71", "secondary_vetting": "yes", "x": 1}`, `"secondary_vetting" must be of type bool`},
		{"Message/", `{"src": "14155550100", "dst": "447700900123", "type": "chatapp", "template": {"name": 5, "language": "en", "x": 1}}`, `"template.name" must be of type string`},
		{"Message/", `{"src": "14155550100", "dst": 447700900123, "text": "hi", "x": 1}`, `"dst" must be of type string`},
	} {
		st, out := direct(s, "POST", "/v1/Account/"+idA+"/"+tc.path, idA, tokA, []byte(tc.body))
		var reply wire.Error
		_ = json.Unmarshal(out, &reply)
		if st != http.StatusBadRequest || !strings.Contains(reply.Error, tc.want) {
			t.Errorf("POST %s %s: %d %s, want 400 naming %s", tc.path, tc.body, st, out, tc.want)
		}
	}
	if after := snapshot(t, s, idA, tokA); after != before {
		t.Errorf("refused requests changed stored data")
	}
}

// TestUnknownFields_controlAPIStaysStrict: the control API is the
// emulator's own, so a misspelt field there is an error, not a no-op.
func TestUnknownFields_controlAPIStaysStrict(t *testing.T) {
	s := newSecServer(t)
	st, out := direct(s, "POST", "/_emulator/clock/advance", "", "", []byte(`{"secs": 60}`))
	if st != http.StatusBadRequest || !strings.Contains(string(out), `unknown field \"secs\"`) {
		t.Fatalf("control API with a misspelt field: %d %s", st, out)
	}
}
