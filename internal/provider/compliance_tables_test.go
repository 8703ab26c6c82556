package provider_test

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
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// complianceTables adds the entries of the compliance tests to the test tables.
func complianceTables(r *testTables) {
	// One configuration makes the three resource types: the end users and
	// documents parts count nothing of their own.
	r.chaosPart("cpaas_compliance_application", func() chaosPart {
		return chaosPart{hcl: repeatHCL(2, relComplianceAppHCL), want: map[string]int{"end_users": 2, "compliance_documents": 4, "compliance_applications": 2}}
	})

	r.chaosPart("cpaas_end_user", func() chaosPart { return chaosPart{} })

	r.chaosPart("cpaas_compliance_document", func() chaosPart { return chaosPart{} })

	r.listingRefresh("complianceApplications", listingRefresh{
		typ: "cpaas_compliance_application", route: regexp.MustCompile(`^ComplianceApplication/`), hide: 2, pages: 1,
		kinds: []string{"end_users", "compliance_documents", "compliance_applications"}, opts: complianceReviewFast,
		configAt: func(t *testing.T) string {
			reg, bill := complianceFiles(t, "r", "b")
			hcl := strings.Replace(complianceAppHCL("Acme", reg, bill, ""), `"cpaas_compliance_application" "test" {`, `"cpaas_compliance_application" "test" {
  count = 15`, 1)
			return strings.Replace(hcl, `alias         = "`+deAlias+`"`, `alias         = "listed ${count.index}"`, 1)
		},
	})

	r.listingRefresh("complianceDocuments", listingRefresh{
		typ: "cpaas_compliance_document", route: regexp.MustCompile(`^ComplianceDocument/`), hide: 2, pages: 1,
		kinds: []string{"end_users", "compliance_documents", "compliance_applications"}, opts: complianceReviewFast,
		configAt: func(t *testing.T) string {
			reg, _ := complianceFiles(t, "r", "b")
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

	r.listingRefresh("endUsers", listingRefresh{
		typ: "cpaas_end_user", route: regexp.MustCompile(`^EndUser/`), hide: 2, pages: 1,
		kinds: []string{"end_users", "compliance_documents", "compliance_applications"}, opts: complianceReviewFast,
		config: `
resource "cpaas_end_user" "many" {
  count         = 15
  name          = "Listed ${count.index}"
  end_user_type = "business"
}
`,
	})

	// The objects of the docs example of cpaas_end_user, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_end_user", identity("end_user_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			u, err := c.CreateEndUser(docsCtx, client.EndUserData{Name: "Acme Handels GmbH", EndUserType: "business"})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_end_user.acme", u.EndUserID}}, nil
		}},
	)

	// The objects of the docs example of cpaas_compliance_document, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_compliance_document", identity("document_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			ids, vars := complianceAppDocsExample(t, c, false)
			return ids, vars
		}},
	)

	// The objects of the docs example of cpaas_compliance_application, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_compliance_application", identity("compliance_application_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return complianceAppDocsExample(t, c, true)
		}},
	)

	// The 15 applications of complianceApplications wait for the reviewer
	// (400 ms) on the listing, in shared rounds: no GET (the submit replies
	// with the application).
	r.listingWait("complianceApplications", listingWait{
		refresh: "complianceApplications", watches: "ComplianceApplicationListing", delay: func(o *emulator.Options) { o.ComplianceReviewDelay = 400 * time.Millisecond }, n: 15,
		list: regexp.MustCompile(`^ComplianceApplication/$`), get: regexp.MustCompile(`^ComplianceApplication/[^/]+/$`),
		lists: 15, // alone: 4 GETs each (60); shared: at most one list call an object
	})

	r.chaosPart("cpaas_phone_number_compliance", func() chaosPart {
		return chaosPart{hcl: repeatHCL(2, relComplianceHCL), want: map[string]int{"phone_number_compliances": 2}}
	})

	// Compliance applications: a listing missing two of 15 costs its page, the
	// two GETs and the one read of their requirement, and the plan stays empty.
	r.listingRefresh("phoneNumberCompliances", listingRefresh{
		typ: "cpaas_phone_number_compliance", route: regexp.MustCompile(`^PhoneNumber/Compliance/`), hide: 2, pages: 2,
		opts:  []func(*emulator.Options){func(o *emulator.Options) { o.ComplianceReviewDelay = 100 * time.Millisecond }},
		kinds: []string{"phone_number_compliances"},
		configAt: func(t *testing.T) string {
			reg, bill := complianceFiles(t, "r", "b")
			hcl := strings.Replace(complianceHCL("Acme", reg, bill, ""), `"cpaas_phone_number_compliance" "test"`, `"cpaas_phone_number_compliance" "many"`, 1)
			return strings.Replace(hcl, `alias       = "Acme India local"`, "count       = 15\n  alias       = \"listed ${count.index}\"", 1)
		},
	})

	// The objects of the docs example of cpaas_phone_number_compliance, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_phone_number_compliance", identity("compliance_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			reg, bill, files := docsComplianceFiles(t)
			id, err := c.CreateCompliance(docsCtx, client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: "Acme India local",
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
	r.listingWait("phoneNumberCompliances", listingWait{
		refresh: "phoneNumberCompliances", watches: "ComplianceListing", delay: func(o *emulator.Options) { o.ComplianceReviewDelay = 400 * time.Millisecond }, n: 15,
		list: regexp.MustCompile(`^PhoneNumber/Compliance/$`), get: regexp.MustCompile(`^PhoneNumber/Compliance/[0-9a-f-]{36}/$`),
		gets: 1, lists: 15, // alone: 4 GETs each (60); shared: at most one list call an object
	})
}
