package emulator

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

var applicationsTestAreas = []testArea{
	{
		segment: "Application",
		kind:    "applications",
		get:     func(id string) string { return "Application/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Application/", map[string]any{"app_name": "sec-app", "answer_url": "https://example.com/answer"})["app_id"].(string)
		},
		unknownID: "99999999999999999",
		bodies: map[string][]bodyCase{
			"POST Application": {{"", map[string]any{
				"app_name": "ext-app", "answer_url": "https://cb.example/answer", "answer_method": "GET", "hangup_url": "https://cb.example/hangup",
				"message_url": "https://cb.example/message", "default_endpoint_app": true, "log_incoming_messages": false,
			}}},
			"POST Application/{id}": {{"", map[string]any{"app_name": "ext-app-2", "fallback_answer_url": "https://cb.example/fallback", "public_uri": true}}},
		},
		wrongType: map[string]any{"app_name": 5, "answer_url": true},
		goldens: func(call goldenCall) {
			id := call(201, "POST", "Application/", map[string]any{"app_name": "support-line", "answer_url": "https://example.com/answer/"},
				"application_created.json")["app_id"].(string)
			call(200, "GET", "Application/"+id+"/", nil, "application_get.json")
			call(200, "GET", "Application/?app_name=support-line", nil, "application_list.json")
			call(202, "POST", "Application/"+id+"/", map[string]any{"hangup_url": "https://example.com/hangup/"}, "application_updated.json")
		},
	},
}

// appCall makes one request as account A and decodes the reply into out;
// it returns the status and the error text of an error reply.
func appCall(t *testing.T, s *Server, method, path string, body any, out any) (int, string) {
	t.Helper()
	var data []byte
	if body != nil {
		data, _ = json.Marshal(body)
	}
	st, reply := direct(s, method, "/v1/Account/"+idA+"/"+path, idA, tokA, data)
	if out != nil && st < 300 {
		if err := json.Unmarshal(reply, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, reply)
		}
	}
	var e wire.Error
	if st >= 400 && json.Unmarshal(reply, &e) == nil {
		return st, e.Error
	}
	return st, string(reply)
}

func createApp(t *testing.T, s *Server, name string) string {
	t.Helper()
	var out wire.ApplicationCreated
	if st, reply := appCall(t, s, "POST", "Application/", map[string]any{"app_name": name, "answer_url": "https://example.com/answer"}, &out); st != http.StatusCreated {
		t.Fatalf("create %s: %d %s", name, st, reply)
	}
	return out.AppID
}

func TestApplicationLifecycle(t *testing.T) {
	s := newSecServer(t)
	id := createApp(t, s, "support-line")
	var got wire.ApplicationReply
	if st, reply := appCall(t, s, "GET", "Application/"+id+"/", nil, &got); st != http.StatusOK {
		t.Fatalf("get: %d %s", st, reply)
	}
	want := wire.Application{
		AnswerMethod: "POST", AnswerURL: "https://example.com/answer", AppID: id, AppName: "support-line", Enabled: true,
		FallbackMethod: "POST", HangupMethod: "POST", LogIncomingMessages: true, MessageMethod: "POST",
		ResourceURI: "/v1/Account/" + idA + "/Application/" + id + "/", SIPURI: "sip:" + id + "@app." + DefaultSIPDomain,
	}
	if got.Application != want {
		t.Errorf("defaults:\ngot  %+v\nwant %+v", got.Application, want)
	}
	upd := map[string]any{"app_name": "support-2", "hangup_url": "https://example.com/h", "hangup_method": "GET", "log_incoming_messages": false, "default_endpoint_app": true}
	if st, reply := appCall(t, s, "POST", "Application/"+id+"/", upd, nil); st != http.StatusAccepted {
		t.Fatalf("update: %d %s", st, reply)
	}
	appCall(t, s, "GET", "Application/"+id+"/", nil, &got)
	if got.AppName != "support-2" || got.HangupURL != "https://example.com/h" || got.HangupMethod != "GET" || got.LogIncomingMessages || !got.DefaultEndpointApp ||
		got.AnswerURL != "https://example.com/answer" {
		t.Errorf("after update: %+v", got.Application)
	}
	// An empty URL removes it.
	appCall(t, s, "POST", "Application/"+id+"/", map[string]any{"hangup_url": ""}, nil)
	appCall(t, s, "GET", "Application/"+id+"/", nil, &got)
	if got.HangupURL != "" {
		t.Errorf("hangup_url not removed: %q", got.HangupURL)
	}
	if st, _ := appCall(t, s, "DELETE", "Application/"+id+"/", nil, nil); st != http.StatusNoContent {
		t.Fatalf("delete: %d", st)
	}
	if st, _ := appCall(t, s, "GET", "Application/"+id+"/", nil, nil); st != http.StatusNotFound {
		t.Fatalf("get after delete: %d", st)
	}
	if st, _ := appCall(t, s, "DELETE", "Application/"+id+"/", nil, nil); st != http.StatusNotFound {
		t.Fatalf("second delete: %d", st)
	}
}

func TestApplicationValidation(t *testing.T) {
	s := newSecServer(t)
	id := createApp(t, s, "valid")
	before := snapshot(t, s, idA, tokA)
	for _, tc := range []struct {
		method, path string
		body         map[string]any
		want         string
	}{
		{"POST", "Application/", map[string]any{"answer_url": "https://example.com/a"}, "Mandatory parameter missing. app_name must be present."},
		{"POST", "Application/", map[string]any{"app_name": "x"}, "Mandatory parameter missing. answer_url must be present."},
		{"POST", "Application/", map[string]any{"app_name": "two words", "answer_url": "https://example.com/a"},
			`app_name "two words" is invalid: it must be one or more letters, digits, hyphens or underscores`},
		{"POST", "Application/", map[string]any{"app_name": "ünï", "answer_url": "https://example.com/a"}, `app_name "ünï" is invalid`},
		{"POST", "Application/", map[string]any{"app_name": "x", "answer_url": "/answer"},
			`answer_url "/answer" is invalid: it must be a fully qualified http:// or https:// URL`},
		{"POST", "Application/", map[string]any{"app_name": "x", "answer_url": "https://example.com/a", "answer_method": "PUT"},
			`answer_method "PUT" is invalid: it must be one of GET, POST`},
		{"POST", "Application/", map[string]any{"app_name": "x", "answer_url": "https://example.com/a", "message_url": "example.com"},
			`message_url "example.com" is invalid`},
		{"POST", "Application/" + id + "/", map[string]any{"answer_url": ""}, `answer_url "" is invalid`},
		{"POST", "Application/" + id + "/", map[string]any{"app_name": ""}, `app_name "" is invalid`},
		{"POST", "Application/" + id + "/", map[string]any{"hangup_method": "get"}, `hangup_method "get" is invalid`},
		{"DELETE", "Application/" + id + "/?cascade=maybe", nil, `cascade must be true or false, got "maybe"`},
		{"DELETE", "Application/" + id + "/?cascade=false&new_endpoint_application=" + id, nil, "is not another application of this account"},
		{"DELETE", "Application/" + id + "/?new_endpoint_application=123", nil, "only used with cascade=false"},
		{"GET", "Application/?limit=21", nil, "limit must be an integer from 1 to 20"},
	} {
		st, reply := appCall(t, s, tc.method, tc.path, tc.body, nil)
		if st != http.StatusBadRequest || !strings.Contains(reply, tc.want) {
			t.Errorf("%s %s %v: %d %s, want 400 with %q", tc.method, tc.path, tc.body, st, reply, tc.want)
		}
	}
	if after := snapshot(t, s, idA, tokA); after != before {
		t.Errorf("refused requests changed stored data:\nbefore %s\nafter  %s", before, after)
	}
}

func TestApplicationListFilterAndPaging(t *testing.T) {
	s := newSecServer(t)
	var ids []string
	for i := 0; i < 23; i++ {
		name := "bulk"
		if i%2 == 1 {
			name = "other"
		}
		ids = append(ids, createApp(t, s, name))
	}
	var page wire.ApplicationList
	appCall(t, s, "GET", "Application/", nil, &page)
	if page.Meta.TotalCount != 23 || len(page.Objects) != 20 || page.Meta.Next == nil || page.Objects[0].AppID != ids[0] {
		t.Fatalf("first page: total %d, %d objects, next %v", page.Meta.TotalCount, len(page.Objects), page.Meta.Next)
	}
	appCall(t, s, "GET", "Application/?app_name=other&limit=5&offset=10", nil, &page)
	if page.Meta.TotalCount != 11 || len(page.Objects) != 1 || page.Objects[0].AppID != ids[21] {
		t.Fatalf("filtered last page: %+v", page)
	}
	appCall(t, s, "GET", "Application/?app_name=othe", nil, &page)
	if page.Meta.TotalCount != 0 {
		t.Fatalf("app_name matched a prefix: %+v", page.Meta)
	}
}

// endpointsOf lists account A's endpoints as id -> app_id.
func endpointsOf(t *testing.T, s *Server) map[string]string {
	t.Helper()
	var list wire.EndpointList
	appCall(t, s, "GET", "Endpoint/", nil, &list)
	out := map[string]string{}
	for _, e := range list.Objects {
		out[e.EndpointID] = e.AppID()
	}
	return out
}

func TestApplicationDeleteCascade(t *testing.T) {
	mk := func(t *testing.T) (s *Server, app, other, attached, free string) {
		s = newSecServer(t)
		app, other = createApp(t, s, "doomed"), createApp(t, s, "keeper")
		var e wire.EndpointCreated
		appCall(t, s, "POST", "Endpoint/", map[string]any{"username": "att", "password": "secret", "alias": "A", "app_id": app}, &e)
		attached = e.EndpointID
		appCall(t, s, "POST", "Endpoint/", map[string]any{"username": "free", "password": "secret", "alias": "F", "app_id": other}, &e)
		free = e.EndpointID
		if st, reply := appCall(t, s, "POST", "Number/14155550100/", map[string]any{"app_id": app}, nil); st >= 300 {
			t.Fatalf("number: %d %s", st, reply)
		}
		return
	}
	numberApp := func(t *testing.T, s *Server) string {
		var n wire.AccountNumber
		appCall(t, s, "GET", "Number/14155550100/", nil, &n)
		return n.AppID()
	}
	t.Run("default cascades to the endpoints", func(t *testing.T) {
		s, app, other, attached, free := mk(t)
		appCall(t, s, "DELETE", "Application/"+app+"/", nil, nil)
		eps := endpointsOf(t, s)
		if _, ok := eps[attached]; ok || eps[free] != other || len(eps) != 1 {
			t.Errorf("after a cascading delete: %v (attached %s, free %s)", eps, attached, free)
		}
		if got := numberApp(t, s); got != "" {
			t.Errorf("the number still names the deleted application %q", got)
		}
	})
	t.Run("cascade=false detaches", func(t *testing.T) {
		s, app, other, attached, free := mk(t)
		if st, reply := appCall(t, s, "DELETE", "Application/"+app+"/?cascade=false", nil, nil); st != http.StatusNoContent {
			t.Fatalf("%d %s", st, reply)
		}
		eps := endpointsOf(t, s)
		if app, ok := eps[attached]; !ok || app != "" || eps[free] != other {
			t.Errorf("after cascade=false: %v", eps)
		}
		if got := numberApp(t, s); got != "" {
			t.Errorf("the number still names the deleted application %q", got)
		}
		if objs, _ := s.Objects(idA); !slices.Equal(objs["applications"], []string{other}) {
			t.Errorf("applications left: %v", objs["applications"])
		}
	})
	t.Run("cascade=false moves to new_endpoint_application", func(t *testing.T) {
		s, app, other, attached, _ := mk(t)
		appCall(t, s, "DELETE", "Application/"+app+"/?cascade=false&new_endpoint_application="+other, nil, nil)
		if eps := endpointsOf(t, s); eps[attached] != other {
			t.Errorf("endpoint not moved: %v", eps)
		}
	})
	// The service's Python and Node SDKs send DELETE arguments as a JSON
	// body: they are taken as the query's.
	t.Run("arguments in a JSON body, as the SDKs send them", func(t *testing.T) {
		s, app, other, attached, free := mk(t)
		if st, reply := appCall(t, s, "DELETE", "Application/"+app+"/", map[string]any{"cascade": false, "new_endpoint_application": other}, nil); st != http.StatusNoContent {
			t.Fatalf("%d %s", st, reply)
		}
		if eps := endpointsOf(t, s); eps[attached] != other || eps[free] != other {
			t.Errorf("a JSON body's cascade=false and new_endpoint_application were not applied: %v", eps)
		}
		s, app, _, attached, _ = mk(t)
		appCall(t, s, "DELETE", "Application/"+app+"/", map[string]any{"cascade": "false"}, nil)
		if _, ok := endpointsOf(t, s)[attached]; !ok {
			t.Error(`cascade "false" as a string in a JSON body deleted the endpoint`)
		}
	})
}

func TestApplicationStateFileKeepsApplications(t *testing.T) {
	path := t.TempDir() + "/state.json"
	a := newSecServer(t)
	if err := a.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	id := createApp(t, a, "kept")
	b := newSecServer(t)
	if err := b.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	var got wire.ApplicationReply
	if st, reply := appCall(t, b, "GET", "Application/"+id+"/", nil, &got); st != http.StatusOK || got.AppName != "kept" {
		t.Fatalf("after restart: %d %s", st, reply)
	}
	// Ids stay in creation order across the restart.
	second := createApp(t, b, "later")
	var list wire.ApplicationList
	appCall(t, b, "GET", "Application/", nil, &list)
	if len(list.Objects) != 2 || list.Objects[0].AppID != id || list.Objects[1].AppID != second {
		t.Fatalf("order after restart: %+v", list.Objects)
	}
}
