package compliance_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// complianceListAccount is what the compliance list tests make outside
// Terraform: two end users (a business and an individual), the business's
// two documents, two compliance applications (one submitted, one draft) and two
// one-call applications. Every personal value is one of personal, and the
// files hold the markers checkLogHoldsNoPersonalData looks for.
type complianceListAccount struct {
	endUsers       []string // business, individual
	documents      []string // registration, bill
	applications   []string // submitted, draft
	compliances    []string // local, second
	personal       map[string]string
	objects        int
	regFile, bill  string
	regID, billID  string
	businessUserID string
}

func makeComplianceListAccount(t *testing.T, c *client.Client) complianceListAccount {
	t.Helper()
	ctx := context.Background()
	a := complianceListAccount{personal: map[string]string{
		"business": "Zorawar Kalsi Handels", "first": "Ashwini Zorawarova", "last": "Kalsidottir", "company": "Kalsi Zorawar GmbH",
		"street": "Kalsistrasse 221", "postal": "10917", "email": "zorawar.kalsi@acme.example", "holding": "Zorawar Kalsi Holdings",
	}}
	p := a.personal
	dir := t.TempDir()
	reg, bill := []byte("scan of the Kalsi registration 0xZ0R4W4R"), []byte("scan of the bill 0xB1LL")
	a.regFile, a.bill = filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
	for path, content := range map[string][]byte{a.regFile: reg, a.bill: bill} {
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	business, err := c.CreateEndUser(ctx, client.EndUserData{Name: p["business"], EndUserType: "business"})
	if err != nil {
		t.Fatal(err)
	}
	person, err := c.CreateEndUser(ctx, client.EndUserData{Name: p["first"], LastName: p["last"], EndUserType: "individual"})
	if err != nil {
		t.Fatal(err)
	}
	a.endUsers, a.businessUserID = []string{business.EndUserID, person.EndUserID}, business.EndUserID
	r, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: business.EndUserID, DocumentTypeID: compliancerules.DocBusinessRegistration.ID,
		Alias: "Kalsi register extract", DataFields: map[string]string{"business_name": p["company"]},
		File: &client.ComplianceFile{Name: "registration.pdf", Content: reg}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: business.EndUserID, DocumentTypeID: compliancerules.DocAddressProof.ID,
		Alias: "Kalsi electricity bill", DataFields: map[string]string{"address_line_1": p["street"], "city": "Berlin", "postal_code": p["postal"]},
		File: &client.ComplianceFile{Name: "bill.pdf", Content: bill}})
	if err != nil {
		t.Fatal(err)
	}
	a.documents, a.regID, a.billID = []string{r.DocumentID, b.DocumentID}, r.DocumentID, b.DocumentID
	req, err := c.FindComplianceRequirement(ctx, "DE", "local", "business")
	if err != nil {
		t.Fatal(err)
	}
	for i, alias := range []string{"Kalsi Germany local", "Kalsi Germany draft"} {
		app, err := c.CreateComplianceApplication(ctx, client.ApplicationData{ComplianceRequirementID: req.ComplianceRequirementID,
			EndUserID: business.EndUserID, DocumentIDs: a.documents, Alias: alias, EndUserType: "business", CountryISO2: "DE", NumberType: "local"})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if _, err := c.SubmitComplianceApplication(ctx, app.ComplianceApplicationID); err != nil {
				t.Fatal(err)
			}
		}
		a.applications = append(a.applications, app.ComplianceApplicationID)
	}
	files := map[int]client.ComplianceFile{0: {Name: "registration.pdf", Content: reg}, 1: {Name: "bill.pdf", Content: bill}}
	for _, alias := range []string{"Kalsi India local", "Kalsi India second"} {
		id, err := c.CreateCompliance(ctx, client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: alias,
			EndUser: &client.ComplianceEndUser{Type: "business", Name: p["holding"], Email: p["email"],
				AddressLine1: p["street"], City: "Mumbai", PostalCode: p["postal"], Country: "IN"},
			Documents: []client.ComplianceDocumentData{
				{DocumentTypeID: compliancerules.DocBusinessRegistration.ID, DataFields: map[string]string{"business_name": p["company"]}},
				{DocumentTypeID: compliancerules.DocAddressProof.ID, DataFields: map[string]string{"address_line_1": p["street"], "city": "Mumbai", "postal_code": p["postal"]}},
			}}, files)
		if err != nil {
			t.Fatal(err)
		}
		a.compliances = append(a.compliances, id)
	}
	a.objects = len(a.endUsers) + len(a.documents) + len(a.applications) + len(a.compliances)
	return a
}

// complianceListQuery lists every compliance kind, all of it and with a
// filter that narrows it.
func complianceListQuery(a complianceListAccount) string {
	return fmt.Sprintf(`
list "cpaas_phone_number_compliance" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_phone_number_compliance" "second" {
  provider = cpaas
  config {
    alias = "Kalsi India second"
  }
}

list "cpaas_end_user" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_end_user" "individuals" {
  provider = cpaas
  config {
    end_user_type = "individual"
  }
}

list "cpaas_compliance_document" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_compliance_document" "bills" {
  provider = cpaas
  config {
    end_user_id      = %[1]q
    document_type_id = %[2]q
  }
}

list "cpaas_compliance_application" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_compliance_application" "drafts" {
  provider = cpaas
  config {
    status       = "draft"
    country_iso2 = "DE"
  }
}
`, a.businessUserID, compliancerules.DocAddressProof.ID)
}

// complianceListAllQuery lists every object of each compliance kind
// once, as a query that generates configuration does.
const complianceListAllQuery = `
list "cpaas_phone_number_compliance" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_end_user" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_compliance_document" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_compliance_application" "all" {
  provider         = cpaas
  include_resource = true
}
`

// The compliance list resources find every object of the account, narrow
// it by the API's filters, name each by its identity and, with
// include_resource, carry what an import reads; the names, addresses and
// data fields they carry (sensitive) never reach the TF_LOG=TRACE log, nor
// does a display name hold them. Not parallel: it sets process
// environment.
func TestAccComplianceListResources_TF114(t *testing.T) {
	env := compliancetest.ComplianceEnv(t)
	a := makeComplianceListAccount(t, env.Client(t))
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)

	checks := []querycheck.QueryResultCheck{
		querycheck.ExpectLength("cpaas_phone_number_compliance.all", 2),
		querycheck.ExpectLength("cpaas_phone_number_compliance.second", 1),
		querycheck.ExpectIdentity("cpaas_phone_number_compliance.second", provtest.IdentityIs("compliance_id", a.compliances[1])),
		querycheck.ExpectLength("cpaas_end_user.all", 2),
		querycheck.ExpectLength("cpaas_end_user.individuals", 1),
		querycheck.ExpectIdentity("cpaas_end_user.individuals", provtest.IdentityIs("end_user_id", a.endUsers[1])),
		querycheck.ExpectLength("cpaas_compliance_document.all", 2),
		querycheck.ExpectLength("cpaas_compliance_document.bills", 1),
		querycheck.ExpectIdentity("cpaas_compliance_document.bills", provtest.IdentityIs("document_id", a.billID)),
		querycheck.ExpectLength("cpaas_compliance_application.all", 2),
		querycheck.ExpectLength("cpaas_compliance_application.drafts", 1),
		querycheck.ExpectIdentity("cpaas_compliance_application.drafts", provtest.IdentityIs("compliance_application_id", a.applications[1])),
		// Display names, printed by terraform query: never a name.
		querycheck.ExpectResourceDisplayName("cpaas_end_user.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("end_user_id", a.endUsers[1])),
			knownvalue.StringExact("end user "+a.endUsers[1]+" (individual)")),
		querycheck.ExpectResourceDisplayName("cpaas_compliance_document.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("document_id", a.billID)),
			knownvalue.StringExact("Kalsi electricity bill ("+a.billID+")")),
		querycheck.ExpectResourceDisplayName("cpaas_phone_number_compliance.all",
			queryfilter.ByResourceIdentity(provtest.IdentityIs("compliance_id", a.compliances[0])), knownvalue.StringRegexp(regexp.MustCompile(`^Kalsi India local \(IN local, (submitted|accepted)\)$`))),
		querycheck.ExpectResourceDisplayName("cpaas_compliance_application.all",
			queryfilter.ByResourceIdentity(provtest.IdentityIs("compliance_application_id", a.applications[1])), knownvalue.StringExact("Kalsi Germany draft (DE local, draft)")),
		// The full resource data, as an import reads it.
		querycheck.ExpectResourceKnownValues("cpaas_phone_number_compliance.all",
			queryfilter.ByResourceIdentity(provtest.IdentityIs("compliance_id", a.compliances[0])), []querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("alias"), KnownValue: knownvalue.StringExact("Kalsi India local")},
				{Path: tfjsonpath.New("end_user").AtMapKey("name"), KnownValue: knownvalue.StringExact(a.personal["holding"])},
				{Path: tfjsonpath.New("documents"), KnownValue: knownvalue.ListSizeExact(2)},
			}),
		querycheck.ExpectResourceKnownValues("cpaas_end_user.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("end_user_id", a.endUsers[1])),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact(a.personal["first"])},
				{Path: tfjsonpath.New("last_name"), KnownValue: knownvalue.StringExact(a.personal["last"])},
				{Path: tfjsonpath.New("end_user_type"), KnownValue: knownvalue.StringExact("individual")},
			}),
		querycheck.ExpectResourceKnownValues("cpaas_compliance_document.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("document_id", a.billID)),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("alias"), KnownValue: knownvalue.StringExact("Kalsi electricity bill")},
				{Path: tfjsonpath.New("file_name"), KnownValue: knownvalue.StringExact("bill.pdf")},
				{Path: tfjsonpath.New("data_fields").AtMapKey("address_line_1"), KnownValue: knownvalue.StringExact(a.personal["street"])},
			}),
		querycheck.ExpectResourceKnownValues("cpaas_compliance_application.all",
			queryfilter.ByResourceIdentity(provtest.IdentityIs("compliance_application_id", a.applications[0])), []querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("alias"), KnownValue: knownvalue.StringExact("Kalsi Germany local")},
				{Path: tfjsonpath.New("end_user_id"), KnownValue: knownvalue.StringExact(a.businessUserID)},
				{Path: tfjsonpath.New("document_ids"), KnownValue: knownvalue.ListSizeExact(2)},
			}),
	}
	for _, id := range a.compliances {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_phone_number_compliance.all", provtest.IdentityIs("compliance_id", id)))
	}
	for _, id := range a.endUsers {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_end_user.all", provtest.IdentityIs("end_user_id", id)))
	}
	for _, id := range a.documents {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_compliance_document.all", provtest.IdentityIs("document_id", id)))
	}
	for _, id := range a.applications {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_compliance_application.all", provtest.IdentityIs("compliance_application_id", id)))
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps:                  []resource.TestStep{{Query: true, Config: env.ProviderConfig() + complianceListQuery(a), QueryResultChecks: checks}},
	})
	compliancetest.CheckLogHoldsNoPersonalData(t, logPath, a.personal, "EndUser/", "end user")
}

// The configuration `terraform query -generate-config-out` writes for the
// compliance kinds imports every object, with a plan that imports them
// and changes nothing once the sensitive values Terraform leaves out
// (null) and each document's file are given (the API serves no download
// of a file, as the list's description says); the apply changes nothing in
// the account and the next plan is empty.
func TestAccComplianceListResources_generatedConfigImports_TF114(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	a := makeComplianceListAccount(t, env.Client(t))
	tf := messagetest.NewTF114Runner(t, env, "")
	if err := os.WriteFile(filepath.Join(tf.Dir, "compliance.tfquery.hcl"), []byte(complianceListAllQuery), 0o600); err != nil {
		t.Fatal(err)
	}
	tf.Run("query", "-generate-config-out=generated.tf")
	gen, err := os.ReadFile(filepath.Join(tf.Dir, "generated.tf"))
	if err != nil {
		t.Fatalf("the query wrote no generated.tf: %v", err)
	}
	if n := strings.Count(string(gen), "\nimport {"); n != a.objects {
		t.Fatalf("generated.tf imports %d objects, the account holds %d:\n%s", n, a.objects, gen)
	}
	// What no listing carries: the sensitive values (Terraform writes
	// them as null) and the files, given as a user gives them.
	p := a.personal
	q := func(v string) string { return fmt.Sprintf("%q", v) }
	businessDocs := fmt.Sprintf(`[
    { document_type_id = %q, data_fields = { business_name = %q }, file = %q },
    { document_type_id = %q, data_fields = { address_line_1 = %q, city = "Mumbai", postal_code = %q }, file = %q },
  ]`, compliancerules.DocBusinessRegistration.ID, p["company"], a.regFile, compliancerules.DocAddressProof.ID, p["street"], p["postal"], a.bill)
	endUser := fmt.Sprintf(`{ type = "business", name = %q, email = %q, address_line1 = %q, city = "Mumbai", postal_code = %q, country = "IN" }`,
		p["holding"], p["email"], p["street"], p["postal"])
	fills := map[string]map[string]string{
		a.endUsers[0]:    {"name": q(p["business"])},
		a.endUsers[1]:    {"name": q(p["first"]), "last_name": q(p["last"])},
		a.regID:          {"data_fields": fmt.Sprintf("{ business_name = %q }", p["company"]), "file": q(a.regFile)},
		a.billID:         {"data_fields": fmt.Sprintf(`{ address_line_1 = %q, city = "Berlin", postal_code = %q }`, p["street"], p["postal"]), "file": q(a.bill)},
		a.compliances[0]: {"end_user": endUser, "documents": businessDocs},
		a.compliances[1]: {"end_user": endUser, "documents": businessDocs},
	}
	filled := fillGenerated(t, string(gen), fills)
	if err := os.WriteFile(filepath.Join(tf.Dir, "generated.tf"), []byte(filled), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out := tf.PlanExitCode()
	if !strings.Contains(out, fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", a.objects)) {
		t.Fatalf("the plan of the generated configuration does more than import %d objects (exit %d):\n%s", a.objects, code, out)
	}
	before := env.Objects(t)
	tf.Run("apply", "-input=false", "-auto-approve")
	if after := env.Objects(t); !reflect.DeepEqual(before, after) {
		t.Fatalf("the adoption changed the account:\nbefore %v\nafter  %v", before, after)
	}
	if code, out := tf.PlanExitCode(); code != 0 {
		t.Fatalf("the plan after the adoption is not empty (exit %d):\n%s", code, out)
	}
}

// fillGenerated sets, in each resource block of gen, the attributes
// fills gives for the object its import block names (by its identity's
// one value): each must be there, written null (a sensitive value or a
// write-only file) by Terraform.
func fillGenerated(t *testing.T, gen string, fills map[string]map[string]string) string {
	t.Helper()
	identity := regexp.MustCompile(`identity = \{\s*\w+\s*= "([^"]+)"`)
	blocks := strings.Split(gen, "\nresource ")
	for i, b := range blocks {
		m := identity.FindStringSubmatch(b)
		if m == nil {
			continue
		}
		for attr, v := range fills[m[1]] {
			re := regexp.MustCompile(`(?m)^(\s*)` + attr + `(\s*)= (null|\{\}|\[\])( # sensitive)?$`)
			if !re.MatchString(b) {
				t.Fatalf("generated.tf has no null %s for %s:\n%s", attr, m[1], b)
			}
			b = re.ReplaceAllLiteralString(b, "  "+attr+" = "+v)
		}
		delete(fills, m[1])
		blocks[i] = b
	}
	if len(fills) != 0 {
		t.Fatalf("generated.tf has no resource for %v", fills)
	}
	return strings.Join(blocks, "\nresource ")
}
