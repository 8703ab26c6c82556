package compliance_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const pncAddr = "cpaas_phone_number_compliance.test"

// individualHCL is complianceHCL for an individual: an identity document
// in place of the registration certificate.
func individualHCL(idFile, billFile string) string {
	hcl := strings.Replace(compliancetest.ComplianceHCL("Asha Rao", idFile, billFile, ""), `type          = "business"`, `type          = "individual"`, 1)
	hcl = strings.Replace(hcl, compliancerules.DocBusinessRegistration.ID, compliancerules.DocIdentity.ID, 1)
	return strings.Replace(hcl, `{ business_name = "Acme Trading Private Limited" }`,
		`{ first_name = "Asha", last_name = "Rao", date_of_birth = "1990-02-28", unique_identification_number = "P1234567" }`, 1)
}

// checkUploaded checks that the emulator holds content as document i's
// file of the application in the state.
func checkUploaded(env *acctest.Env, t *testing.T, i int, content string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		c := env.Client(t)
		a, err := c.GetCompliance(context.Background(), s.RootModule().Resources[pncAddr].Primary.ID)
		if err != nil {
			return err
		}
		sum, err := c.ComplianceFileSHA256(context.Background(), a.Documents[i].DownloadURL)
		if err != nil {
			return err
		}
		if sum != client.FileSHA256([]byte(content)) {
			return fmt.Errorf("document %d's file in the emulator has SHA-256 %s, want that of %q", i, sum, content)
		}
		return nil
	}
}

func TestAccPhoneNumberCompliance_acceptedUpdatedImported(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "registration v1", "bill v1")
	cfg := env.Config(compliancetest.ComplianceHCL("Acme Trading", reg, bill, ""))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "phone_number_compliances"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("status"), knownvalue.StringExact("accepted")),
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("rejection_reason"), knownvalue.Null()),
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("documents").AtSliceIndex(0).AtMapKey("file_sha256"),
						knownvalue.StringExact(client.FileSHA256([]byte("registration v1")))),
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("documents").AtSliceIndex(1).AtMapKey("file"), knownvalue.Null()),
				},
				Check: checkUploaded(env, t, 1, "bill v1"),
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// The same path with new content is a change: the file is
				// uploaded again and the application resubmitted.
				PreConfig: func() {
					if err := os.WriteFile(bill, []byte("bill v2"), 0o600); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(pncAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(pncAddr, tfjsonpath.New("documents").AtSliceIndex(1).AtMapKey("file_sha256"),
						knownvalue.StringExact(client.FileSHA256([]byte("bill v2")))),
					plancheck.ExpectUnknownValue(pncAddr, tfjsonpath.New("status")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("status"), knownvalue.StringExact("accepted")),
				},
				Check: resource.ComposeTestCheckFunc(checkUploaded(env, t, 1, "bill v2"), checkUploaded(env, t, 0, "registration v1")),
			},
			{
				// An in-place change of the end user and the alias.
				Config: env.Config(strings.Replace(compliancetest.ComplianceHCL("Acme Trading Pvt", reg, bill, ""), `"Acme India local"`, `"Acme India"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(pncAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("alias"), knownvalue.StringExact("Acme India")),
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("end_user").AtMapKey("name"), knownvalue.StringExact("Acme Trading Pvt")),
				},
			},
			{
				// An individual needs other documents: the plan says so.
				Config:      env.Config(strings.Replace(compliancetest.ComplianceHCL("Acme Trading Pvt", reg, bill, ""), `type          = "business"`, `type          = "individual"`, 1)),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`documents must include a Government-issued identity document`),
			},
			{
				// The end user's type replaces the application.
				Config: env.Config(individualHCL(reg, bill)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(pncAddr, plancheck.ResourceActionReplace),
				}},
			},
			{
				Config:       env.Config(individualHCL(reg, bill)),
				ResourceName: pncAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"},
			},
			{
				ResourceName: pncAddr, ImportState: true, ImportStateId: "not-a-uuid",
				ExpectError: regexp.MustCompile(`import id "not-a-uuid" must be a compliance application id`),
			},
		},
	})
}

// The documented configuration planned against an imported application
// plans nothing: the import downloads each file once to learn its hash.
func TestAccPhoneNumberCompliance_importPlansNothing(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "registration", "bill")
	// Made outside Terraform, as an application to adopt is.
	req, _ := compliancerules.RequirementFor("IN", "local", "business")
	id, err := env.Client(t).CreateCompliance(context.Background(), client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: "Acme India local",
		EndUser: &client.ComplianceEndUser{Type: "business", Name: "Acme Trading", Email: "compliance@acme.example", AddressLine1: "12 Marine Drive",
			City: "Mumbai", PostalCode: "400002", Country: "IN"},
		Documents: []client.ComplianceDocumentData{
			{DocumentTypeID: req.DocumentTypes[0].ID, DataFields: map[string]string{"business_name": "Acme Trading Private Limited"}},
			{DocumentTypeID: req.DocumentTypes[1].ID, DataFields: map[string]string{"address_line_1": "12 Marine Drive", "city": "Mumbai", "postal_code": "400002"}},
		}}, map[int]client.ComplianceFile{0: {Name: "registration.pdf", Content: []byte("registration")}, 1: {Name: "bill.pdf", Content: []byte("bill")}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := env.Config(compliancetest.ComplianceHCL("Acme Trading", reg, bill, "") + fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", pncAddr, id))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(pncAddr, plancheck.ResourceActionNoop),
			}}},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

func TestAccPhoneNumberCompliance_rejected(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      env.Config(compliancetest.ComplianceHCL("Acme REJECT Trading", reg, bill, "")),
			ExpectError: wrapped(`Compliance application rejected`, `The name on the submitted documents does not match the end user's name`, `terraform untaint`),
		}},
	})
}

func TestAccPhoneNumberCompliance_noWait(t *testing.T) {
	t.Parallel()
	// Reviews take an hour: the create is seen submitted however busy the
	// machine, and the emulator's clock is moved on for the decision.
	env := acctest.NewEnv(t, func(o *emulator.Options) { o.ComplianceReviewDelay = time.Hour })
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(compliancetest.ComplianceHCL("Acme", reg, bill, "  wait_for_review = false\n")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("status"), knownvalue.StringExact("submitted")),
				},
			},
			{
				PreConfig: func() {
					env.Await(t, time.Hour, "the review", func() bool {
						all, err := env.Client(t).ListAllCompliances(context.Background(), client.ComplianceFilter{})
						return err == nil && len(all) == 1 && all[0].Status == "accepted"
					})
				},
				Config: env.Config(compliancetest.ComplianceHCL("Acme", reg, bill, "  wait_for_review = false\n")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(pncAddr, tfjsonpath.New("status"), knownvalue.StringExact("accepted")),
				},
			},
		},
	})
}

func TestAccPhoneNumberCompliance_validation(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	step := func(cfg, want string) resource.TestStep {
		return resource.TestStep{Config: env.Config(cfg), PlanOnly: true, ExpectError: regexp.MustCompile(want)}
	}
	applied := func(cfg, want string) resource.TestStep {
		return resource.TestStep{Config: env.Config(cfg), ExpectError: regexp.MustCompile(want)}
	}
	base := compliancetest.ComplianceHCL("Acme", reg, bill, "")
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(*terraform.State) error {
			if got := env.Objects(t)["phone_number_compliances"]; len(got) != 0 {
				return fmt.Errorf("a refused create made applications: %v", got)
			}
			return nil
		},
		Steps: []resource.TestStep{
			// In the provider's words (its resources, not the API's paths),
			// once.
			{Config: env.Config(strings.Replace(base, `country_iso = "IN"`, `country_iso = "DE"`, 1)), PlanOnly: true,
				ExpectError: acctest.OneErrorPattern(`DE is not covered by cpaas_phone_number_compliance, whose one-call API serves IN only: ` +
					`declare its application with cpaas_end_user, cpaas_compliance_document and cpaas_compliance_application instead`)},
			step(strings.Replace(base, `number_type = "local"`, `number_type = "landline"`, 1), `number_type`),
			step(strings.Replace(base, `email         = "compliance@acme.example"`, `email         = "not an address"`, 1), `plain email address`),
			step(strings.Replace(base, `alias       = "Acme India local"`, `alias       = "`+strings.Repeat("ü", 101)+`"`, 1), `1 to 100 characters long, got 101`),
			// Against the requirement the API gives: a file missing where
			// proof is needed, a required field missing. A check that asks
			// the API warns at plan (it must not stop the plan `terraform
			// destroy` runs first) and refuses the create before it is sent.
			applied(strings.Replace(base, `file             = "`+bill+`"`, ``, 1), `documents\[1\]\.file is required: the Proof of address`),
			applied(strings.Replace(base, `city = "Mumbai", `, ``, 1), `documents\[1\]\.data_fields must hold "city"`),
			step(strings.Replace(base, `file             = "`+reg+`"`, `file             = "/nonexistent/reg.pdf"`, 1), `cannot read "/nonexistent/reg.pdf"`),
		},
	})
}

// A plan that changes the application warns that it resubmits it.
func TestAccPhoneNumberCompliance_updateWarns(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	r := provtest.NewTFRunner(t)
	head := fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) + env.ProviderConfig()
	r.Write(head + compliancetest.ComplianceHCL("Acme", reg, bill, ""))
	r.Run("init", "-input=false")
	r.Run("apply", "-auto-approve", "-input=false")
	if code, out := r.PlanExitCode(); code != 0 || strings.Contains(out, "resubmits") {
		t.Fatalf("plan right after apply: %d\n%s", code, out)
	}
	if err := os.WriteFile(reg, []byte("another scan"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out := r.PlanExitCode()
	if code != 2 || !strings.Contains(out, "Warning: Updating the compliance application resubmits it for review") ||
		!regexp.MustCompile(`~ documents\s+= \(sensitive value\)`).MatchString(out) {
		t.Fatalf("plan after the file changed: %d\n%s", code, out)
	}
}

// regulatedNumberHCL buys the first IN local number for sale, with extra
// arguments.
func regulatedNumberHCL(extra string) string {
	return `
data "cpaas_phone_numbers" "in" {
  country_iso = "IN"
  type        = "local"
  max_results = 1
}

resource "cpaas_phone_number" "in" {
  number = data.cpaas_phone_numbers.in.numbers[0].number
  lifecycle {
    ignore_changes = [number]
  }
` + extra + `}
`
}

func TestAccPhoneNumber_regulatedNeedsAnApplication(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(regulatedNumberHCL("")),
				ExpectError: wrapped(`needs an accepted compliance application of IN local numbers`),
			},
			{
				Config: env.Config(compliancetest.ComplianceHCL("Acme", reg, bill, "") +
					regulatedNumberHCL("  compliance_application_id = cpaas_phone_number_compliance.test.id\n")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_phone_number.in", tfjsonpath.New("compliance_status"), knownvalue.StringExact("accepted")),
					statecheck.CompareValuePairs("cpaas_phone_number.in", tfjsonpath.New("compliance_application_id"), pncAddr, tfjsonpath.New("id"),
						compareEqual{}),
				},
			},
			{
				Config: env.Config(compliancetest.ComplianceHCL("Acme", reg, bill, "") +
					regulatedNumberHCL("  compliance_application_id = cpaas_phone_number_compliance.test.id\n")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
	if got := env.Objects(t)["phone_number_compliances"]; len(got) != 0 {
		t.Errorf("applications left: %v", got)
	}
}

// wrapped matches the phrases in order, as Terraform prints them: wrapped
// at any space.
func wrapped(phrases ...string) *regexp.Regexp {
	parts := make([]string, len(phrases))
	for i, p := range phrases {
		parts[i] = strings.Join(strings.Fields(regexp.QuoteMeta(p)), `\s+`)
	}
	return regexp.MustCompile(`(?s)` + strings.Join(parts, `.*`))
}

// compareEqual is the equality of compare.ValuesSame, spelled out.
type compareEqual struct{}

func (compareEqual) CompareValues(values ...any) error {
	if len(values) == 2 && values[0] == values[1] {
		return nil
	}
	return fmt.Errorf("values differ: %v", values)
}

// A link reply is a partial success inside a 200: the client reports
// each number's own result, and never a failed number as linked.
func TestAccPhoneNumberCompliance_linkReportsEachNumber(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	var appID, number string
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(compliancetest.ComplianceHCL("Acme", reg, bill, "") +
					regulatedNumberHCL("  compliance_application_id = cpaas_phone_number_compliance.test.id\n")),
				Check: func(s *terraform.State) error {
					appID = s.RootModule().Resources[pncAddr].Primary.ID
					number = s.RootModule().Resources["cpaas_phone_number.in"].Primary.ID
					checkLink(t, env, appID, number)
					return nil
				},
			},
			{
				// Linking a US number to the IN application fails for
				// that number, with the service's remark, on its attribute.
				Config: env.Config(compliancetest.ComplianceHCL("Acme", reg, bill, "") +
					regulatedNumberHCL("  compliance_application_id = cpaas_phone_number_compliance.test.id\n") + `
resource "cpaas_phone_number" "us" {
  number                    = "14155550100"
  compliance_application_id = cpaas_phone_number_compliance.test.id
}
import {
  to = cpaas_phone_number.us
  id = "14155550100"
}
`),
				ExpectError: wrapped(`Phone number not linked to the compliance application`, `covers IN local numbers; +14155550100 is a US local number`),
			},
		},
	})
}

// checkLink links a number of the account and one it does not have to
// the accepted application appID in one call.
func checkLink(t *testing.T, env *acctest.Env, appID, number string) {
	results, err := env.Client(t).LinkComplianceNumbers(context.Background(), []client.ComplianceLinkEntry{
		{Number: "+" + number, ComplianceApplicationID: appID},
		{Number: "+919876500000", ComplianceApplicationID: appID},
	})
	var linkErr *client.LinkError
	if !errors.As(err, &linkErr) || len(results) != 2 {
		t.Errorf("link: %v %v", results, err)
		return
	}
	if len(linkErr.Linked) != 1 || linkErr.Linked[0] != "+"+number || len(linkErr.Failed) != 1 || linkErr.Failed[0].Number != "+919876500000" ||
		linkErr.Failed[0].Remarks != "Number not found on your account." {
		t.Errorf("link error %+v", linkErr)
		return
	}
	if results[0].Status != compliancerules.LinkSuccess || results[1].Status != compliancerules.LinkFailed {
		t.Errorf("results %+v", results)
	}
	if !strings.Contains(err.Error(), "1 of 2 numbers were not linked: +919876500000: Number not found on your account.") {
		t.Errorf("error text %q", err)
	}
}

// No document's data nor the end user's details reach the TF_LOG=TRACE
// log. The personal data comes through sensitive variables, as in real
// use (the harness echoes configuration files into the log). Not
// parallel: it sets process environment.
func TestAccPhoneNumberCompliance_traceLogHoldsNoPersonalData(t *testing.T) {
	env := compliancetest.ComplianceEnv(t)
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	personal := map[string]string{
		"name": "Zorawar Kalsi Holdings", "email": "zorawar.kalsi@acme.example", "business": "Kalsi Zorawar Trading Pvt",
		"street": "221 Kalsi Marg Zorawar", "postal": "400917",
	}
	for k, v := range personal {
		t.Setenv("TF_VAR_"+k, v)
	}
	reg, bill := compliancetest.ComplianceFiles(t, "scan of the Kalsi registration 0xZ0R4W4R", "scan of the bill 0xB1LL")
	var vars strings.Builder
	for k := range personal {
		fmt.Fprintf(&vars, "variable %q {\n  type      = string\n  sensitive = true\n}\n", k)
	}
	hcl := fmt.Sprintf(`
resource "cpaas_phone_number_compliance" "test" {
  alias       = "Acme India local"
  country_iso = "IN"
  number_type = "local"
  end_user = {
    type          = "business"
    name          = var.name
    email         = var.email
    address_line1 = var.street
    postal_code   = var.postal
  }
  documents = [
    { document_type_id = %q, data_fields = { business_name = var.business }, file = %q },
    { document_type_id = %q, data_fields = { address_line_1 = var.street, city = "Mumbai", postal_code = var.postal }, file = %q },
  ]
}
`, compliancerules.DocBusinessRegistration.ID, reg, compliancerules.DocAddressProof.ID, bill)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: env.Config(vars.String() + hcl)},
			{Config: env.Config(vars.String() + strings.Replace(hcl, `"Acme India local"`, `"Acme India"`, 1))},
			{Config: env.Config(vars.String() + hcl), ResourceName: pncAddr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"timeouts"}},
		},
	})
	compliancetest.CheckLogHoldsNoPersonalData(t, logPath, personal, "PhoneNumber/Compliance", "compliance")
}

// The guide "Numbers outside the US": read the requirement, declare the
// end user and the documents, wait for acceptance, buy numbers against the
// application, and check their price in the same plan.
func TestAccGuide_numbersOutsideTheUS(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	r, _ := complianceGuide{name: "numbers-outside-the-us", files: []string{"incorporation.pdf", "electricity-bill.pdf"},
		status: "compliance_status", numbers: "mumbai_numbers", city: "MUMBAI"}.apply(t, env)
	r.Run("destroy", "-input=false", "-auto-approve")
	if objs := env.Objects(t); len(objs["phone_number_compliances"]) != 0 {
		t.Fatalf("left after destroy: %v", objs["phone_number_compliances"])
	}
}

// complianceGuide is the walk both compliance guides share: the sample
// scans their folders ship in documents/ (files) uploaded, an apply that
// warns of nothing, the application
// accepted (output status), two distinct numbers (output numbers) rented
// against it in city at the rent the plan checked
// (monthly_cost_per_number), a plan with no change after the apply, and a
// budget the price breaks failing the plan. The caller destroys.
type complianceGuide struct {
	name, status, numbers, city string
	files                       []string
}

func (g complianceGuide) apply(t *testing.T, env *acctest.Env) (*provtest.TfRunner, []string) {
	t.Helper()
	// The guide's folder ships its sample scans (documents/): the copy
	// applies as a user's clone does, with nothing written here.
	r := provtest.NewGuideRunner(t, env, g.name)
	out := r.Run("apply", "-input=false", "-auto-approve")
	if strings.Contains(out, "Warning") {
		t.Fatalf("apply warned:\n%s", out)
	}
	state, err := os.ReadFile(filepath.Join(r.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range g.files {
		b, err := os.ReadFile(filepath.Join(acctest.RepoRoot(t), "examples", "guides", g.name, "documents", f))
		if err != nil {
			t.Fatalf("the guide does not ship documents/%s: %v", f, err)
		}
		if sum := sha256.Sum256(b); !strings.Contains(string(state), hex.EncodeToString(sum[:])) {
			t.Errorf("the state records no file_sha256 of the shipped documents/%s", f)
		}
	}
	var status, price string
	var numbers []string
	r.Output(g.status, &status)
	r.Output("monthly_cost_per_number", &price)
	r.Output(g.numbers, &numbers)
	if status != "accepted" || len(numbers) != 2 || numbers[0] == numbers[1] {
		t.Fatalf("status %q, numbers %v", status, numbers)
	}
	c := env.Client(t)
	for _, n := range numbers {
		got, err := c.GetNumber(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		// Each number is rented against the application, active, and its
		// rent is the price the plan checked.
		if got.ComplianceStatus != "accepted" || got.ComplianceApplicationID == "" || got.City != g.city || got.MonthlyRentalRate != price {
			t.Errorf("number %s: compliance %q %q, city %q, rent %q (the plan's price %q)", n, got.ComplianceStatus, got.ComplianceApplicationID,
				got.City, got.MonthlyRentalRate, price)
		}
	}
	r.ExpectPlan(0)
	// A budget the price breaks fails the check in the plan.
	r.Edit("main.tf", "<= 20", "<= 0.01")
	if out, _ := r.Try("plan", "-input=false"); !strings.Contains(strings.Join(strings.Fields(out), " "), "over the budget of 20 USD") {
		t.Fatalf("plan with a broken budget:\n%s", out)
	}
	r.Edit("main.tf", "<= 0.01", "<= 20")
	return r, numbers
}

func TestAccPhoneNumberComplianceRequirementsDataSource(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	const ds = "data.cpaas_phone_number_compliance_requirements.in"
	cfg := func(country, numberType, userType string) string {
		return env.Config(fmt.Sprintf(`
data "cpaas_phone_number_compliance_requirements" "in" {
  country_iso = %q
  number_type = %q
  user_type   = %q
}
`, country, numberType, userType))
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: cfg("IN", "local", "individual"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("document_types"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("document_types").AtSliceIndex(0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"document_type_id": knownvalue.StringExact(compliancerules.DocIdentity.ID),
						"name":             knownvalue.StringExact("Government-issued identity document"),
						"proof_required":   knownvalue.Bool(true),
					})),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("document_types").AtSliceIndex(0).AtMapKey("fields").AtSliceIndex(2), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"field_name": knownvalue.StringExact("date_of_birth"), "friendly_name": knownvalue.StringExact("Date of birth"),
						"field_type": knownvalue.StringExact("date"), "required": knownvalue.Bool(true), "min_length": knownvalue.Int64Exact(10),
						"max_length": knownvalue.Int64Exact(10), "help_text": knownvalue.Null(), "format": knownvalue.StringExact("yyyy-mm-dd"),
						"enums": knownvalue.Null(), "description": knownvalue.StringExact("As printed on the document."),
					})),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("document_types").AtSliceIndex(1).AtMapKey("fields").AtSliceIndex(3).AtMapKey("enums"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("electricity"), knownvalue.StringExact("water"),
							knownvalue.StringExact("gas"), knownvalue.StringExact("telephone"), knownvalue.StringExact("bank_statement")})),
				},
			},
			{Config: cfg("IN", "landline", "business"), PlanOnly: true, ExpectError: regexp.MustCompile(`number_type`)},
			{Config: cfg("in", "local", "business"), PlanOnly: true, ExpectError: wrapped(`must be an ISO 3166 alpha-2 country code in upper case`)},
			{
				// A country that asks for nothing.
				Config: cfg("US", "local", "business"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("document_types"), knownvalue.ListSizeExact(0)),
				},
			},
		},
	})
}
