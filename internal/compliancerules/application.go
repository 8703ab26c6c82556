package compliancerules

import (
	"fmt"
	"strings"
)

// The compliance application family (EndUser, ComplianceDocument, ComplianceApplication)
// serves the regulated countries the one-call API does not cover.

// ComplianceAppCountries are the regulated countries served by the compliance application family.
func ComplianceAppCountries() []string {
	var out []string
	for _, c := range RegulatedCountries {
		if !OneCall(c) {
			out = append(out, c)
		}
	}
	return out
}

// CheckComplianceAppCountry refuses a country the one-call API covers (its
// applications go there) and a malformed code.
func CheckComplianceAppCountry(field, v string) error {
	return CheckComplianceAppCountryIn(APIWords, field, v)
}

// CheckComplianceAppCountryIn is CheckComplianceAppCountry naming the families in w.
func CheckComplianceAppCountryIn(w Words, field, v string) error {
	if err := CheckCountry(field, v); err != nil {
		return err
	}
	if OneCall(v) {
		return fmt.Errorf("%s %q: %s; %s the other countries (%s)",
			field, v, FamilyAdviceIn(w, v), w.ThreePartServes, strings.Join(ComplianceAppCountries(), ", "))
	}
	return nil
}

// Scope is the scope of a document type in a requirement: what it proves.
func Scope(t DocumentType) string {
	switch t.ID {
	case DocAddressProof.ID:
		return "address"
	case DocUseCase.ID:
		return "use_case"
	}
	return "identity"
}

// CheckApplicationDocuments checks the document types of a compliance application family
// application against its requirement: one document of each required
// type and none of another. typeIDs are the documents' type ids in order.
func CheckApplicationDocuments(r Requirement, typeIDs []string) error {
	docs := make([]Document, len(typeIDs))
	for i, id := range typeIDs {
		docs[i] = Document{TypeID: id, HasFile: true}
		if t, ok := DocumentTypeByID(id); ok {
			// Data fields were checked when the document was made.
			docs[i].Fields = map[string]string{}
			for _, f := range t.Fields {
				docs[i].Fields[f.Name] = strings.Repeat("x", max(f.MinLength, 1))
			}
		}
	}
	var msgs []string
	for _, e := range CheckDocuments(r, docs) {
		if last := e.Path[len(e.Path)-1].Name; last == "documents" || last == "document_type_id" {
			msgs = append(msgs, strings.Replace(e.Error(), "documents", "document_ids", 1))
		}
	}
	if len(msgs) > 0 {
		return fmt.Errorf("%s", strings.Join(msgs, "; "))
	}
	return nil
}
