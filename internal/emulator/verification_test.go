package emulator

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
)

// verificationAddressBody is a valid address create of last name last.
func verificationAddressBody(alias, last string) map[string]any {
	return map[string]any{"country_iso": "FR", "salutation": "Ms", "first_name": "Camille", "last_name": last,
		"address_line1": "12", "address_line2": "Rue de l'Exemple", "city": "Lyon", "region": "Rhône", "postal_code": "69002",
		"address_proof_type": "passport", "phone_number_country": "FR", "number_type": "local", "alias": alias}
}

// verificationIdentityBody is a valid identity create of last name last.
func verificationIdentityBody(alias, last string) map[string]any {
	return map[string]any{"country_iso": "FR", "salutation": "Ms", "first_name": "Camille", "last_name": last,
		"birth_place": "Lyon", "birth_date": "1984-02-29", "nationality": "FR", "id_nationality": "FR", "id_issue_date": "2020-01-15",
		"id_type": "passport", "id_number": "19AB12345", "address_line1": "12", "address_line2": "Rue de l'Exemple", "city": "Lyon",
		"region": "Rhône", "postal_code": "69002", "alias": alias}
}

// verificationVia creates through call and returns the new object's id,
// found by its alias: the create's reply names none.
func verificationVia(call func(method, path string, body any) map[string]any, segment string, body map[string]any) string {
	call("POST", "Verification/"+segment+"/", body)
	objs := call("GET", "Verification/"+segment+"/?alias="+body["alias"].(string), nil)["objects"].([]any)
	return objs[len(objs)-1].(map[string]any)["id"].(string)
}

var verificationTestAreas = []testArea{
	{
		segment: "Address",
		kind:    "verification_addresses",
		get:     func(id string) string { return "Verification/Address/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return verificationVia(call, "Address", verificationAddressBody("sec-address", "Durand"))
		},
		unknownID: "10000000000001",
		bodies: map[string][]bodyCase{
			"POST Verification/Address":      {{"", verificationAddressBody("ext", "Durand")}},
			"POST Verification/Address/{id}": {{"", map[string]any{"city": "Paris", "auto_correct_address": true}}},
		},
		wrongType: map[string]any{"city": 5, "alias": []any{}},
		goldensAt: func(s *Server, call goldenCall) {
			call(200, "POST", "Verification/Address/", verificationAddressBody("golden", "Durand"), "verification_created.json")
			list := call(200, "GET", "Verification/Address/?limit=1", nil, "verification_address_list.json")
			id := list["objects"].([]any)[0].(map[string]any)["id"].(string)
			s.Clock().Advance(DefaultComplianceReviewDelay)
			call(200, "GET", "Verification/Address/"+id+"/", nil, "verification_address_get.json")
			call(200, "POST", "Verification/Address/"+id+"/", map[string]any{"city": "Paris"}, "verification_updated.json")
		},
	},
	{
		segment: "Identity",
		kind:    "verification_identities",
		get:     func(id string) string { return "Verification/Identity/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return verificationVia(call, "Identity", verificationIdentityBody("sec-identity", "Durand"))
		},
		unknownID: "10000000000001",
		bodies: map[string][]bodyCase{
			"POST Verification/Identity":      {{"", verificationIdentityBody("ext", "Durand")}},
			"POST Verification/Identity/{id}": {{"", map[string]any{"id_number": "20CD67890"}}},
		},
		wrongType: map[string]any{"id_number": 5, "birth_date": true},
		goldensAt: func(s *Server, call goldenCall) {
			body := verificationIdentityBody("", "Durand")
			delete(body, "alias") // the recorded identity has alias null
			call(200, "POST", "Verification/Identity/", body, "verification_created.json")
			list := call(200, "GET", "Verification/Identity/?limit=1", nil, "verification_identity_list.json")
			id := list["objects"].([]any)[0].(map[string]any)["id"].(string)
			call(200, "GET", "Verification/Identity/"+id+"/", nil, "verification_identity_get.json")
			call(200, "POST", "Verification/Identity/"+id+"/", map[string]any{"id_number": "20CD67890"}, "verification_updated.json")
		},
	},
}

func TestVerification_repliesReviewAndRules(t *testing.T) {
	e := newTDEnv(t)
	created := e.must(200, "POST", "Verification/Address/", verificationAddressBody("office", "Durand"))
	if created["message"] != "Your request has been accepted." || created["id"] != nil {
		t.Fatalf("create reply: %v", created)
	}
	e.must(200, "POST", "Verification/Address/", verificationAddressBody("rejected", "REJECT-Martin"))
	list := e.must(200, "GET", "Verification/Address/?alias=office", nil)["objects"].([]any)
	if len(list) != 1 {
		t.Fatalf("alias filter: %v", list)
	}
	a := list[0].(map[string]any)
	id := a["id"].(string)
	if !regexp.MustCompile(`^\d{14}$`).MatchString(id) || a["subaccount"] != nil || a["verification_status"] != "pending" ||
		!strings.HasPrefix(a["url"].(string), "http://") || !strings.HasSuffix(a["url"].(string), "/v1/Account/"+tdID+"/Verification/Address/"+id+"/") {
		t.Fatalf("record: %v", a)
	}
	e.s.Clock().Advance(DefaultComplianceReviewDelay)
	e.s.Settle()
	if got := e.must(200, "GET", "Verification/Address/"+id+"/", nil); got["verification_status"] != "accepted" || got["validation_status"] != "accepted" {
		t.Fatalf("after the review: %v", got)
	}
	if got := e.must(200, "GET", "Verification/Address/?verification_status=rejected", nil)["objects"].([]any); len(got) != 1 {
		t.Fatalf("rejected: %v", got)
	}
	// An update resubmits: pending until the next review.
	if got := e.must(200, "POST", "Verification/Address/"+id+"/", map[string]any{"city": "Paris"}); got["status"] != "success" {
		t.Fatalf("update reply: %v", got)
	}
	if got := e.must(200, "GET", "Verification/Address/"+id+"/", nil); got["verification_status"] != "pending" || got["city"] != "Paris" {
		t.Fatalf("after the update: %v", got)
	}
	// Rules: required fields, enumerations, the ES field, lengths in characters.
	body := verificationAddressBody("x", "Durand")
	delete(body, "postal_code")
	e.mustFail(400, "POST", "Verification/Address/", body, "postal_code must be present")
	body = verificationAddressBody("x", "Durand")
	body["salutation"] = "Dr"
	e.mustFail(400, "POST", "Verification/Address/", body, "salutation")
	body = verificationAddressBody("x", "Durand")
	body["country_iso"] = "ES"
	e.mustFail(400, "POST", "Verification/Address/", body, "fiscal_identification_code is required for an address in ES")
	body = verificationAddressBody("x", "Durand")
	body["city"] = strings.Repeat("é", compliancerules.MaxVerificationText)
	e.must(200, "POST", "Verification/Address/", body)
	body["city"] = strings.Repeat("é", compliancerules.MaxVerificationText+1)
	e.mustFail(400, "POST", "Verification/Address/", body, "city must be 1 to 100 characters long, got 101")
	ib := verificationIdentityBody("x", "Durand")
	ib["birth_date"] = "29/02/1984"
	e.mustFail(400, "POST", "Verification/Identity/", ib, "birth_date must be a date as yyyy-mm-dd")
	e.mustFail(400, "GET", "Verification/Identity/?verification_status=done", nil, "verification_status")
	e.must(204, "DELETE", "Verification/Address/"+id+"/", nil)
	e.mustFail(404, "GET", "Verification/Address/"+id+"/", nil)
}
