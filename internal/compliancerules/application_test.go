package compliancerules

import (
	"strings"
	"testing"
)

func TestComplianceAppCountries(t *testing.T) {
	if got := strings.Join(ComplianceAppCountries(), ","); got != "AU,DE,FR" {
		t.Fatalf("ComplianceAppCountries %s", got)
	}
	if err := CheckComplianceAppCountry("country_iso2", "DE"); err != nil {
		t.Fatal(err)
	}
	if err := CheckComplianceAppCountry("country_iso2", "IN"); err == nil || !strings.Contains(err.Error(), "cpaas_phone_number_compliance") {
		t.Fatalf("IN: %v", err)
	}
	if err := CheckComplianceAppCountry("country_iso2", "de"); err == nil {
		t.Fatal("lower case accepted")
	}
}

func TestCheckApplicationDocuments(t *testing.T) {
	r, _ := RequirementFor("DE", NumberLocal, UserBusiness)
	if err := CheckApplicationDocuments(r, []string{DocBusinessRegistration.ID, DocAddressProof.ID}); err != nil {
		t.Fatal(err)
	}
	err := CheckApplicationDocuments(r, []string{DocBusinessRegistration.ID})
	if err == nil || !strings.Contains(err.Error(), "document_ids must include a Proof of address") {
		t.Fatalf("missing: %v", err)
	}
	err = CheckApplicationDocuments(r, []string{DocBusinessRegistration.ID, DocAddressProof.ID, DocIdentity.ID})
	if err == nil || !strings.Contains(err.Error(), "is not a document type the requirement") {
		t.Fatalf("extra: %v", err)
	}
}
