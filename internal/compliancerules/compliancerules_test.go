package compliancerules

import (
	"strings"
	"testing"
)

func TestRequirementFor(t *testing.T) {
	r, ok := RequirementFor("IN", NumberLocal, UserBusiness)
	if !ok || len(r.DocumentTypes) != 2 || r.DocumentTypes[0].ID != DocBusinessRegistration.ID || r.DocumentTypes[1].ID != DocAddressProof.ID {
		t.Fatalf("IN local business: %+v", r)
	}
	if r2, _ := RequirementFor("in", NumberLocal, UserBusiness); r2.ID != r.ID {
		t.Errorf("the id depends on the country's case")
	}
	if r, _ := RequirementFor("US", NumberLocal, UserIndividual); len(r.DocumentTypes) != 0 {
		t.Errorf("US needs nothing, got %+v", r.DocumentTypes)
	}
	if _, ok := RequirementFor("IN", "landline", UserBusiness); ok {
		t.Errorf("an unknown number type has a requirement")
	}
	if got, ok := RequirementByID(r.ID); !ok || got.Country != "IN" || got.NumberType != NumberLocal {
		t.Errorf("RequirementByID: %+v %v", got, ok)
	}
}

func TestCheckDocuments(t *testing.T) {
	r, _ := RequirementFor("IN", NumberTollfree, UserIndividual)
	good := []Document{
		{TypeID: DocIdentity.ID, Fields: map[string]string{"first_name": "Åsa", "last_name": "Ng", "date_of_birth": "1990-02-28", "unique_identification_number": "A1234"}, HasFile: true},
		{TypeID: DocUseCase.ID, Fields: map[string]string{"use_case_description": "Support calls about orders."}},
	}
	if errs := CheckDocuments(r, good); len(errs) != 0 {
		t.Fatalf("valid documents: %v", errs)
	}
	bad := []Document{
		{TypeID: DocIdentity.ID, Fields: map[string]string{"first_name": strings.Repeat("é", 51), "last_name": "Ng", "date_of_birth": "28/02/1990", "nickname": "x"}},
		{TypeID: DocIdentity.ID},
	}
	var msgs []string
	for _, e := range CheckDocuments(r, bad) {
		msgs = append(msgs, e.Path.String()+": "+e.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`documents[0].data_fields: documents[0].data_fields["first_name"] must be 1 to 50 characters long, got 51`,
		`documents[0].data_fields: documents[0].data_fields["date_of_birth"] must be a date yyyy-mm-dd`,
		`documents[0].data_fields: documents[0].data_fields must hold "unique_identification_number"`,
		`documents[0].data_fields: documents[0].data_fields has "nickname", which the Government-issued identity document document type does not have`,
		`documents[0].file: documents[0].file is required`,
		`documents[1].document_type_id: documents[1].document_type_id "` + DocIdentity.ID + `" (Government-issued identity document) is given twice`,
		`documents: documents must include a Use case declaration`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	// No error quotes personal data.
	if strings.Contains(all, "28/02/1990") || strings.Contains(all, "ééé") {
		t.Errorf("an error quotes a value:\n%s", all)
	}
}

func TestDecide(t *testing.T) {
	if st, why := Decide("Acme", nil); st != StatusAccepted || why != "" {
		t.Errorf("Acme: %s %q", st, why)
	}
	if st, why := Decide("Acme REJECT", nil); st != StatusRejected || why != RejectionReason {
		t.Errorf("REJECT: %s %q", st, why)
	}
	unproved := Unproved([]Document{{TypeID: DocAddressProof.ID}, {TypeID: DocUseCase.ID}})
	if st, why := Decide("Acme", unproved); st != StatusRejected || !strings.Contains(why, "No file was uploaded for Proof of address:") {
		t.Errorf("unproved: %s %q", st, why)
	}
}

func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{CheckOneCallCountry("country_iso", "DE"), "DE is not covered by the one-call API"},
		{CheckOneCallCountry("country_iso", "in"), "upper case"},
		{CheckOneCallCountry("country_iso", "IN"), ""},
		{CheckAlias("alias", strings.Repeat("ü", MaxAlias)), ""},
		{CheckAlias("alias", strings.Repeat("ü", MaxAlias+1)), "1 to 100 characters long, got 101"},
		{CheckEmail("end_user.email", "not an address"), "plain email address"},
		{CheckUserType("end_user.type", "company"), `"company" is not one of individual, business`},
	} {
		got := ""
		if tc.err != nil {
			got = tc.err.Error()
		}
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	if NumberTypeOf("toll-free", "toll-free") != NumberTollfree || NumberTypeOf("mobile", "mobile") != NumberMobile || NumberTypeOf("fixed", "national") != NumberLocal {
		t.Errorf("NumberTypeOf")
	}
}
