package emulator

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestRequests_leftOutAndSentEmptyDiffer: the handlers that decode into
// the wire shapes still tell a field the body left out from one
// it sent as "", false or []: the shapes' Keys and nil slices carry it.
func TestRequests_leftOutAndSentEmptyDiffer(t *testing.T) {
	t.Run("endpoint password", func(t *testing.T) {
		s := newSecServer(t)
		post := presencePoster(t, s)
		post("Endpoint/", `{"username": "desk", "alias": "Desk"}`, 400, "password must be present")
		post("Endpoint/", `{"username": "desk", "alias": "Desk", "password": null}`, 400, "password must be present")
		post("Endpoint/", `{"username": "desk", "alias": "Desk", "password": ""}`, 400, "password must be at least")
	})

	t.Run("trunk direction and status", func(t *testing.T) {
		s := newSecServer(t)
		post := presencePoster(t, s)
		acl := post("Zentrunk/IPAccessControlList/", `{"ip_addresses": ["192.0.2.1"]}`, 201, "")["ipacl_uuid"].(string)
		post("Zentrunk/Trunk/", `{"name": "t", "ipacl_uuid": "`+acl+`"}`, 400, "Missing trunk_direction")
		post("Zentrunk/Trunk/", `{"name": "t", "trunk_direction": "", "ipacl_uuid": "`+acl+`"}`, 400, `trunk_direction ""`)
		post("Zentrunk/Trunk/", `{"name": "t", "trunk_direction": "outbound", "trunk_status": "", "ipacl_uuid": "`+acl+`"}`, 400, `trunk_status ""`)
		id := post("Zentrunk/Trunk/", `{"name": "t", "trunk_direction": "outbound", "ipacl_uuid": "`+acl+`"}`, 201, "")["trunk_id"].(string)
		if got := presenceGet(t, s, "Zentrunk/Trunk/"+id+"/")["trunk_status"]; got != "enabled" {
			t.Errorf("a trunk created without trunk_status is %v, want enabled", got)
		}
		post("Zentrunk/Trunk/"+id+"/", `{"trunk_direction": "inbound"}`, 400, "trunk_direction cannot change")
		post("Zentrunk/Trunk/"+id+"/", `{"trunk_direction": "outbound", "name": "t2"}`, 202, "")
	})

	t.Run("IP access list addresses", func(t *testing.T) {
		s := newSecServer(t)
		post := presencePoster(t, s)
		post("Zentrunk/IPAccessControlList/", `{"name": "a"}`, 422, "ip_addresses must be present")
		post("Zentrunk/IPAccessControlList/", `{"name": "a", "ip_addresses": null}`, 422, "ip_addresses must be present")
		post("Zentrunk/IPAccessControlList/", `{"name": "a", "ip_addresses": []}`, 400, "ip_addresses")
		id := post("Zentrunk/IPAccessControlList/", `{"name": "a", "ip_addresses": ["192.0.2.1"]}`, 201, "")["ipacl_uuid"].(string)
		post("Zentrunk/IPAccessControlList/"+id+"/", `{"ip_addresses": []}`, 400, "ip_addresses")
		post("Zentrunk/IPAccessControlList/"+id+"/", `{"name": "b"}`, 202, "")
		if got := presenceGet(t, s, "Zentrunk/IPAccessControlList/"+id+"/"); got["name"] != "b" || len(got["ip_addresses"].([]any)) != 1 {
			t.Errorf("an update without ip_addresses left %v, want the one address kept and the name b", got)
		}
	})

	t.Run("masking session options", func(t *testing.T) {
		e := newMaskEnv(t)
		body := func(extra map[string]any) map[string]any {
			b := parties("14155551234", "14155555678")
			for k, v := range extra {
				b[k] = v
			}
			return b
		}
		for _, key := range []string{"record_file_format", "callback_method", "recording_callback_method"} {
			code, out := e.call(http.MethodPost, "Masking/Session/", body(map[string]any{key: ""}))
			if msg, _ := out["error"].(string); code != http.StatusBadRequest || !strings.Contains(msg, key) {
				t.Errorf("%s sent empty: HTTP %d %v, want 400 naming it", key, code, out["error"])
			}
		}
		s := e.create(body(map[string]any{"is_pin_authentication_required": true, "generate_pin": true, "pin_retry_wait": "30"}))["session"].(map[string]any)
		if s["record_file_format"] != "mp3" || s["callback_method"] != "POST" || s["pin_retry_wait"] != "30" {
			t.Errorf("session with the options left out and pin_retry_wait as a string: %v", s)
		}
	})

	t.Run("campaign flags", func(t *testing.T) {
		e := newTDEnv(t)
		b := e.registeredBrand("Acme", "STANDARD")
		missing := campaignBody(b, "Flags", "MARKETING", nil)
		delete(missing, "age_gated")
		e.mustFail(400, "POST", "10dlc/Campaign/", missing, "age_gated must be present (true or false)")
		e.must(200, "POST", "10dlc/Campaign/", campaignBody(b, "Flags", "MARKETING", map[string]any{"age_gated": false}))
	})

	t.Run("number unlink callbacks", func(t *testing.T) {
		e := newTDEnv(t)
		rc := newReceiver(t, e.s, tdToken, tdToken)
		c := e.registeredCampaign(e.registeredBrand("Acme", "STANDARD"), "Unlink")
		for _, number := range []string{"14155550100", "12125550101"} {
			e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{number}, "url": rc.hs.URL + "/link"})
		}
		e.advance(DefaultNumberLinkDelay)
		// Left out, the link's callbacks stay; sent empty, they go.
		e.must(202, "DELETE", "10dlc/Campaign/"+c+"/Number/14155550100/", map[string]any{})
		e.must(202, "DELETE", "10dlc/Campaign/"+c+"/Number/12125550101/", map[string]any{"url": ""})
		e.advance(DefaultNumberLinkDelay)
		var unlinked []string
		for _, g := range rc.all() {
			if g.Params.Get("Kind") == "number_unlinking" || strings.Contains(g.Params.Get("EventType"), "unlink") {
				unlinked = append(unlinked, g.Params.Get("Number"))
			}
		}
		if len(unlinked) == 0 {
			for _, g := range rc.all() {
				t.Logf("callback %v", g.Params)
			}
		}
		if strings.Join(dedupe(unlinked), ",") != "14155550100" {
			t.Errorf("unlink callbacks went for %v, want 14155550100 only (the unlink that sent url \"\" dropped them)", unlinked)
		}
	})
}

// presencePoster posts a raw JSON body below account A and checks the
// status and, for an error, a fragment of its message.
func presencePoster(t *testing.T, s *Server) func(path, body string, want int, fragment string) map[string]any {
	return func(path, body string, want int, fragment string) map[string]any {
		t.Helper()
		st, out := direct(s, "POST", "/v1/Account/"+idA+"/"+path, idA, tokA, []byte(body))
		var reply map[string]any
		_ = json.Unmarshal(out, &reply)
		msg, _ := reply["error"].(string)
		if st != want || !strings.Contains(msg, fragment) {
			t.Errorf("POST %s %s: %d %s, want %d with %q", path, body, st, out, want, fragment)
		}
		return reply
	}
}

func presenceGet(t *testing.T, s *Server, path string) map[string]any {
	t.Helper()
	st, out := direct(s, "GET", "/v1/Account/"+idA+"/"+path, idA, tokA, nil)
	var reply map[string]any
	if err := json.Unmarshal(out, &reply); err != nil || st != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, st, out)
	}
	return reply
}

func dedupe(xs []string) []string {
	var out []string
	for _, x := range xs {
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}
