package provider_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// TestAccPresence_unknownValuesCheckedAtPlan: number/search of
// cpaas_phone_number (exactly one) and app_id/sip_trunk_id (not both)
// depend only on presence, so a value known only after apply counts as
// set: the mistake is refused by the plan, before the application the
// same configuration creates exists, in the framework's wording. A
// module that passes one of two variables still validates (terraform
// validate knows no variable), and a configuration with one pending value
// plans.
func TestAccPresence_unknownValuesCheckedAtPlan(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	r := provtest.NewTFRunner(t)
	head := fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + `
resource "cpaas_application" "app" {
  app_name   = "presence"
  answer_url = "https://example.com/answer"
}
resource "terraform_data" "later" {
  input = "+14155550100"
}
`
	refused := func(name, number string, want string) {
		t.Helper()
		r.Write(head + `
resource "cpaas_phone_number" "n" {
` + number + `
}
`)
		if name == "first" {
			r.Run("init", "-input=false")
		}
		out, err := r.Try("apply", "-auto-approve", "-input=false")
		if objs := env.Objects(t); len(objs["applications"]) != 0 || len(objs["numbers"]) != 0 {
			t.Errorf("%s: the refused apply created %v", name, objs)
		}
		if err == nil || !strings.Contains(provtest.Unwrapped(out), want) {
			t.Fatalf("%s: want the apply refused with %q, got %v:\n%s", name, want, err, out)
		}
	}
	// One known, one pending: refused at validation.
	refused("first", `  number = terraform_data.later.output
  search = { country_iso = "US" }`,
		"Exactly one of these attributes must be configured: [number,search] (search set; number known only after apply, which still counts as set)")
	// Both pending: refused at plan.
	refused("both pending", `  search       = { country_iso = "US" }
  app_id       = cpaas_application.app.app_id
  sip_trunk_id = terraform_data.later.output`,
		`Attribute "app_id" cannot be specified when "sip_trunk_id" is specified (a value known only after apply still counts as set)`)

	// One pending value of the two: a plan.
	r.Write(head + `
resource "cpaas_phone_number" "n" {
  number = terraform_data.later.output
  app_id = cpaas_application.app.app_id
}
`)
	if code, out := r.PlanExitCode(); code != 2 {
		t.Fatalf("one pending number: plan exit code %d, want 2:\n%s", code, out)
	}
	// A module's choice between two variables validates.
	r.Write(head + `
variable "number" {
  type    = string
  default = null
}
variable "search" {
  type    = object({ country_iso = string })
  default = { country_iso = "US" }
}
resource "cpaas_phone_number" "n" {
  number = var.number
  search = var.search
}
`)
	r.Run("validate")
	r.Run("destroy", "-auto-approve", "-input=false")
}
