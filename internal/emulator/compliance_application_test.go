package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
)

// complianceDocFields is a JSON document body of type t for endUser with every
// required field valid (the file, when there is one, goes by multipart).
func complianceDocFields(endUser string, t compliancerules.DocumentType) map[string]any {
	out := validFields(t)
	out["end_user_id"], out["document_type_id"], out["alias"] = endUser, t.ID, t.Name
	return out
}

// complianceAppRecord makes, through call, a business end user named name,
// the documents the DE local requirement asks for (JSON: no files) and a
// draft application naming them; it returns the application's id.
func complianceAppVia(call func(method, path string, body any) map[string]any, name string) string {
	u := call("POST", "EndUser/", map[string]any{"name": name, "end_user_type": "business"})["end_user_id"].(string)
	req, _ := compliancerules.RequirementFor("DE", "local", "business")
	var ids []string
	for _, t := range req.DocumentTypes {
		ids = append(ids, call("POST", "ComplianceDocument/", complianceDocFields(u, t))["document_id"].(string))
	}
	return call("POST", "ComplianceApplication/", map[string]any{"compliance_requirement_id": req.ID, "end_user_id": u,
		"document_ids": ids, "alias": name + " DE", "end_user_type": "business", "country_iso2": "DE", "number_type": "local"},
	)["compliance_application_id"].(string)
}

var complianceAppUnknownID = "00000000-0000-4000-8000-0000000000aa"

var complianceApplicationTestAreas = []testArea{
	{
		segment: "EndUser",
		kind:    "end_users",
		get:     func(id string) string { return "EndUser/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "EndUser/", map[string]any{"name": "Sec", "last_name": "Person", "end_user_type": "individual"})["end_user_id"].(string)
		},
		unknownID: complianceAppUnknownID,
		bodies: map[string][]bodyCase{
			"POST EndUser":      {{"", map[string]any{"name": "Ext", "end_user_type": "business"}}},
			"POST EndUser/{id}": {{"", map[string]any{"name": "Renamed"}}},
		},
		wrongType: map[string]any{"name": 5, "end_user_type": []any{}},
	},
	{
		segment: "ComplianceDocument",
		kind:    "compliance_documents",
		get:     func(id string) string { return "ComplianceDocument/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			u := call("POST", "EndUser/", map[string]any{"name": "Doc owner", "end_user_type": "business"})["end_user_id"].(string)
			return call("POST", "ComplianceDocument/", complianceDocFields(u, compliancerules.DocBusinessRegistration))["document_id"].(string)
		},
		unknownID: complianceAppUnknownID,
		bodies: map[string][]bodyCase{
			"POST ComplianceDocument/{id}": {{"", map[string]any{"alias": "renamed"}}},
		},
		wrongType: map[string]any{"alias": 5, "business_name": true},
	},
	{
		segment: "ComplianceDocumentType",
		populate: func(call func(method, path string, body any) map[string]any) string {
			call("GET", "ComplianceDocumentType/", nil)
			return compliancerules.DocIdentity.ID
		},
		unknownID: complianceAppUnknownID,
		catalogue: true,
	},
	{
		segment: "ComplianceRequirement",
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("GET", "ComplianceRequirement/?country_iso2=DE&number_type=local&end_user_type=business", nil)["compliance_requirement_id"].(string)
		},
		unknownID: complianceAppUnknownID,
		catalogue: true,
	},
	{
		segment: "ComplianceApplication",
		kind:    "compliance_applications",
		get:     func(id string) string { return "ComplianceApplication/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return complianceAppVia(call, "Sec GmbH")
		},
		unknownID: complianceAppUnknownID,
		bodies: map[string][]bodyCase{
			"POST ComplianceApplication/{id}/Submit": {{"", map[string]any{}}},
		},
		bodiesAt: func(byArea map[string]string) map[string][]bodyCase {
			req, _ := compliancerules.RequirementFor("DE", "mobile", "individual")
			return map[string][]bodyCase{
				"POST ComplianceDocument": {{"", complianceDocFields(byArea["EndUser"], compliancerules.DocIdentity)}},
				"POST ComplianceApplication": {{"", map[string]any{"compliance_requirement_id": req.ID, "end_user_id": byArea["EndUser"],
					"document_ids": []any{}, "alias": "Ext", "end_user_type": "individual", "country_iso2": "DE", "number_type": "mobile"}}},
				"POST ComplianceApplication/{id}": {{"", map[string]any{"document_ids": []any{}}}},
			}
		},
		wrongType: map[string]any{"document_ids": "x", "compliance_requirement_id": 5},
		goldensAt: func(s *Server, call goldenCall) {
			via := func(method, path string, body any) map[string]any {
				golden := map[string]string{"EndUser/": "end_user_created.json", "ComplianceDocument/": "compliance_document_created.json",
					"ComplianceApplication/": "compliance_application.json"}[path]
				if path == "ComplianceDocument/" && body.(map[string]any)["document_type_id"] != compliancerules.DocBusinessRegistration.ID {
					golden = "compliance_document_created_address.json" // meta_information holds the type's fields
				}
				return call(201, method, path, body, golden)
			}
			call(200, "GET", "ComplianceDocumentType/", nil, "compliance_document_type_list.json")
			call(200, "GET", "ComplianceDocumentType/"+compliancerules.DocAddressProof.ID+"/", nil, "compliance_document_type_get.json")
			call(200, "GET", "ComplianceRequirement/?country_iso2=DE&number_type=local&end_user_type=business", nil, "compliance_requirement_application.json")
			id := complianceAppVia(via, "Acme GmbH")
			app := call(200, "GET", "ComplianceApplication/"+id+"/", nil, "compliance_application.json")
			u := app["end_user_id"].(string)
			doc := app["documents"].([]any)[0].(map[string]any)["document_id"].(string)
			call(200, "GET", "EndUser/"+u+"/", nil, "end_user_get.json")
			call(200, "GET", "EndUser/?limit=20", nil, "end_user_list.json")
			call(200, "POST", "EndUser/"+u+"/", map[string]any{"name": "Acme Handels GmbH"}, "compliance_application_updated.json")
			call(200, "GET", "ComplianceDocument/"+doc+"/", nil, "compliance_document_get.json")
			call(200, "GET", "ComplianceDocument/?limit=20", nil, "compliance_document_list.json")
			// Files on the stored documents (as a multipart create gives them),
			// then submit, the review, and a DE number bought against it.
			s.mu.Lock()
			for _, d := range s.accounts[tdID].complianceApps().Documents {
				d.FileName, d.File = "doc.pdf", []byte("%PDF")
			}
			s.mu.Unlock()
			call(200, "POST", "ComplianceApplication/"+id+"/Submit/", nil, "compliance_application.json")
			s.Clock().Advance(DefaultComplianceReviewDelay)
			call(200, "GET", "ComplianceApplication/?limit=20", nil, "compliance_application_list.json")
			search := call(200, "GET", "PhoneNumber/?country_iso=DE&type=local&limit=1", nil, "phone_number_search.json")
			number := search["objects"].([]any)[0].(map[string]any)["number"].(string)
			call(201, "POST", "PhoneNumber/"+number+"/", map[string]any{"compliance_application_id": id}, "phone_number_bought.json")
			call(200, "POST", "ComplianceApplication/"+id+"/", map[string]any{"document_ids": []string{doc}}, "compliance_application_updated.json")
		},
	},
}

// tdEnv helpers: a multipart document create through the account.
func (e *tdEnv) complianceDocRecord(t *testing.T, method, path string, fields map[string]any, file string) (int, map[string]any) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v.(string))
	}
	if file != "" {
		fw, _ := w.CreateFormFile("file", "scan.pdf")
		_, _ = fw.Write([]byte(file))
	}
	_ = w.Close()
	req, _ := http.NewRequest(method, e.hs.URL+"/v1/Account/"+tdID+"/"+path, &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.SetBasicAuth(tdID, tdToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	e.s.Settle()
	return resp.StatusCode, out
}

// complianceApp makes a DE local application for a business named name with
// multipart documents, the files given by type index (missing: none).
func (e *tdEnv) complianceApp(t *testing.T, name string, files map[int]string) (app, endUser string, docs []string) {
	t.Helper()
	endUser = e.must(201, "POST", "EndUser/", map[string]any{"name": name, "end_user_type": "business"})["end_user_id"].(string)
	req, _ := compliancerules.RequirementFor("DE", "local", "business")
	for i, ty := range req.DocumentTypes {
		fields := complianceDocFields(endUser, ty)
		for k, v := range fields {
			fields[k] = v.(string)
		}
		code, out := e.complianceDocRecord(t, "POST", "ComplianceDocument/", fields, files[i])
		if code != 201 {
			t.Fatalf("document: %d %v", code, out)
		}
		docs = append(docs, out["document_id"].(string))
	}
	app = e.must(201, "POST", "ComplianceApplication/", map[string]any{"compliance_requirement_id": req.ID, "end_user_id": endUser,
		"document_ids": docs, "alias": name, "end_user_type": "business", "country_iso2": "DE", "number_type": "local"},
	)["compliance_application_id"].(string)
	return app, endUser, docs
}

func TestComplianceApps_submitReviewAndNumbers(t *testing.T) {
	e := newTDEnv(t)
	app, _, docs := e.complianceApp(t, "Acme GmbH", map[int]string{0: "registration", 1: "bill"})
	if st := e.must(200, "GET", "ComplianceApplication/"+app+"/", nil)["status"]; st != "draft" {
		t.Fatalf("status after create %v", st)
	}
	got := e.must(200, "POST", "ComplianceApplication/"+app+"/Submit/", nil)
	if got["status"] != "submitted" {
		t.Fatalf("submit: %v", got)
	}
	e.mustFail(400, "POST", "ComplianceApplication/"+app+"/", map[string]any{"document_ids": docs}, "is submitted and under review")
	// A DE number is refused without an application, and while it is only
	// submitted.
	search := e.must(200, "GET", "PhoneNumber/?country_iso=DE&type=local&limit=2", nil)["objects"].([]any)
	n1, n2 := search[0].(map[string]any)["number"].(string), search[1].(map[string]any)["number"].(string)
	e.mustFail(400, "POST", "PhoneNumber/"+n1+"/", map[string]any{}, "needs an accepted compliance application of DE local numbers")
	e.mustFail(400, "POST", "PhoneNumber/"+n1+"/", map[string]any{"compliance_application_id": app}, "is submitted")
	e.advance(DefaultComplianceReviewDelay)
	if got := e.must(200, "GET", "ComplianceApplication/"+app+"/", nil); got["status"] != "accepted" || got["rejection_reason"] != "" {
		t.Fatalf("after review: %v", got)
	}
	bought := e.must(201, "POST", "PhoneNumber/"+n1+"/", map[string]any{"compliance_application_id": app})
	if bought["numbers"].([]any)[0].(map[string]any)["status"] != NumberPending {
		t.Fatalf("buy: %v", bought)
	}
	// An FR number is not covered by a DE application.
	fr := e.must(200, "GET", "PhoneNumber/?country_iso=FR&type=local&limit=1", nil)["objects"].([]any)[0].(map[string]any)["number"].(string)
	e.mustFail(400, "POST", "PhoneNumber/"+fr+"/", map[string]any{"compliance_application_id": app}, "covers DE local numbers")
	_ = n2
}

func TestComplianceApps_rejections(t *testing.T) {
	e := newTDEnv(t)
	named, _, _ := e.complianceApp(t, "Acme REJECT", map[int]string{0: "a", 1: "b"})
	unproved, _, docs := e.complianceApp(t, "Acme Unproved", map[int]string{0: "a"})
	e.must(200, "POST", "ComplianceApplication/"+named+"/Submit/", nil)
	e.must(200, "POST", "ComplianceApplication/"+unproved+"/Submit/", nil)
	e.advance(DefaultComplianceReviewDelay)
	if got := e.must(200, "GET", "ComplianceApplication/"+named+"/", nil); got["status"] != "rejected" ||
		got["rejection_reason"] != compliancerules.RejectionReason {
		t.Fatalf("REJECT: %v", got)
	}
	if got := e.must(200, "GET", "ComplianceApplication/"+unproved+"/", nil); got["status"] != "rejected" ||
		!strings.Contains(got["rejection_reason"].(string), "No file was uploaded for Proof of address") {
		t.Fatalf("unproved: %v", got)
	}
	// The file uploaded by the document's update, the application updated
	// (a draft again) and submitted: accepted.
	if code, out := e.complianceDocRecord(t, "POST", "ComplianceDocument/"+docs[1]+"/", map[string]any{}, "the bill"); code != 200 {
		t.Fatalf("document update: %d %v", code, out)
	}
	e.must(200, "POST", "ComplianceApplication/"+unproved+"/", map[string]any{"document_ids": docs})
	if st := e.must(200, "GET", "ComplianceApplication/"+unproved+"/", nil)["status"]; st != "draft" {
		t.Fatalf("after the update %v", st)
	}
	e.must(200, "POST", "ComplianceApplication/"+unproved+"/Submit/", nil)
	e.advance(DefaultComplianceReviewDelay)
	if got := e.must(200, "GET", "ComplianceApplication/"+unproved+"/", nil); got["status"] != "accepted" {
		t.Fatalf("resubmitted: %v", got)
	}
}

func TestComplianceApps_refusals(t *testing.T) {
	e := newTDEnv(t)
	app, endUser, docs := e.complianceApp(t, "Acme", nil)
	req, _ := compliancerules.RequirementFor("DE", "local", "business")
	body := map[string]any{"compliance_requirement_id": req.ID, "end_user_id": endUser, "document_ids": docs[:1], "alias": "x",
		"end_user_type": "business", "country_iso2": "IN", "number_type": "local"}
	e.mustFail(400, "POST", "ComplianceApplication/", body, "IN is covered by the one-call API")
	body["country_iso2"] = "FR"
	e.mustFail(400, "POST", "ComplianceApplication/", body, "is the requirement of DE local numbers")
	body["country_iso2"] = "DE"
	e.must(200, "POST", "ComplianceApplication/"+app+"/", map[string]any{"document_ids": docs[:1]})
	e.mustFail(400, "POST", "ComplianceApplication/"+app+"/Submit/", nil, "is not complete", "document_ids must include a Proof of address")
	e.mustFail(400, "POST", "ComplianceDocument/", map[string]any{"end_user_id": endUser, "document_type_id": compliancerules.DocIdentity.ID,
		"alias": "id", "first_name": "A"}, "data_fields must hold \"last_name\"")
	e.mustFail(400, "POST", "EndUser/", map[string]any{"name": "A", "end_user_type": "robot"}, "end_user_type \"robot\" is not one of")
}

// TestOlderCompliance_submitIgnoresItsBody: Submit takes no fields, so
// whatever body comes with it is ignored, as the service ignores it: the
// Node library's complianceApplications.submit sends the JSON string "".
// A body over the limit is still a 413.
func TestOlderCompliance_submitIgnoresItsBody(t *testing.T) {
	e := newTDEnv(t)
	for i, body := range []string{`""`, `not JSON`, `[1, 2]`, `{"alias": 5} {}`, `{"document_ids": "x"}`, ``} {
		app, _, _ := e.complianceApp(t, fmt.Sprintf("Acme %d GmbH", i), map[int]string{0: "registration", 1: "bill"})
		req, _ := http.NewRequest("POST", e.hs.URL+"/v1/Account/"+tdID+"/ComplianceApplication/"+app+"/Submit/", strings.NewReader(body))
		req.SetBasicAuth(tdID, tdToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != 200 || out["status"] != "submitted" {
			t.Errorf("submit with body %q: %d %v, want 200 and submitted", body, resp.StatusCode, out)
		}
	}
	app, _, _ := e.complianceApp(t, "Acme big GmbH", map[int]string{0: "registration", 1: "bill"})
	big := `"` + strings.Repeat("x", DefaultBodyLimit) + `"`
	req, _ := http.NewRequest("POST", e.hs.URL+"/v1/Account/"+tdID+"/ComplianceApplication/"+app+"/Submit/", strings.NewReader(big))
	req.SetBasicAuth(tdID, tdToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("submit with an oversized body: %d, want 413", resp.StatusCode)
	}
	if st := e.must(200, "GET", "ComplianceApplication/"+app+"/", nil)["status"]; st != "draft" {
		t.Errorf("an oversized submit changed the application: %v", st)
	}
}
