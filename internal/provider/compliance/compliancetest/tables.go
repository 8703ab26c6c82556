package compliancetest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the compliance tests to the test tables.
func Tables(r *provtest.Tables) {
	// One configuration makes the three resource types: the end users and
	// documents parts count nothing of their own.
	r.ChaosPart("cpaas_compliance_application", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, RelComplianceAppHCL), Want: map[string]int{"end_users": 2, "compliance_documents": 4, "compliance_applications": 2}}
	})

	r.ChaosPart("cpaas_end_user", func() provtest.ChaosPart { return provtest.ChaosPart{} })

	r.ChaosPart("cpaas_compliance_document", func() provtest.ChaosPart { return provtest.ChaosPart{} })

	r.ListingRefresh("complianceApplications", provtest.ListingRefresh{
		Typ: "cpaas_compliance_application", Route: regexp.MustCompile(`^ComplianceApplication/`), Hide: 2, Pages: 1,
		Kinds: []string{"end_users", "compliance_documents", "compliance_applications"}, Opts: ComplianceReviewFast,
		ConfigAt: func(t *testing.T) string {
			reg, bill := ComplianceFiles(t, "r", "b")
			hcl := strings.Replace(ComplianceAppHCL("Acme", reg, bill, ""), `"cpaas_compliance_application" "test" {`, `"cpaas_compliance_application" "test" {
  count = 15`, 1)
			return strings.Replace(hcl, `alias         = "`+DeAlias+`"`, `alias         = "listed ${count.index}"`, 1)
		},
	})

	r.ListingRefresh("complianceDocuments", provtest.ListingRefresh{
		Typ: "cpaas_compliance_document", Route: regexp.MustCompile(`^ComplianceDocument/`), Hide: 2, Pages: 1,
		Kinds: []string{"end_users", "compliance_documents", "compliance_applications"}, Opts: ComplianceReviewFast,
		ConfigAt: func(t *testing.T) string {
			reg, _ := ComplianceFiles(t, "r", "b")
			return fmt.Sprintf(`
resource "cpaas_end_user" "test" {
  name          = "Acme"
  end_user_type = "business"
}

resource "cpaas_compliance_document" "many" {
  count            = 15
  end_user_id      = cpaas_end_user.test.id
  document_type_id = %q
  alias            = "listed ${count.index}"
  data_fields      = { business_name = "Acme Handels GmbH" }
  file             = %q
}
`, compliancerules.DocBusinessRegistration.ID, reg)
		},
	})

	r.ListingRefresh("endUsers", provtest.ListingRefresh{
		Typ: "cpaas_end_user", Route: regexp.MustCompile(`^EndUser/`), Hide: 2, Pages: 1,
		Kinds: []string{"end_users", "compliance_documents", "compliance_applications"}, Opts: ComplianceReviewFast,
		Config: `
resource "cpaas_end_user" "many" {
  count         = 15
  name          = "Listed ${count.index}"
  end_user_type = "business"
}
`,
	})

	// The objects of the docs example of cpaas_end_user, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_end_user", provtest.Identity("end_user_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			u, err := c.CreateEndUser(provtest.DocsCtx, client.EndUserData{Name: "Acme Handels GmbH", EndUserType: "business"})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_end_user.acme", u.EndUserID}}, nil
		}},
	)

	// The objects of the docs example of cpaas_compliance_document, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_compliance_document", provtest.Identity("document_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			ids, vars := complianceAppDocsExample(t, c, false)
			return ids, vars
		}},
	)

	// The objects of the docs example of cpaas_compliance_application, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_compliance_application", provtest.Identity("compliance_application_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return complianceAppDocsExample(t, c, true)
		}},
	)

	// The 15 applications of complianceApplications wait for the reviewer
	// (400 ms) on the listing, in shared rounds: no GET (the submit replies
	// with the application).
	r.ListingWait("complianceApplications", provtest.ListingWait{
		Refresh: "complianceApplications", Watches: "ComplianceApplicationListing", Delay: func(o *emulator.Options) { o.ComplianceReviewDelay = 400 * time.Millisecond }, N: 15,
		List: regexp.MustCompile(`^ComplianceApplication/$`), Get: regexp.MustCompile(`^ComplianceApplication/[^/]+/$`),
		Lists: 15, // alone: 4 GETs each (60); shared: at most one list call an object
	})

	r.ChaosPart("cpaas_phone_number_compliance", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, RelComplianceHCL), Want: map[string]int{"phone_number_compliances": 2}}
	})

	// Compliance applications: a listing missing two of 15 costs its page, the
	// two GETs and the one read of their requirement, and the plan stays empty.
	r.ListingRefresh("phoneNumberCompliances", provtest.ListingRefresh{
		Typ: "cpaas_phone_number_compliance", Route: regexp.MustCompile(`^PhoneNumber/Compliance/`), Hide: 2, Pages: 2,
		Opts:  []func(*emulator.Options){func(o *emulator.Options) { o.ComplianceReviewDelay = 100 * time.Millisecond }},
		Kinds: []string{"phone_number_compliances"},
		ConfigAt: func(t *testing.T) string {
			reg, bill := ComplianceFiles(t, "r", "b")
			hcl := strings.Replace(ComplianceHCL("Acme", reg, bill, ""), `"cpaas_phone_number_compliance" "test"`, `"cpaas_phone_number_compliance" "many"`, 1)
			return strings.Replace(hcl, `alias       = "Acme India local"`, "count       = 15\n  alias       = \"listed ${count.index}\"", 1)
		},
	})

	// The objects of the docs example of cpaas_phone_number_compliance, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_phone_number_compliance", provtest.Identity("compliance_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			reg, bill, files := DocsComplianceFiles(t)
			id, err := c.CreateCompliance(provtest.DocsCtx, client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: "Acme India local",
				EndUser: &client.ComplianceEndUser{Type: "business", Name: "Acme Trading", Email: "compliance@acme.example",
					AddressLine1: "12 Marine Drive", City: "Mumbai", PostalCode: "400002", Country: "IN"},
				Documents: []client.ComplianceDocumentData{
					{DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01", DataFields: map[string]string{"business_name": "Acme Trading Private Limited"}},
					{DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02", DataFields: map[string]string{"address_line_1": "12 Marine Drive", "city": "Mumbai", "postal_code": "400002"}},
				},
				CallbackURL: "https://hooks.example.com/compliance", CallbackMethod: "POST"}, files)
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_phone_number_compliance.india_local", id}},
				config.Variables{"registration_file": config.StringVariable(reg), "address_proof_file": config.StringVariable(bill)}
		}},
	)

	// The 15 applications of phoneNumberCompliances wait for the reviewer
	// (400 ms) on the expanded listing, in shared rounds: one GET each, the
	// read after the thin create reply.
	r.ListingWait("phoneNumberCompliances", provtest.ListingWait{
		Refresh: "phoneNumberCompliances", Watches: "ComplianceListing", Delay: func(o *emulator.Options) { o.ComplianceReviewDelay = 400 * time.Millisecond }, N: 15,
		List: regexp.MustCompile(`^PhoneNumber/Compliance/$`), Get: regexp.MustCompile(`^PhoneNumber/Compliance/[0-9a-f-]{36}/$`),
		Gets: 1, Lists: 15, // alone: 4 GETs each (60); shared: at most one list call an object
	})
}
