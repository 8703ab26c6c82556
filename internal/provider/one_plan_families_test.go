package provider_test

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// familiesHCL holds one static mistake in each family of the provider's
// objects: a data source (a subaccount named by a main account's
// auth_id), a resource kind whose own rules include some only a plan
// judges (an application's answer URL), and resource kinds with static
// rules only (a SIP trunk's direction; a message's type, an attribute
// validator, and two numbers in one destination, a rule of its
// ValidateConfig). Terraform stops
// after the first phase that has an error: a rule that ran at validate
// hid every rule of the plan.
const familiesHCL = `
data "cpaas_subaccount" "test" {
  auth_id = "MA2025RK4E639VJFZAGV"
}
resource "cpaas_application" "test" {
  app_name   = "support"
  answer_url = "/answer"
}
resource "cpaas_endpoint" "test" {
  username = "hank"
  alias    = "Hank"
}
resource "cpaas_sip_trunk" "test" {
  name            = "trunk"
  trunk_direction = "sideways"
  ipacl_id        = "a"
}
resource "cpaas_message" "test" {
  src  = "14155550100"
  dst  = ["12125550199"]
  type = "fax"
  text = "x"
}
resource "cpaas_message" "two" {
  src  = "14155550100"
  dst  = ["12125550199<12125550100"]
  text = "x"
}
`

// familiesMistakes are the errors familiesHCL's plan names, one each.
var familiesMistakes = []string{
	`Attribute auth_id must be SA followed by 18 upper-case letters or digits, got "MA2025RK4E639VJFZAGV"`,
	`Attribute answer_url "/answer" is invalid`,
	`Missing endpoint password.*Creating endpoint "hank" needs a password`,
	`Attribute trunk_direction value must be one of: \["inbound" "outbound"\], got: "sideways"`,
	`Attribute type value must be one of: \["sms" "mms" "chatapp"\], got: "fax"`,
	`dst\[0\]: must hold one number; list several destinations as separate elements`,
}

// One configuration, a mistake in each family: one plan names every one,
// once, on its attribute, and nothing is made.
func TestAccOnePlan_mistakesAcrossFamilies(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, familiesHCL)
	expectEachOnce(t, errs, familiesMistakes...)
}

// The same through the test framework, the provider served in-process: a
// plan only step fails with each mistake.
func TestAccOnePlan_mistakesAcrossFamiliesPlanOnly(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	steps := make([]resource.TestStep, 0, len(familiesMistakes))
	for _, m := range familiesMistakes {
		steps = append(steps, resource.TestStep{
			Config:      env.Config(familiesHCL),
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(m),
		})
	}
	acctest.Test(t, resource.TestCase{Steps: steps})
}

// With an action too (Terraform 1.14+): an endpoint that sends a message
// when it is created, through an action whose destination is no number.
// The invocation is planned with the endpoint; its mistake is named in
// the same plan as the others'.
func TestAccOnePlan_mistakesAcrossFamiliesAction_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	before := env.Objects(t)
	r := messagetest.NewTF114Runner(t, env, familiesHCL+messagetest.NotifyWithLeadingZeroHCL)
	out, err := r.Try("plan", "-input=false", "-no-color")
	if err == nil {
		t.Fatalf("the plan succeeded:\n%s", out)
	}
	var errs []string
	for _, block := range strings.Split(out, "Error: ")[1:] {
		errs = append(errs, provtest.Unwrapped(block))
	}
	expectEachOnce(t, errs, append(familiesMistakes,
		`dst: sanitised number "012125550199" must begin with the country code, not 0`)...)
	if after := env.Objects(t); !reflect.DeepEqual(before, after) {
		t.Errorf("a refused plan changed the account's objects:\nbefore %v\nafter  %v", before, after)
	}
	messagetest.ExpectSent(t, env)
}

// `terraform validate`, which plans nothing, names an action's mistake
// (the provider reads that the CLI validates), though no plan invokes it.
func TestAccOnePlan_validateChecksActionRules_TF114(t *testing.T) {
	t.Parallel()
	r := newBuiltProviderRunner(t)
	r.SkipBelowTF114()
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.Write("terraform {\n  required_providers {\n    cpaas = { source = \"cpaas-dev/cpaas\" }\n  }\n}\n" + `
action "cpaas_send_message" "notify" {
  config {
    src  = "14155550100"
    dst  = ["012125550199"]
    text = "hello"
  }
}
`)
	out, err := r.Try("validate", "-no-color")
	if err == nil {
		t.Fatalf("terraform validate succeeded:\n%s", out)
	}
	var errs []string
	for _, block := range strings.Split(out, "Error: ")[1:] {
		errs = append(errs, provtest.Unwrapped(block))
	}
	expectEachOnce(t, errs, `dst: sanitised number "012125550199" must begin with the country code, not 0`)
}
