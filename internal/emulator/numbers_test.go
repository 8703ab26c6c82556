package emulator

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
)

const (
	numTestID    = "MANUMBERSTEST0000001"
	numTestToken = "numbers-test-token"
	numOtherID   = "MANUMBERSTEST0000002"
)

func newNumbersServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	srv := New(Options{
		Accounts: []Account{{ID: numTestID, Token: numTestToken}, {ID: numOtherID, Token: numTestToken}},
		Clock:    NewManualClock(time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)),
	})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

// numCall sends one request as account id and decodes the JSON reply (nil
// for an empty body).
func numCall(t *testing.T, hs *httptest.Server, id, method, path, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, hs.URL+"/v1/Account/"+id+"/"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(id, numTestToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if resp.StatusCode != http.StatusNoContent {
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatalf("%s %s: reply is not JSON: %v", method, path, err)
		}
	}
	return resp.StatusCode, out
}

func objectNumbers(t *testing.T, reply map[string]any) []string {
	t.Helper()
	objs, ok := reply["objects"].([]any)
	if !ok {
		t.Fatalf("objects is %T, want a list: %v", reply["objects"], reply)
	}
	out := make([]string, len(objs))
	for i, o := range objs {
		out[i] = o.(map[string]any)["number"].(string)
	}
	return out
}

func TestNumbersSearchReply(t *testing.T) {
	_, hs := newNumbersServer(t)
	status, reply := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=US&type=local&region=California&services=sms,voice&limit=5", "")
	if status != 200 {
		t.Fatalf("status %d: %v", status, reply)
	}
	if reply["error"] != "" || reply["api_id"] == "" {
		t.Fatalf("error %q api_id %q", reply["error"], reply["api_id"])
	}
	want, total := numberdata.New().Search(numberdata.Query{CountryISO: "US", Type: "local", Region: "California", SMS: true, Voice: true, Limit: 5})
	got := objectNumbers(t, reply)
	if len(got) != 5 || total <= 5 {
		t.Fatalf("got %d objects of %d", len(got), total)
	}
	for i, n := range got {
		if n != want[i].Number {
			t.Fatalf("object %d is %s, want %s", i, n, want[i].Number)
		}
	}
	first := reply["objects"].([]any)[0].(map[string]any)
	if first["resource_uri"] != "/v1/Account/"+numTestID+"/PhoneNumber/"+got[0]+"/" || first["region"] != "California" {
		t.Fatalf("first object %v", first)
	}
	meta := reply["meta"].(map[string]any)
	if int(meta["total_count"].(float64)) != total || meta["previous"] != nil || !strings.Contains(meta["next"].(string), "offset=5") {
		t.Fatalf("meta %v", meta)
	}
}

func TestNumbersSearchEmptyAndEdges(t *testing.T) {
	_, hs := newNumbersServer(t)
	for _, q := range []string{"country_iso=JP", "country_iso=US&pattern=8005550000", "country_iso=US&offset=1000000"} {
		status, reply := numCall(t, hs, numTestID, "GET", "PhoneNumber/?"+q, "")
		if status != 200 || reply["error"] != "" || len(objectNumbers(t, reply)) != 0 {
			t.Fatalf("%s: status %d reply %v, want 200 with no objects and an empty error", q, status, reply)
		}
	}
	status, reply := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=US&limit=21", "")
	if status != 400 || !strings.Contains(reply["error"].(string), "limit") {
		t.Fatalf("limit 21: %d %v", status, reply)
	}
}

func TestNumbersSearchBadParametersNamed(t *testing.T) {
	_, hs := newNumbersServer(t)
	status, reply := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=USA&type=landline&npanxx=41540&services=mms", "")
	if status != 400 {
		t.Fatalf("status %d", status)
	}
	msg := reply["error"].(string)
	for _, p := range []string{`country_iso="USA"`, `type="landline"`, `npanxx="41540"`, `services="mms"`} {
		if !strings.Contains(msg, p) {
			t.Errorf("error %q does not name %s", msg, p)
		}
	}
	status, reply = numCall(t, hs, numTestID, "GET", "PhoneNumber/?type=local", "")
	if status != 400 || !strings.Contains(reply["error"].(string), "country_iso") {
		t.Fatalf("missing country_iso: %d %v", status, reply)
	}
}

// firstAvailable is the first US local number the search offers.
func firstAvailable(t *testing.T, hs *httptest.Server) string {
	t.Helper()
	_, reply := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=US&type=local&limit=1", "")
	return objectNumbers(t, reply)[0]
}

func TestNumbersBuyUpdateRelease(t *testing.T) {
	srv, hs := newNumbersServer(t)
	number := firstAvailable(t, hs)
	pattern := "PhoneNumber/?country_iso=US&pattern=" + number[1:]

	// app_id must name one of the account's applications: a refused buy
	// leaves the number for sale.
	if status, r := numCall(t, hs, numTestID, "POST", "PhoneNumber/"+number+"/", `{"app_id": "2233"}`); status != 400 ||
		r["error"] != `app_id "2233" is not an application of this account` {
		t.Fatalf("buy with an unknown app_id: %d %v", status, r)
	}
	if _, r := numCall(t, hs, numTestID, "GET", pattern, ""); len(objectNumbers(t, r)) != 1 {
		t.Fatalf("a refused buy took the number off sale: %v", r)
	}
	_, made := numCall(t, hs, numTestID, "POST", "Application/", `{"app_name": "support", "answer_url": "https://example.com/answer"}`)
	app := made["app_id"].(string)

	status, reply := numCall(t, hs, numTestID, "POST", "PhoneNumber/"+number+"/", `{"app_id": "`+app+`"}`)
	if status != 201 || reply["message"] != "created" || reply["status"] != "fulfilled" {
		t.Fatalf("buy: %d %v", status, reply)
	}
	nums := reply["numbers"].([]any)
	if len(nums) != 1 || nums[0].(map[string]any)["number"] != number || nums[0].(map[string]any)["status"] != "Success" {
		t.Fatalf("buy numbers %v", nums)
	}
	if _, r := numCall(t, hs, numTestID, "GET", pattern, ""); len(objectNumbers(t, r)) != 0 {
		t.Fatalf("bought number still in the search: %v", r)
	}
	if got := srv.objectsOf(t, numTestID)["numbers"]; len(got) != 1 || got[0] != number {
		t.Fatalf("Objects numbers = %v", got)
	}

	status, rec := numCall(t, hs, numTestID, "GET", "Number/"+number+"/", "")
	if status != 200 {
		t.Fatalf("get: %d %v", status, rec)
	}
	for k, want := range map[string]any{
		"number": number, "application": "/v1/Account/" + numTestID + "/Application/" + app + "/", "alias": nil,
		"added_on": "2025-03-04", "country_iso": "US", "type": "fixed", "sub_type": "local",
		"resource_uri": "/v1/Account/" + numTestID + "/Number/" + number + "/", "sub_account": nil,
	} {
		if rec[k] != want {
			t.Errorf("record %s = %v, want %v", k, rec[k], want)
		}
	}

	// Buying it again, from this account or another, fails clearly.
	if status, r := numCall(t, hs, numTestID, "POST", "PhoneNumber/"+number+"/", ""); status != 400 || !strings.Contains(r["error"].(string), "already belongs") {
		t.Fatalf("buy twice: %d %v", status, r)
	}
	if status, r := numCall(t, hs, numOtherID, "POST", "PhoneNumber/"+number+"/", ""); status != 404 || !strings.Contains(r["error"].(string), "already been bought") {
		t.Fatalf("other account: %d %v", status, r)
	}
	if status, _ := numCall(t, hs, numOtherID, "GET", "Number/"+number+"/", ""); status != 404 {
		t.Fatalf("other account sees the number: %d", status)
	}

	if status, r := numCall(t, hs, numTestID, "POST", "Number/"+number+"/", `{"app_id": "2234", "alias": "Refused"}`); status != 400 ||
		r["error"] != `app_id "2234" is not an application of this account` {
		t.Fatalf("update with an unknown app_id: %d %v", status, r)
	}
	if _, rec = numCall(t, hs, numTestID, "GET", "Number/"+number+"/", ""); rec["alias"] != nil {
		t.Fatalf("a refused update changed the number: %v", rec)
	}
	if status, r := numCall(t, hs, numTestID, "POST", "Number/"+number+"/", `{"app_id": "", "alias": "Support line"}`); status != 202 || r["message"] != "changed" {
		t.Fatalf("update: %d %v", status, r)
	}
	_, rec = numCall(t, hs, numTestID, "GET", "Number/"+number+"/", "")
	if rec["application"] != "" || rec["alias"] != "Support line" {
		t.Fatalf("after update: %v", rec)
	}

	if status, r := numCall(t, hs, numTestID, "DELETE", "Number/"+number+"/", ""); status != 204 || r != nil {
		t.Fatalf("release: %d %v", status, r)
	}
	if _, r := numCall(t, hs, numTestID, "GET", pattern, ""); len(objectNumbers(t, r)) != 1 {
		t.Fatalf("released number not back in the search: %v", r)
	}
	if status, _ := numCall(t, hs, numTestID, "GET", "Number/"+number+"/", ""); status != 404 {
		t.Fatalf("released number still readable: %d", status)
	}
	if status, _ := numCall(t, hs, numTestID, "DELETE", "Number/"+number+"/", ""); status != 404 {
		t.Fatalf("release twice: %d", status)
	}
}

func TestNumbersBuyRefusals(t *testing.T) {
	_, hs := newNumbersServer(t)
	cases := []struct {
		path, body string
		status     int
		text       string
	}{
		{"PhoneNumber/+14155550123/", "", 400, "digits"},
		{"PhoneNumber/19995550123/", "", 404, "not in the inventory"},
		{"PhoneNumber/14155550100/", "", 400, "already belongs"}, // a starter number
		{"PhoneNumber/" + firstAvailable(t, hs) + "/", `{"app_id": 7}`, 400, `"app_id" must be of type string`},
	}
	for _, tc := range cases {
		status, r := numCall(t, hs, numTestID, "POST", tc.path, tc.body)
		if status != tc.status || !strings.Contains(r["error"].(string), tc.text) {
			t.Errorf("POST %s %s: %d %v, want %d mentioning %q", tc.path, tc.body, status, r, tc.status, tc.text)
		}
	}
}

func TestNumbersReleaseStarter(t *testing.T) {
	srv, hs := newNumbersServer(t)
	if status, _ := numCall(t, hs, numTestID, "DELETE", "Number/14155550100/", ""); status != 204 {
		t.Fatalf("release starter: %d", status)
	}
	if status, _ := numCall(t, hs, numTestID, "GET", "Number/14155550100/", ""); status != 404 {
		t.Fatalf("starter still owned: %d", status)
	}
	// It goes back on sale at once, as every released number does: a search
	// finds it and it can be bought again.
	_, found := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=US&pattern=4155550100", "")
	if got := objectNumbers(t, found); len(got) != 1 || got[0] != "14155550100" {
		t.Fatalf("released starter not on sale: search finds %v", got)
	}
	if status, r := numCall(t, hs, numTestID, "POST", "PhoneNumber/14155550100/", ""); status != 201 {
		t.Fatalf("buy released starter: %d %v", status, r)
	}
	if status, _ := numCall(t, hs, numTestID, "GET", "Number/14155550100/", ""); status != 200 {
		t.Fatalf("bought-back starter not owned: %d", status)
	}
	if status, _ := numCall(t, hs, numTestID, "DELETE", "Number/14155550100/", ""); status != 204 {
		t.Fatalf("release bought-back starter: %d", status)
	}
	// Other accounts keep theirs; Reset gives it back.
	if status, _ := numCall(t, hs, numOtherID, "GET", "Number/14155550100/", ""); status != 200 {
		t.Fatalf("other account lost its starter: %d", status)
	}
	srv.Reset()
	if status, _ := numCall(t, hs, numTestID, "GET", "Number/14155550100/", ""); status != 200 {
		t.Fatalf("starter not back after Reset: %d", status)
	}
}

func TestNumbersListPagingAndFilters(t *testing.T) {
	_, hs := newNumbersServer(t)
	_, reply := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=US&type=toll-free&limit=20", "")
	bought := objectNumbers(t, reply)
	for _, n := range bought {
		if status, r := numCall(t, hs, numTestID, "POST", "PhoneNumber/"+n+"/", ""); status != 201 {
			t.Fatalf("buy %s: %d %v", n, status, r)
		}
	}
	// 3 starter numbers + 20 bought = 23: a full page and a page of 3.
	_, p1 := numCall(t, hs, numTestID, "GET", "Number/", "")
	_, p2 := numCall(t, hs, numTestID, "GET", "Number/?limit=20&offset=20", "")
	all := append(objectNumbers(t, p1), objectNumbers(t, p2)...)
	if len(objectNumbers(t, p1)) != 20 || len(all) != 23 || p1["meta"].(map[string]any)["total_count"].(float64) != 23 {
		t.Fatalf("pages %v / %v", p1["meta"], p2["meta"])
	}
	for i := 1; i < len(all); i++ {
		if all[i-1] >= all[i] {
			t.Fatalf("not in number order at %d: %v", i, all)
		}
	}
	if p2["meta"].(map[string]any)["next"] != nil {
		t.Fatalf("last page has a next link")
	}
	_, tf := numCall(t, hs, numTestID, "GET", "Number/?type=toll-free", "")
	if got := objectNumbers(t, tf); len(got) != 20 || got[0] != bought[0] {
		t.Fatalf("type filter: %v", got)
	}
	_, sw := numCall(t, hs, numTestID, "GET", "Number/?number_startswith=1415", "")
	if got := objectNumbers(t, sw); len(got) != 1 || got[0] != "14155550100" {
		t.Fatalf("number_startswith: %v", got)
	}
	for _, q := range []string{"type=landline", "services=mms", "number_startswith=%2B1", "limit=21"} {
		if status, _ := numCall(t, hs, numTestID, "GET", "Number/?"+q, ""); status != 400 {
			t.Errorf("Number/?%s: %d, want 400", q, status)
		}
	}
}

func (s *Server) objectsOf(t *testing.T, id string) map[string][]string {
	t.Helper()
	objs, ok := s.Objects(id)
	if !ok {
		t.Fatalf("no account %s", id)
	}
	return objs
}

// TestNumbers_recordedAliasNullAndEmptyAreTwo: the service's number list
// holds alias null (never set) and "" (cleared) side by side.
func TestNumbers_recordedAliasNullAndEmptyAreTwo(t *testing.T) {
	_, hs := newNumbersServer(t)
	if _, rec := numCall(t, hs, numTestID, "GET", "Number/14155550100/", ""); rec["alias"] != nil {
		t.Fatalf("a number never given an alias: alias = %#v, want null", rec["alias"])
	}
	for _, body := range []string{`{"alias": "Front desk"}`, `{"alias": ""}`} {
		if st, r := numCall(t, hs, numTestID, "POST", "Number/14155550100/", body); st != 202 {
			t.Fatalf("update %s: %d %v", body, st, r)
		}
	}
	_, list := numCall(t, hs, numTestID, "GET", "Number/", "")
	aliases := map[string]any{}
	for _, o := range list["objects"].([]any) {
		aliases[o.(map[string]any)["number"].(string)] = o.(map[string]any)["alias"]
	}
	if a, ok := aliases["14155550100"]; !ok || a != "" {
		t.Errorf("a cleared alias = %#v, want \"\"", a)
	}
	if a, ok := aliases["12125550101"]; !ok || a != nil {
		t.Errorf("an alias never set = %#v, want null", a)
	}
}
