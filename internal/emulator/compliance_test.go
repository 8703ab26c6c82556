package emulator

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// complianceBody is a create body (the data document) for an IN
// application of numberType whose business end user is named name, with
// the documents its requirement asks for.
func complianceBody(name, numberType string) map[string]any {
	req, _ := compliancerules.RequirementFor("IN", numberType, compliancerules.UserBusiness)
	var docs []any
	for _, t := range req.DocumentTypes {
		docs = append(docs, map[string]any{"document_type_id": t.ID, "data_fields": validFields(t)})
	}
	return map[string]any{
		"country_iso": "IN", "number_type": numberType, "alias": name + " " + numberType,
		"end_user": map[string]any{"type": "business", "name": name, "email": "ops@acme.example", "address_line1": "12 Marine Drive",
			"city": "Mumbai", "state": "Maharashtra", "postal_code": "400002", "country": "IN", "registration_number": "U74999MH2019PTC000000"},
		"documents": docs,
	}
}

// validFields fills every required field of t with a valid value.
func validFields(t compliancerules.DocumentType) map[string]any {
	out := map[string]any{}
	for _, f := range t.Fields {
		if !f.Required {
			continue
		}
		switch f.Type {
		case compliancerules.FieldDate:
			out[f.Name] = "2019-04-01"
		default:
			out[f.Name] = strings.Repeat("x", max(f.MinLength, 6))
		}
	}
	return out
}

var complianceTestAreas = []testArea{
	{
		segment: "Compliance",
		kind:    "phone_number_compliances",
		get:     func(id string) string { return "PhoneNumber/Compliance/" + id + "/?expand=" + wire.ComplianceExpand },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "PhoneNumber/Compliance/", complianceBody("Sec Co", "local"))["compliance_id"].(string)
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		bodies: map[string][]bodyCase{
			"POST PhoneNumber/Compliance": {{"", complianceBody("Ext Co", "mobile")}},
			"POST PhoneNumber/Compliance/Link": {{"", map[string]any{"numbers": []any{
				map[string]any{"number": "+14155550100", "compliance_application_id": "00000000-0000-4000-8000-000000000000"}}}}},
		},
		wrongType: map[string]any{"country_iso": 5, "end_user": "x", "documents": "x", "numbers": "x"},
		goldensAt: func(s *Server, call goldenCall) {
			requirement := call(200, "GET", "PhoneNumber/Compliance/Requirements/?country_iso=IN&number_type=tollfree&user_type=business", nil,
				"compliance_requirement.json")
			if n := len(requirement["document_types"].([]any)); n != 2 {
				panic("the IN toll-free business requirement should have two document types")
			}
			call(200, "GET", "PhoneNumber/Compliance/Requirements/?country_iso=IN&number_type=local&user_type=individual", nil,
				"compliance_requirement_individual.json")
			body := complianceBody("Acme Trading", "tollfree")
			body["callback_url"], body["callback_method"] = "https://hooks.example.com/compliance", "POST"
			body["end_user"].(map[string]any)["last_name"] = "Holdings"
			body["end_user"].(map[string]any)["address_line2"] = "Fort"
			id := call(200, "POST", "PhoneNumber/Compliance/", body, "compliance_created.json")["compliance_id"].(string)
			call(200, "GET", "PhoneNumber/Compliance/"+id+"/", nil, "compliance_get.json")
			call(200, "PATCH", "PhoneNumber/Compliance/"+id+"/", map[string]any{"alias": "renamed"}, "compliance_updated.json")
			call(200, "GET", "PhoneNumber/Compliance/?limit=20", nil, "compliance_list.json")
			// An accepted application (its files given on the stored documents,
			// as a multipart create would), a number bought against it and one
			// that cannot be linked, then a rejection by an update.
			s.mu.Lock()
			for _, a := range s.accounts[tdID].compliances() {
				for i := range a.Documents {
					a.Documents[i].FileName, a.Documents[i].File = "doc.pdf", []byte("%PDF")
				}
			}
			s.mu.Unlock()
			s.Clock().Advance(DefaultComplianceReviewDelay)
			search := call(200, "GET", "PhoneNumber/?country_iso=IN&type=toll-free&limit=1", nil, "phone_number_search.json")
			number := search["objects"].([]any)[0].(map[string]any)["number"].(string)
			call(201, "POST", "PhoneNumber/"+number+"/", map[string]any{"compliance_application_id": id}, "phone_number_bought.json")
			s.Clock().Advance(DefaultComplianceReviewDelay)
			call(200, "GET", "Number/"+number+"/", nil, "number_get_compliance.json")
			call(200, "POST", "PhoneNumber/Compliance/Link/", map[string]any{"numbers": []any{
				map[string]any{"number": "+" + number, "compliance_application_id": id},
				map[string]any{"number": "+919999999999", "compliance_application_id": id}}}, "compliance_link.json")
			call(200, "PATCH", "PhoneNumber/Compliance/"+id+"/", map[string]any{"end_user": map[string]any{"name": "Acme REJECT"}}, "compliance_updated.json")
			s.Clock().Advance(DefaultComplianceReviewDelay)
			call(200, "GET", "PhoneNumber/Compliance/"+id+"/?expand="+wire.ComplianceExpand, nil, "compliance_get_expanded.json")
			call(200, "DELETE", "PhoneNumber/Compliance/"+id+"/", nil, "compliance_deleted.json")
		},
	},
}

// multipartCompliance encodes data and files as the service's clients do:
// a data field and documents[<i>].file parts.
func multipartCompliance(t *testing.T, data map[string]any, files map[int]string) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	js, _ := json.Marshal(data)
	if err := w.WriteField("data", string(js)); err != nil {
		t.Fatal(err)
	}
	for i, content := range files {
		fw, err := w.CreateFormFile(wire.ComplianceFilePart(i), "doc.pdf")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write([]byte(content))
	}
	_ = w.Close()
	return &b, w.FormDataContentType()
}

func (e *tdEnv) multipart(method, path string, data map[string]any, files map[int]string) (int, map[string]any) {
	e.t.Helper()
	body, ct := multipartCompliance(e.t, data, files)
	req, _ := http.NewRequest(method, e.hs.URL+"/v1/Account/"+tdID+"/"+path, body)
	req.SetBasicAuth(tdID, tdToken)
	req.Header.Set("Content-Type", ct)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	e.s.Settle()
	return resp.StatusCode, out
}

func (e *tdEnv) compliance(id string) map[string]any {
	e.t.Helper()
	return e.must(200, "GET", "PhoneNumber/Compliance/"+id+"/?expand="+wire.ComplianceExpand, nil)["compliance"].(map[string]any)
}

func TestCompliance_multipartCreateAcceptedWithFiles(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	data := complianceBody("Acme Trading", "local")
	data["callback_url"] = rc.hs.URL + "/compliance"
	code, out := e.multipart("POST", "PhoneNumber/Compliance/", data, map[int]string{0: "registration-bytes", 1: "bill-bytes"})
	if code != 200 || out["message"] != "Compliance application created and submitted for review." {
		t.Fatalf("create: %d %v", code, out)
	}
	id := out["compliance_id"].(string)
	got := e.compliance(id)
	if got["status"] != "submitted" {
		t.Fatalf("status after create %v", got["status"])
	}
	docs := got["documents"].([]any)
	if len(docs) != 2 || docs[0].(map[string]any)["file_name"] != "doc.pdf" {
		t.Fatalf("documents %v", docs)
	}
	// The file is served back at its download_url, as uploaded.
	req, _ := http.NewRequest("GET", docs[1].(map[string]any)["download_url"].(string), nil)
	req.SetBasicAuth(tdID, tdToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "bill-bytes" {
		t.Fatalf("download: %q", b)
	}
	// Without expand, the record holds neither end user nor documents.
	plain := e.must(200, "GET", "PhoneNumber/Compliance/"+id+"/", nil)["compliance"].(map[string]any)
	if _, ok := plain["end_user"]; ok {
		t.Fatalf("end_user without expand: %v", plain)
	}
	e.advance(DefaultComplianceReviewDelay)
	if got := e.compliance(id); got["status"] != "accepted" || got["rejection_reason"] != nil {
		t.Fatalf("after review: %v", got)
	}
	calls := rc.all()
	if len(calls) != 1 || !calls[0].SigOK || calls[0].Params.Get("Status") != "accepted" || calls[0].Params.Get("ComplianceID") != id ||
		calls[0].Params.Get("Kind") != "phone_number_compliance" {
		t.Fatalf("callbacks %+v", calls)
	}
}

func TestCompliance_rejections(t *testing.T) {
	e := newTDEnv(t)
	files := map[int]string{0: "a", 1: "b"}
	_, out := e.multipart("POST", "PhoneNumber/Compliance/", complianceBody("Acme REJECT", "local"), files)
	rejected := out["compliance_id"].(string)
	_, out = e.multipart("POST", "PhoneNumber/Compliance/", complianceBody("Acme Unproved", "local"), map[int]string{0: "a"})
	unproved := out["compliance_id"].(string)
	e.advance(DefaultComplianceReviewDelay)
	if got := e.compliance(rejected); got["status"] != "rejected" || got["rejection_reason"] != compliancerules.RejectionReason {
		t.Fatalf("REJECT: %v", got)
	}
	if got := e.compliance(unproved); got["status"] != "rejected" || !strings.Contains(got["rejection_reason"].(string), "No file was uploaded for Proof of address") {
		t.Fatalf("unproved: %v", got)
	}
	// An update resubmits, and the file a document sent without one keeps
	// the earlier file of its type: adding the missing one is accepted.
	code, out := e.multipart("PATCH", "PhoneNumber/Compliance/"+unproved+"/", map[string]any{"documents": complianceBody("x", "local")["documents"]},
		map[int]string{1: "the bill"})
	if code != 200 || out["compliance"].(map[string]any)["status"] != "submitted" {
		t.Fatalf("update: %d %v", code, out)
	}
	e.advance(DefaultComplianceReviewDelay)
	if got := e.compliance(unproved); got["status"] != "accepted" {
		t.Fatalf("after the update: %v", got)
	}
}

func TestCompliance_refusals(t *testing.T) {
	e := newTDEnv(t)
	de := complianceBody("Acme", "local")
	de["country_iso"] = "DE"
	e.mustFail(400, "POST", "PhoneNumber/Compliance/", de, "DE is not covered by the one-call API", "ComplianceApplication API")
	missing := complianceBody("Acme", "local")
	missing["documents"] = missing["documents"].([]any)[:1]
	e.mustFail(400, "POST", "PhoneNumber/Compliance/", missing, "documents must include a Proof of address")
	bad := complianceBody("Acme", "local")
	bad["documents"].([]any)[0].(map[string]any)["data_fields"] = map[string]any{"registration_date": "2019-13-45", "shoe_size": "44"}
	e.mustFail(400, "POST", "PhoneNumber/Compliance/", bad, `documents[0].data_fields must hold "business_name"`, `documents[0].data_fields["registration_date"] must be a date yyyy-mm-dd`)
	// A data field the type does not have is ignored, as every unknown field is.
	odd := complianceBody("Acme", "local")
	odd["documents"].([]any)[0].(map[string]any)["data_fields"].(map[string]any)["shoe_size"] = "44"
	oddID := e.must(200, "POST", "PhoneNumber/Compliance/", odd)["compliance_id"].(string)
	if meta := e.compliance(oddID)["documents"].([]any)[0].(map[string]any)["meta_information"].(map[string]any); meta["shoe_size"] != nil {
		t.Fatalf("an unknown data field was stored: %v", meta)
	}
	id := e.must(200, "POST", "PhoneNumber/Compliance/", complianceBody("Acme", "local"))["compliance_id"].(string)
	e.mustFail(400, "PATCH", "PhoneNumber/Compliance/"+id+"/", map[string]any{"end_user": map[string]any{"type": "individual"}}, "end_user.type cannot be updated")
	e.mustFail(400, "PATCH", "PhoneNumber/Compliance/"+id+"/", map[string]any{"country_iso": "IN"}, "country_iso cannot be updated")
	e.mustFail(404, "PATCH", "PhoneNumber/Compliance/00000000-0000-4000-8000-000000000000/", map[string]any{"alias": "x"}, "Compliance application not found.")
	e.mustFail(400, "GET", "PhoneNumber/Compliance/Requirements/?country_iso=IN&number_type=landline&user_type=business", nil, "number_type")
}

// firstNumber is the first number for sale of a search.
func (e *tdEnv) firstNumber(query string) string {
	e.t.Helper()
	objs := e.must(200, "GET", "PhoneNumber/?"+query, nil)["objects"].([]any)
	if len(objs) == 0 {
		e.t.Fatalf("no number for %s", query)
	}
	return objs[0].(map[string]any)["number"].(string)
}

func TestCompliance_regulatedNumbersNeedAnAcceptedApplication(t *testing.T) {
	e := newTDEnv(t)
	number := e.firstNumber("country_iso=IN&type=local")
	e.mustFail(400, "POST", "PhoneNumber/"+number+"/", map[string]any{}, "needs an accepted compliance application of IN local numbers")
	mobileApp := e.must(200, "POST", "PhoneNumber/Compliance/", complianceBody("Acme", "mobile"))["compliance_id"].(string)
	_, out := e.multipart("POST", "PhoneNumber/Compliance/", complianceBody("Acme", "local"), map[int]string{0: "a", 1: "b"})
	localApp := out["compliance_id"].(string)
	e.mustFail(400, "POST", "PhoneNumber/"+number+"/", map[string]any{"compliance_application_id": localApp}, "is submitted; only an accepted application")
	e.advance(DefaultComplianceReviewDelay)
	e.mustFail(400, "POST", "PhoneNumber/"+number+"/", map[string]any{"compliance_application_id": mobileApp}, "is rejected")
	bought := e.must(201, "POST", "PhoneNumber/"+number+"/", map[string]any{"compliance_application_id": localApp})
	if st := bought["numbers"].([]any)[0].(map[string]any)["status"]; st != "pending" {
		t.Fatalf("buy status %v", st)
	}
	rec := e.must(200, "GET", "Number/"+number+"/", nil)
	if rec["compliance_application_id"] != localApp || rec["compliance_status"] != "pending" {
		t.Fatalf("number record %v", rec)
	}
	e.advance(DefaultComplianceReviewDelay)
	if rec := e.must(200, "GET", "Number/"+number+"/", nil); rec["compliance_status"] != "accepted" {
		t.Fatalf("after activation %v", rec)
	}
	// A number that needs nothing is bought as before.
	us := e.must(201, "POST", "PhoneNumber/"+e.firstNumber("country_iso=US&type=local")+"/", map[string]any{})
	if st := us["numbers"].([]any)[0].(map[string]any)["status"]; st != "Success" {
		t.Fatalf("US buy %v", st)
	}
}

func TestCompliance_linkReportsEachNumber(t *testing.T) {
	e := newTDEnv(t)
	_, out := e.multipart("POST", "PhoneNumber/Compliance/", complianceBody("Acme", "local"), map[int]string{0: "a", 1: "b"})
	app := out["compliance_id"].(string)
	e.advance(DefaultComplianceReviewDelay)
	number := e.firstNumber("country_iso=IN&type=local")
	e.must(201, "POST", "PhoneNumber/"+number+"/", map[string]any{"compliance_application_id": app})
	e.mustFail(400, "POST", "Number/"+number+"/", map[string]any{"compliance_application_id": ""}, "cannot be unlinked")
	reply := e.must(200, "POST", "PhoneNumber/Compliance/Link/", map[string]any{"numbers": []any{
		map[string]any{"number": "+" + number, "compliance_application_id": app},
		map[string]any{"number": "+14155550100", "compliance_application_id": app},
		map[string]any{"number": "+919876500000", "compliance_application_id": app},
	}})
	report := reply["report"].([]any)
	want := [][2]string{{"success", "Number linked"}, {"failed", "covers IN local numbers; +14155550100 is a US local number"}, {"failed", "Number not found on your account."}}
	if reply["total_count"] != 3.0 || reply["updated_count"] != 1.0 || len(report) != 3 {
		t.Fatalf("link reply %v", reply)
	}
	for i, w := range want {
		r := report[i].(map[string]any)
		if r["status"] != w[0] || !strings.Contains(r["remarks"].(string), w[1]) {
			t.Errorf("report[%d] = %v, want %v", i, r, w)
		}
	}
	linked := e.compliance(app)["linked_numbers"].([]any)
	if len(linked) != 1 || linked[0].(map[string]any)["number"] != "+"+number {
		t.Fatalf("linked_numbers %v", linked)
	}
}

func TestCompliance_reviewSurvivesARestart(t *testing.T) {
	e := newTDEnv(t)
	id := e.must(200, "POST", "PhoneNumber/Compliance/", complianceBody("Acme", "mobile"))["compliance_id"].(string)
	e.s.mu.Lock()
	data, err := e.s.snapshotLocked()
	e.s.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	s2 := New(Options{Accounts: []Account{{ID: tdID, Token: tdToken}}, Clock: NewManualClock(tdStart), Seed: 7})
	t.Cleanup(s2.Close)
	if err := s2.loadState(data); err != nil {
		t.Fatal(err)
	}
	s2.Clock().Advance(time.Minute)
	s2.mu.Lock()
	st := s2.accounts[tdID].compliances()[id].Status
	s2.mu.Unlock()
	if st != compliancerules.StatusRejected { // a mobile business application without files: rejected for want of proof
		t.Fatalf("after restart %s", st)
	}
}
