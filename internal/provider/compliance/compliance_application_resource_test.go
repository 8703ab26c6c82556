package compliance_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccComplianceApplication_acceptedUpdatedImported(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "registration v1", "bill v1")
	cfg := env.Config(compliancetest.ComplianceAppHCL("Acme Handels", reg, bill, ""))
	var firstBill string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "end_users", "compliance_documents", "compliance_applications"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(compliancetest.CaAddr, tfjsonpath.New("status"), knownvalue.StringExact("accepted")),
					statecheck.ExpectKnownValue(compliancetest.CaAddr, tfjsonpath.New("rejection_reason"), knownvalue.Null()),
					statecheck.ExpectKnownValue(compliancetest.CaAddr, tfjsonpath.New("compliance_requirement_id"), knownvalue.StringRegexp(regexp.MustCompile(`^7e1c`))),
					statecheck.ExpectKnownValue(compliancetest.CdBill, tfjsonpath.New("file_sha256"), knownvalue.StringExact(client.FileSHA256([]byte("bill v1")))),
					statecheck.ExpectKnownValue(compliancetest.CdBill, tfjsonpath.New("file"), knownvalue.Null()),
					statecheck.ExpectKnownValue(compliancetest.CdBill, tfjsonpath.New("file_name"), knownvalue.StringExact("bill.pdf")),
				},
				Check: func(s *terraform.State) error {
					firstBill = s.RootModule().Resources[compliancetest.CdBill].Primary.ID
					return nil
				},
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// The same path with new content is a change: a new
				// document, and the application updated and resubmitted.
				PreConfig: func() {
					if err := os.WriteFile(bill, []byte("bill v2"), 0o600); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(compliancetest.CdBill, plancheck.ResourceActionReplace),
					plancheck.ExpectKnownValue(compliancetest.CdBill, tfjsonpath.New("file_sha256"), knownvalue.StringExact(client.FileSHA256([]byte("bill v2")))),
					plancheck.ExpectResourceAction(compliancetest.CdReg, plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction(compliancetest.CaAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(compliancetest.CaAddr, tfjsonpath.New("status")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(compliancetest.CaAddr, tfjsonpath.New("status"), knownvalue.StringExact("accepted")),
				},
				Check: func(s *terraform.State) error {
					if id := s.RootModule().Resources[compliancetest.CdBill].Primary.ID; id == firstBill {
						return fmt.Errorf("the bill document was not replaced: %s", id)
					}
					return nil
				},
			},
			{
				// The end user's name and a document's alias update in place.
				Config: env.Config(strings.Replace(compliancetest.ComplianceAppHCL("Acme Handels GmbH", reg, bill, ""), `"Acme registration"`, `"Registration"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(compliancetest.EuAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction(compliancetest.CdReg, plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction(compliancetest.CaAddr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(compliancetest.EuAddr, tfjsonpath.New("name"), knownvalue.StringExact("Acme Handels GmbH")),
					statecheck.ExpectKnownValue(compliancetest.CdReg, tfjsonpath.New("alias"), knownvalue.StringExact("Registration")),
				},
			},
			{
				Config:       env.Config(strings.Replace(compliancetest.ComplianceAppHCL("Acme Handels GmbH", reg, bill, ""), `"Acme registration"`, `"Registration"`, 1)),
				ResourceName: compliancetest.CaAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"},
			},
			{
				Config:       env.Config(strings.Replace(compliancetest.ComplianceAppHCL("Acme Handels GmbH", reg, bill, ""), `"Acme registration"`, `"Registration"`, 1)),
				ResourceName: compliancetest.EuAddr, ImportState: true, ImportStateVerify: true,
			},
			{
				// The API serves no file back: the hash is not learned.
				Config:       env.Config(strings.Replace(compliancetest.ComplianceAppHCL("Acme Handels GmbH", reg, bill, ""), `"Acme registration"`, `"Registration"`, 1)),
				ResourceName: compliancetest.CdBill, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"file_sha256"},
			},
			{
				ResourceName: compliancetest.CaAddr, ImportState: true, ImportStateId: "not-a-uuid",
				ExpectError: regexp.MustCompile(`import id "not-a-uuid" must be a compliance application id`),
			},
		},
	})
}

// The documented configuration planned against objects made outside
// Terraform and imported plans nothing.
func TestAccComplianceApplication_importPlansNothing(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "registration", "bill")
	ctx, c := context.Background(), env.Client(t)
	u, err := c.CreateEndUser(ctx, client.EndUserData{Name: "Acme Handels", EndUserType: "business"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: compliancerules.DocBusinessRegistration.ID,
		Alias: "Acme registration", DataFields: map[string]string{"business_name": "Acme Handels GmbH"},
		File: &client.ComplianceFile{Name: "registration.pdf", Content: []byte("registration")}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: compliancerules.DocAddressProof.ID,
		Alias: "Acme electricity bill", DataFields: map[string]string{"address_line_1": "Friedrichstrasse 12", "city": "Berlin", "postal_code": "10117"},
		File: &client.ComplianceFile{Name: "bill.pdf", Content: []byte("bill")}})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := compliancerules.RequirementFor("DE", "local", "business")
	a, err := c.CreateComplianceApplication(ctx, client.ApplicationData{ComplianceRequirementID: req.ID, EndUserID: u.EndUserID,
		DocumentIDs: []string{r.DocumentID, b.DocumentID}, Alias: compliancetest.DeAlias, EndUserType: "business", CountryISO2: "DE", NumberType: "local"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SubmitComplianceApplication(ctx, a.ComplianceApplicationID); err != nil {
		t.Fatal(err)
	}
	imports := ""
	for addr, id := range map[string]string{compliancetest.EuAddr: u.EndUserID, compliancetest.CdReg: r.DocumentID, compliancetest.CdBill: b.DocumentID, compliancetest.CaAddr: a.ComplianceApplicationID} {
		imports += fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", addr, id)
	}
	cfg := env.Config(compliancetest.ComplianceAppHCL("Acme Handels", reg, bill, "") + imports)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(compliancetest.EuAddr, plancheck.ResourceActionNoop),
				plancheck.ExpectResourceAction(compliancetest.CdReg, plancheck.ResourceActionNoop),
				plancheck.ExpectResourceAction(compliancetest.CdBill, plancheck.ResourceActionNoop),
				plancheck.ExpectResourceAction(compliancetest.CaAddr, plancheck.ResourceActionNoop),
			}}},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

func TestAccComplianceApplication_rejected(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      env.Config(compliancetest.ComplianceAppHCL("Acme REJECT Handels", reg, bill, "")),
			ExpectError: wrapped(`Compliance application rejected`, `The name on the submitted documents does not match the end user's name`, `terraform untaint`),
		}},
	})
}

func TestAccComplianceApplication_validation(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	step := func(cfg, want string) resource.TestStep {
		return resource.TestStep{Config: env.Config(cfg), PlanOnly: true, ExpectError: regexp.MustCompile(want)}
	}
	base := compliancetest.ComplianceAppHCL("Acme", reg, bill, "")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			step(strings.Replace(base, `country_iso2  = "DE"`, `country_iso2  = "IN"`, 1), `(?s)IN is covered by cpaas_phone_number_compliance;\s+cpaas_end_user, cpaas_compliance_document and cpaas_compliance_application\s+serve the other countries`),
			step(strings.Replace(base, `end_user_type = "business"`, `end_user_type = "robot"`, 1), `end_user_type`),
			step(strings.Replace(base, `file             = "`+reg+`"`, `file             = "/nonexistent/reg.pdf"`, 1), `cannot read "/nonexistent/reg.pdf"`),
			step(strings.Replace(base, `end_user_type = "business"
}`, `end_user_type = "business"
  last_name     = "Schmidt"
}`, 1), `last_name is for an individual end user`),
			// Against the document type the API gives: it warns at plan
			// (never stopping the plan `terraform destroy` runs first) and
			// refuses the document's create before it is sent. Last: the
			// end user it made is destroyed with this configuration.
			{Config: env.Config(strings.Replace(base, `city = "Berlin"`, `town = "Berlin"`, 1)),
				ExpectError: regexp.MustCompile(`(?s)data_fields has "town".*Proof of address`)},
		},
	})
}

// A plan that changes the application warns that it resubmits it.
func TestAccComplianceApplication_updateWarns(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	r := provtest.NewTFRunner(t)
	head := fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) + env.ProviderConfig()
	r.Write(head + compliancetest.ComplianceAppHCL("Acme", reg, bill, ""))
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
		!strings.Contains(out, "file_sha256") {
		t.Fatalf("plan after the file changed: %d\n%s", code, out)
	}
}

// deNumberHCL buys the first DE local number for sale, with extra
// arguments.
func deNumberHCL(extra string) string {
	return `
data "cpaas_phone_numbers" "de" {
  country_iso = "DE"
  type        = "local"
  max_results = 1
}

resource "cpaas_phone_number" "de" {
  number = data.cpaas_phone_numbers.de.numbers[0].number
  lifecycle {
    ignore_changes = [number]
  }
` + extra + `}
`
}

func TestAccPhoneNumber_germanNeedsAComplianceApplication(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	with := env.Config(compliancetest.ComplianceAppHCL("Acme", reg, bill, "") + deNumberHCL("  compliance_application_id = cpaas_compliance_application.test.id\n"))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "end_users", "compliance_documents", "compliance_applications"),
		Steps: []resource.TestStep{
			{
				Config:      env.Config(deNumberHCL("")),
				ExpectError: wrapped(`needs an accepted compliance application of DE local numbers`),
			},
			{
				Config: with,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_phone_number.de", tfjsonpath.New("compliance_status"), knownvalue.StringExact("accepted")),
					statecheck.CompareValuePairs("cpaas_phone_number.de", tfjsonpath.New("compliance_application_id"), compliancetest.CaAddr, tfjsonpath.New("id"),
						compareEqual{}),
				},
			},
			{Config: with, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// No document's data nor the end user's name reaches the TF_LOG=TRACE
// log. Not parallel: it sets process environment.
func TestAccComplianceApplication_traceLogHoldsNoPersonalData(t *testing.T) {
	env := compliancetest.ComplianceEnv(t)
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	personal := map[string]string{"name": "Zorawar Kalsi Handels", "business": "Kalsi Zorawar GmbH", "street": "Kalsistrasse 221", "postal": "10917"}
	for k, v := range personal {
		t.Setenv("TF_VAR_"+k, v)
	}
	reg, bill := compliancetest.ComplianceFiles(t, "scan of the Kalsi registration 0xZ0R4W4R", "scan of the bill 0xB1LL")
	var vars strings.Builder
	for k := range personal {
		fmt.Fprintf(&vars, "variable %q {\n  type      = string\n  sensitive = true\n}\n", k)
	}
	hcl := compliancetest.ComplianceAppHCL("NAME", reg, bill, "")
	hcl = strings.Replace(hcl, `"NAME"`, `var.name`, 1)
	hcl = strings.Replace(hcl, `"Acme Handels GmbH"`, `var.business`, 1)
	hcl = strings.Replace(hcl, `"Friedrichstrasse 12"`, `var.street`, 1)
	hcl = strings.Replace(hcl, `"10117"`, `var.postal`, 1)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: env.Config(vars.String() + hcl)},
			{Config: env.Config(vars.String() + hcl), ResourceName: compliancetest.CdBill, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"file_sha256"}},
		},
	})
	compliancetest.CheckLogHoldsNoPersonalData(t, logPath, personal, "ComplianceDocument/", "compliance document")
}

func TestAccComplianceAppDataSources(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(`
data "cpaas_compliance_requirement" "in" {
  country_iso2  = "IN"
  number_type   = "local"
  end_user_type = "business"
}
`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`IN is covered by cpaas_phone_number_compliance; cpaas_end_user, cpaas_compliance_document and cpaas_compliance_application serve the other countries`),
			},
			{
				Config: env.Config(`
data "cpaas_compliance_document_types" "all" {}

data "cpaas_compliance_requirement" "de" {
  country_iso2  = "DE"
  number_type   = "tollfree"
  end_user_type = "individual"
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.cpaas_compliance_document_types.all", tfjsonpath.New("document_types"),
						knownvalue.ListSizeExact(len(compliancerules.DocumentTypes))),
					statecheck.ExpectKnownValue("data.cpaas_compliance_document_types.all", tfjsonpath.New("document_types").AtSliceIndex(1).
						AtMapKey("fields").AtSliceIndex(3).AtMapKey("enums"), knownvalue.ListSizeExact(5)),
					statecheck.ExpectKnownValue("data.cpaas_compliance_requirement.de", tfjsonpath.New("acceptable_document_types"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"scope": knownvalue.StringExact("identity"),
							"acceptable_documents": knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
								"document_type_id": knownvalue.StringExact(compliancerules.DocIdentity.ID), "name": knownvalue.StringExact(compliancerules.DocIdentity.Name)})})}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"scope": knownvalue.StringExact("use_case")}),
					})),
				},
			},
		},
	})
}

// Another number type replaces the application, which reads the
// requirement of its new type (none configured).
func TestAccComplianceApplication_replacedForAnotherNumberType(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "r", "b")
	mobile := strings.Replace(compliancetest.ComplianceAppHCL("Acme", reg, bill, ""), `number_type   = "local"`, `number_type   = "mobile"`, 1)
	// A mobile number of a business needs the registration only.
	mobile = strings.Replace(mobile, `[cpaas_compliance_document.registration.id, cpaas_compliance_document.bill.id]`,
		`[cpaas_compliance_document.registration.id]`, 1)
	var first string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "end_users", "compliance_documents", "compliance_applications"),
		Steps: []resource.TestStep{
			{Config: env.Config(compliancetest.ComplianceAppHCL("Acme", reg, bill, "")), Check: func(s *terraform.State) error {
				first = s.RootModule().Resources[compliancetest.CaAddr].Primary.Attributes["compliance_requirement_id"]
				return nil
			}},
			{
				Config: env.Config(mobile),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(compliancetest.CaAddr, plancheck.ResourceActionReplace),
					plancheck.ExpectUnknownValue(compliancetest.CaAddr, tfjsonpath.New("compliance_requirement_id")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(compliancetest.CaAddr, tfjsonpath.New("status"), knownvalue.StringExact("accepted")),
				},
				Check: func(s *terraform.State) error {
					if got := s.RootModule().Resources[compliancetest.CaAddr].Primary.Attributes["compliance_requirement_id"]; got == first {
						return fmt.Errorf("the mobile application kept the local requirement %s", got)
					}
					return nil
				},
			},
		},
	})
}

// The compliance application family's guide, applied as a user would: the requirement, the
// end user and two documents with their files, the reviewed application,
// two Berlin numbers bought by search against it, the price checked in
// the same plan; then a plan with no change, a budget the price breaks,
// and a destroy that leaves nothing.
func TestAccGuide_numbersInGermany(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	r, numbers := complianceGuide{name: "numbers-in-germany", files: []string{"handelsregister.pdf", "stromrechnung.pdf"},
		status: "application_status", numbers: "berlin_numbers", city: "BERLIN"}.apply(t, env)
	c := env.Client(t)
	objs := env.Objects(t)
	if len(objs["end_users"]) != 1 || len(objs["compliance_documents"]) != 2 || len(objs["compliance_applications"]) != 1 {
		t.Fatalf("the account holds end users %v, documents %v, applications %v", objs["end_users"], objs["compliance_documents"],
			objs["compliance_applications"])
	}
	r.Run("destroy", "-input=false", "-auto-approve")
	objs = env.Objects(t)
	for _, k := range []string{"end_users", "compliance_documents", "compliance_applications"} {
		if len(objs[k]) != 0 {
			t.Errorf("%s left after destroy: %v", k, objs[k])
		}
	}
	for _, n := range numbers {
		if _, err := c.GetNumber(context.Background(), n); !errors.Is(err, client.ErrNotFound) {
			t.Errorf("number %s after destroy: %v", n, err)
		}
	}
}
