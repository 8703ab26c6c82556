package emulator

import (
	"net/http"
	"strings"
	"testing"
)

func trunkACL(call func(method, path string, body any) map[string]any) string {
	return call("POST", "Zentrunk/IPAccessControlList/", map[string]any{"name": "sec-acl", "ip_addresses": []string{"192.0.2.10"}})["ipacl_uuid"].(string)
}

var trunkingTestAreas = []testArea{
	{
		segment: "IPAccessControlList",
		kind:    "sip_ip_acls",
		get:     func(id string) string { return "Zentrunk/IPAccessControlList/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return trunkACL(call)
		},
		unknownID: "00000000-0000-4000-8000-00000000acl0",
		bodies: map[string][]bodyCase{
			"POST Zentrunk/IPAccessControlList":      {{"", map[string]any{"name": "ext-acl", "ip_addresses": []string{"198.51.100.0/28", "192.0.2.7"}}}},
			"POST Zentrunk/IPAccessControlList/{id}": {{"", map[string]any{"name": "ext-acl-2", "ip_addresses": []string{"203.0.113.9"}}}},
		},
		wrongType: map[string]any{"ip_addresses": "192.0.2.1"},
		goldens: func(call goldenCall) {
			id := call(201, "POST", "Zentrunk/IPAccessControlList/", map[string]any{"name": "pbx-addresses", "ip_addresses": []string{"192.0.2.10", "198.51.100.0/28"}},
				"ipacl_created.json")["ipacl_uuid"].(string)
			call(200, "GET", "Zentrunk/IPAccessControlList/"+id+"/", nil, "ipacl_get.json")
			call(200, "GET", "Zentrunk/IPAccessControlList/", nil, "ipacl_list.json")
			call(202, "POST", "Zentrunk/IPAccessControlList/"+id+"/", map[string]any{"ip_addresses": []string{"192.0.2.10"}}, "ipacl_updated.json")
		},
	},
	{
		segment: "Credential",
		kind:    "sip_credential_lists",
		get:     func(id string) string { return "Zentrunk/Credential/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Zentrunk/Credential/", map[string]any{"name": "sec-cred", "username": "sec_user", "password": "sec-password-1"})["credential_uuid"].(string)
		},
		unknownID: "00000000-0000-4000-8000-00000000c4ed",
		bodies: map[string][]bodyCase{
			"POST Zentrunk/Credential":      {{"", map[string]any{"name": "ext-cred", "username": "ext_user", "password": "ext-password-1"}}},
			"POST Zentrunk/Credential/{id}": {{"", map[string]any{"name": "ext-cred-2", "password": "ext-password-2"}}},
		},
		wrongType: map[string]any{"username": 7},
		goldens: func(call goldenCall) {
			id := call(201, "POST", "Zentrunk/Credential/", map[string]any{"name": "pbx-credentials", "username": "pbx_user", "password": "golden-pass-1"},
				"credential_created.json")["credential_uuid"].(string)
			call(200, "GET", "Zentrunk/Credential/"+id+"/", nil, "credential_get.json")
			call(200, "GET", "Zentrunk/Credential/", nil, "credential_list.json")
			call(202, "POST", "Zentrunk/Credential/"+id+"/", map[string]any{"password": "golden-pass-2"}, "credential_updated.json")
		},
	},
	{
		segment: "URI",
		kind:    "sip_origination_uris",
		get:     func(id string) string { return "Zentrunk/URI/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Zentrunk/URI/", map[string]any{"name": "sec-uri", "uri": "pbx.example.com:5060"})["uri_uuid"].(string)
		},
		unknownID: "00000000-0000-4000-8000-0000000000a1",
		bodies: map[string][]bodyCase{
			"POST Zentrunk/URI": {{"", map[string]any{"name": "ext-uri", "uri": "pbx.example.com:5061;transport=tls",
				"authentication_needed": true, "username": "zt_in", "password": "uri-password-1"}}},
			"POST Zentrunk/URI/{id}": {{"", map[string]any{"name": "ext-uri-2", "uri": "192.0.2.30:5060"}}},
		},
		wrongType: map[string]any{"authentication_needed": "yes", "uri": 5},
		goldens: func(call goldenCall) {
			id := call(201, "POST", "Zentrunk/URI/", map[string]any{"name": "pbx-primary", "uri": "pbx.example.com:5061;transport=tls",
				"authentication_needed": true, "username": "zentrunk_in", "password": "golden-pass-3"}, "origination_uri_created.json")["uri_uuid"].(string)
			call(200, "GET", "Zentrunk/URI/"+id+"/", nil, "origination_uri_get.json")
			call(200, "GET", "Zentrunk/URI/", nil, "origination_uri_list.json")
			call(202, "POST", "Zentrunk/URI/"+id+"/", map[string]any{"name": "pbx-primary-2"}, "origination_uri_updated.json")
		},
	},
	{
		segment: "Trunk",
		kind:    "sip_trunks",
		get:     func(id string) string { return "Zentrunk/Trunk/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Zentrunk/Trunk/", map[string]any{"name": "sec-trunk", "trunk_direction": "outbound", "ipacl_uuid": trunkACL(call)})["trunk_id"].(string)
		},
		unknownID: "99999999999999",
		bodies: map[string][]bodyCase{
			"POST Zentrunk/Trunk/{id}": {{"", map[string]any{"name": "ext-trunk-2", "trunk_status": "disabled", "secure": true}}},
		},
		wrongType: map[string]any{"secure": "yes", "trunk_direction": 1},
		goldens: func(call goldenCall) {
			acl := call(201, "POST", "Zentrunk/IPAccessControlList/", map[string]any{"ip_addresses": []string{"192.0.2.10"}}, "ipacl_created.json")["ipacl_uuid"].(string)
			cred := call(201, "POST", "Zentrunk/Credential/", map[string]any{"username": "pbx_user", "password": "golden-pass-4"}, "credential_created.json")["credential_uuid"].(string)
			id := call(201, "POST", "Zentrunk/Trunk/", map[string]any{"name": "pbx-outbound", "trunk_direction": "outbound", "secure": true,
				"ipacl_uuid": acl, "credential_uuid": cred}, "trunk_created.json")["trunk_id"].(string)
			call(200, "GET", "Zentrunk/Trunk/"+id+"/", nil, "trunk_get.json")
			call(200, "GET", "Zentrunk/Trunk/?limit=1", nil, "trunk_list.json")
			call(202, "POST", "Zentrunk/Trunk/"+id+"/", map[string]any{"trunk_status": "disabled"}, "trunk_updated.json")
		},
	},
}

func TestTrunking_routesAndReplies(t *testing.T) {
	s := newSecServer(t)
	var msg string
	do := func(want int, method, path string, body any) map[string]any {
		t.Helper()
		var out map[string]any
		dst := any(&out)
		if want == http.StatusNoContent {
			dst = nil
		}
		st, text := appCall(t, s, method, path, body, dst)
		if st != want {
			t.Fatalf("%s %s: %d %s, want %d", method, path, st, text, want)
		}
		msg = text
		return out
	}
	// Every route with one trailing slash, two, or none.
	acl := do(201, "POST", "Zentrunk/IPAccessControlList", map[string]any{"ip_addresses": []string{"192.0.2.10"}})["ipacl_uuid"].(string)
	cred := do(201, "POST", "Zentrunk/Credential//", map[string]any{"username": "pbx", "Password": "capital-P-pass"})["credential_uuid"].(string)
	if !s.TrunkingPasswordIs(idA, cred, "capital-P-pass") {
		t.Fatal(`"Password", as the documentation's examples send it, was not taken`)
	}
	primary := do(201, "POST", "Zentrunk/URI/", map[string]any{"uri": "pbx.example.com:5060"})["uri_uuid"].(string)
	fallback := do(201, "POST", "Zentrunk/URI", map[string]any{"uri": "192.0.2.20", "authentication_needed": true, "username": "u", "password": "p1"})["uri_uuid"].(string)
	out := do(201, "POST", "Zentrunk/Trunk//", map[string]any{"name": "out", "trunk_direction": "outbound", "ipacl_uuid": acl, "credential_uuid": cred})
	if out["message"] != "Trunk created successfully." {
		t.Fatalf("create reply %v", out)
	}
	outID := out["trunk_id"].(string)
	in := do(201, "POST", "Zentrunk/Trunk", map[string]any{"name": "in", "trunk_direction": "inbound", "primary_uri_uuid": primary, "fallback_uri_uuid": fallback})["trunk_id"].(string)
	got := do(200, "GET", "Zentrunk/Trunk/"+outID, nil)
	if got["primary_uri_uuid"] != nil || got["trunk_domain"] != outID+".zt."+DefaultSIPDomain || got["trunk_status"] != "enabled" || got["secure"] != false {
		t.Fatalf("outbound trunk %v", got)
	}
	if _, has := got["primary_uri_uuid"]; !has {
		t.Fatal("an unused link must be null, not left out")
	}
	do(200, "GET", "Zentrunk/Trunk/"+in+"//", nil)
	// The list: the API's filters, and a next without a leading slash.
	list := do(200, "GET", "Zentrunk/Trunk/?limit=1", nil)
	next := list["meta"].(map[string]any)["next"].(string)
	if want := "v1/Account/" + idA + "/Zentrunk/Trunk/?limit=1&offset=1"; next != want {
		t.Fatalf("next %q, want %q", next, want)
	}
	for q, want := range map[string]string{
		"trunk_direction=inbound": in, "ipacl_uuid=" + acl: outID, "fallback_uri_uuid=" + fallback: in, "secure=false&trunk_status=enabled": "",
	} {
		objs := do(200, "GET", "Zentrunk/Trunk/?"+q, nil)["objects"].([]any)
		if want != "" && (len(objs) != 1 || objs[0].(map[string]any)["trunk_id"] != want) {
			t.Errorf("filter %s: %v, want only %s", q, objs, want)
		}
	}
	do(400, "GET", "Zentrunk/Trunk/?trunk_direction=sideways", nil)
	do(400, "GET", "Zentrunk/URI/?limit=21", nil)
	// What a trunk still names cannot be deleted: the 400 names the trunk.
	for _, p := range []string{"Zentrunk/IPAccessControlList/" + acl, "Zentrunk/Credential/" + cred, "Zentrunk/URI/" + primary, "Zentrunk/URI/" + fallback} {
		do(400, "DELETE", p+"/", nil)
		if !strings.Contains(msg, "in use by trunk") || !strings.Contains(msg, "trunk "+outID) && !strings.Contains(msg, "trunk "+in) {
			t.Errorf("DELETE %s: %s", p, msg)
		}
	}
	// Direction rules, links that exist, and a direction that never changes.
	do(400, "POST", "Zentrunk/Trunk/", map[string]any{"name": "x", "trunk_direction": "outbound"})
	do(400, "POST", "Zentrunk/Trunk/", map[string]any{"name": "x", "trunk_direction": "outbound", "ipacl_uuid": acl, "primary_uri_uuid": primary})
	do(400, "POST", "Zentrunk/Trunk/", map[string]any{"name": "x", "trunk_direction": "inbound", "primary_uri_uuid": acl})
	do(400, "POST", "Zentrunk/Trunk/", map[string]any{"trunk_direction": "inbound", "primary_uri_uuid": primary})
	do(400, "POST", "Zentrunk/Trunk/"+outID+"/", map[string]any{"trunk_direction": "inbound"})
	do(400, "POST", "Zentrunk/Trunk/"+outID+"/", map[string]any{"ipacl_uuid": "", "credential_uuid": ""})
	if u := do(202, "POST", "Zentrunk/Trunk/"+outID+"/", map[string]any{"ipacl_uuid": ""}); u["message"] != "Trunk updated successfully." {
		t.Fatalf("update reply %v", u)
	}
	// The 422s the documentation gives for missing fields, the 400s of the rules.
	do(http.StatusUnprocessableEntity, "POST", "Zentrunk/IPAccessControlList/", map[string]any{"name": "x"})
	do(400, "POST", "Zentrunk/IPAccessControlList/", map[string]any{"ip_addresses": []string{"10.0.0.1", "10.0.0.1/32"}})
	do(http.StatusUnprocessableEntity, "POST", "Zentrunk/URI/", map[string]any{"name": "x"})
	do(http.StatusUnprocessableEntity, "POST", "Zentrunk/URI/", map[string]any{"uri": "pbx.example.com", "authentication_needed": true, "username": "u"})
	do(400, "POST", "Zentrunk/URI/", map[string]any{"uri": "sip:pbx.example.com"})
	// Turning authentication off forgets the username.
	do(202, "POST", "Zentrunk/URI/"+fallback+"/", map[string]any{"authentication_needed": false})
	if u := do(200, "GET", "Zentrunk/URI/"+fallback+"/", nil); u["username"] != nil {
		t.Fatalf("username after authentication off: %v", u)
	}
	// Trunk first, then what it named.
	do(204, "DELETE", "Zentrunk/Trunk/"+outID, nil)
	do(204, "DELETE", "Zentrunk/Credential/"+cred+"//", nil)
	do(204, "DELETE", "Zentrunk/IPAccessControlList/"+acl+"/", nil)
	do(404, "DELETE", "Zentrunk/IPAccessControlList/"+acl+"/", nil)
	do(204, "DELETE", "Zentrunk/Trunk/"+in+"/", nil)
	do(204, "DELETE", "Zentrunk/URI/"+primary, nil)
	do(204, "DELETE", "Zentrunk/URI/"+fallback, nil)
	objs, _ := s.Objects(idA)
	for _, k := range []string{"sip_trunks", "sip_credential_lists", "sip_ip_acls", "sip_origination_uris"} {
		if len(objs[k]) != 0 {
			t.Errorf("%s left: %v", k, objs[k])
		}
	}
}

// A number rings an inbound trunk through its app_id (our choice: the
// documentation gives no API for it), never an outbound one, and a trunk a
// number rings cannot be deleted.
func TestTrunking_numberRingsInboundTrunk(t *testing.T) {
	s := newSecServer(t)
	o := populate(t, s, idA, tokA)
	var out map[string]any
	call := func(want int, method, path string, body any) string {
		t.Helper()
		out = nil
		st, text := appCall(t, s, method, path, body, &out)
		if st != want {
			t.Fatalf("%s %s: %d %s, want %d", method, path, st, text, want)
		}
		return text
	}
	uri := o.byArea["URI"]
	call(201, "POST", "Zentrunk/Trunk/", map[string]any{"name": "in", "trunk_direction": "inbound", "primary_uri_uuid": uri})
	in := out["trunk_id"].(string)
	outbound := o.byArea["Trunk"]
	if msg := call(400, "POST", "Number/"+o.number+"/", map[string]any{"app_id": outbound}); !strings.Contains(msg, "outbound trunk") {
		t.Fatalf("an outbound trunk as a number's target: %s", msg)
	}
	call(202, "POST", "Number/"+o.number+"/", map[string]any{"app_id": in})
	call(200, "GET", "Number/"+o.number+"/", nil)
	if want := "/v1/Account/" + idA + "/Zentrunk/Trunk/" + in + "/"; out["application"] != want {
		t.Fatalf("application %v, want %s", out["application"], want)
	}
	if msg := call(400, "DELETE", "Zentrunk/Trunk/"+in+"/", nil); !strings.Contains(msg, o.number) {
		t.Fatalf("deleting a trunk a number rings: %s", msg)
	}
	call(202, "POST", "Number/"+o.number+"/", map[string]any{"app_id": ""})
	st, _ := appCall(t, s, "DELETE", "Zentrunk/Trunk/"+in+"/", nil, nil)
	if st != 204 {
		t.Fatalf("deleting the trunk once no number rings it: %d", st)
	}
}

// A credentials list's username and password follow trunkingrules on create
// and update: a username with a space (ASCII or ideographic) is a 400
// naming the field, the character and the rule; a 3-character password
// and a one-character multi-byte username are taken (the service states
// no rule against them); no error quotes a password.
func TestTrunking_credentialRules(t *testing.T) {
	s := newSecServer(t)
	call := func(method, path string, body any) (int, string) {
		t.Helper()
		return appCall(t, s, method, path, body, nil)
	}
	for _, bad := range []struct{ username, want string }{
		{"pbx user", `username "pbx user" is invalid: it has U+0020 at character 4; it must be at least 1 character, with no space or control character`},
		{"日本\u3000語", `it has U+3000 at character 3`},
	} {
		st, text := call("POST", "Zentrunk/Credential/", map[string]any{"username": bad.username, "password": "secret-pass-1"})
		if st != 400 || !strings.Contains(text, bad.want) || strings.Contains(text, "secret-pass-1") {
			t.Errorf("username %q: %d %s, want a 400 saying %s", bad.username, st, text, bad.want)
		}
	}
	var out map[string]any
	if st, text := appCall(t, s, "POST", "Zentrunk/Credential/", map[string]any{"username": "é", "password": "abc"}, &out); st != 201 {
		t.Fatalf("a 3-character password and a 1-character username: %d %s, want 201", st, text)
	}
	id := out["credential_uuid"].(string)
	if st, text := call("POST", "Zentrunk/Credential/"+id+"/", map[string]any{"username": "new name"}); st != 400 || !strings.Contains(text, `username "new name" is invalid`) {
		t.Errorf("update to a username with a space: %d %s, want a 400 naming it", st, text)
	}
	if st, text := call("POST", "Zentrunk/Credential/"+id+"/", map[string]any{"username": "ユーザー", "password": "🔑"}); st != 202 {
		t.Errorf("update to a multi-byte username and a 1-character password: %d %s, want 202", st, text)
	}
}
