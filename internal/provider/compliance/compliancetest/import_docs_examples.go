package compliancetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// complianceAppDocsExample makes the objects of the compliance application family's docs
// examples through the client: the end user and its registration document
// (the document's example), and with app its proof of address and the
// submitted application (the application's example).
func complianceAppDocsExample(t *testing.T, c *client.Client, app bool) ([][2]string, config.Variables) {
	ctx := context.Background()
	dir := t.TempDir()
	reg, bill := filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
	for p, content := range map[string]string{reg: "%PDF register extract", bill: "%PDF bill"} {
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	u, err := c.CreateEndUser(ctx, client.EndUserData{Name: "Acme Handels GmbH", EndUserType: "business"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01",
		Alias: "Acme commercial register extract", DataFields: map[string]string{"business_name": "Acme Handels GmbH"},
		File: &client.ComplianceFile{Name: "registration.pdf", Content: []byte("%PDF register extract")}})
	if err != nil {
		t.Fatal(err)
	}
	ids := [][2]string{{"cpaas_end_user.acme", u.EndUserID}, {"cpaas_compliance_document.registration", r.DocumentID}}
	vars := config.Variables{"registration_file": config.StringVariable(reg)}
	if !app {
		return ids, vars
	}
	b, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02",
		Alias: "Acme electricity bill", DataFields: map[string]string{"address_line_1": "Friedrichstrasse 12", "city": "Berlin", "postal_code": "10117"},
		File: &client.ComplianceFile{Name: "bill.pdf", Content: []byte("%PDF bill")}})
	if err != nil {
		t.Fatal(err)
	}
	req, err := c.FindComplianceRequirement(ctx, "DE", "local", "business")
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.CreateComplianceApplication(ctx, client.ApplicationData{ComplianceRequirementID: req.ComplianceRequirementID, EndUserID: u.EndUserID,
		DocumentIDs: []string{r.DocumentID, b.DocumentID}, Alias: "Acme Germany local", EndUserType: "business", CountryISO2: "DE", NumberType: "local"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SubmitComplianceApplication(ctx, a.ComplianceApplicationID); err != nil {
		t.Fatal(err)
	}
	vars["address_proof_file"] = config.StringVariable(bill)
	return append(ids, [2]string{"cpaas_compliance_document.address", b.DocumentID},
		[2]string{"cpaas_compliance_application.germany_local", a.ComplianceApplicationID}), vars
}
