package tendlc_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// Tests of the cpaas_10dlc_brand_otp action (Terraform 1.14+: _TF114).

// starterBrandHCL is a STARTER brand, cpaas_10dlc_brand.solo, of its own
// profile (whose contact phone is +14155550100); extra is more of the
// brand block.
func starterBrandHCL(extra string) string {
	return tendlctest.ProfileHCL("solo", "Solo Trader", "") + `
resource "cpaas_10dlc_brand" "solo" {
  brand_alias  = "Solo"
  profile_uuid = cpaas_10dlc_profile.solo.id
  brand_type   = "STARTER"
` + extra + `
}
`
}

const otpAction = `
action "cpaas_10dlc_brand_otp" "confirm" {
  config {
    brand_id = cpaas_10dlc_brand.solo.id
  }
}
`

// otpsSent checks how many OTPs the brand at addr was sent.
func otpsSent(t *testing.T, env *acctest.Env, addr string, want int) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := tendlctest.StateID(s, addr)
		if err != nil {
			return err
		}
		if got, ok := env.Control(t, "the OTPs the emulator sent").BrandOTPsSent(acctest.AuthID, id); !ok || got != want {
			return fmt.Errorf("brand %s was sent %d OTPs (found %v), want %d", id, got, ok, want)
		}
		return nil
	}
}

// The brand's lifecycle invokes the action once, after it is created; a
// plan without a change invokes nothing.
func TestAccTenDLCBrandOTPAction_actionTrigger_TF114(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	cfg := env.Config(starterBrandHCL(`  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cpaas_10dlc_brand_otp.confirm]
    }
  }`) + otpAction)
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		CheckDestroy:           env.CheckDestroyed(t, "10dlc_brands", "10dlc_profiles"),
		Steps: []resource.TestStep{{
			Config: cfg,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{messagetest.ExpectActionInvocations{Want: []messagetest.ActionInvocation{
					{Address: "action.cpaas_10dlc_brand_otp.confirm", Trigger: "cpaas_10dlc_brand.solo", Event: "AfterCreate"}}}},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			Check: otpsSent(t, env, "cpaas_10dlc_brand.solo", 1),
		}, {
			Config: cfg,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), messagetest.ExpectActionInvocations{}},
			},
			Check: otpsSent(t, env, "cpaas_10dlc_brand.solo", 1),
		}},
	})
}

// Invoked from the command line: each invocation texts once and reports
// the masked phone; a STANDARD brand and an unknown one are refused by
// the API, named in the error, and nothing is sent; a malformed brand_id
// is refused when the invocation is planned.
func TestAccTenDLCBrandOTPAction_invoke_TF114(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	env.Control(t, "the OTPs the emulator sent")
	r := messagetest.NewTF114Runner(t, env, starterBrandHCL("")+otpAction+tendlctest.BrandHCL("Acme Corp", "")+`
action "cpaas_10dlc_brand_otp" "standard" {
  config {
    brand_id = cpaas_10dlc_brand.test.id
  }
}

action "cpaas_10dlc_brand_otp" "unknown" {
  config {
    brand_id = "BZZZZZZ"
  }
}

action "cpaas_10dlc_brand_otp" "malformed" {
  config {
    brand_id = "bzzzzzz"
  }
}

output "solo" {
  value = cpaas_10dlc_brand.solo.id
}

output "standard" {
  value = cpaas_10dlc_brand.test.id
}
`)
	// A plan that invokes nothing refuses nothing: the malformed action
	// is not planned.
	r.Run("apply", "-input=false", "-auto-approve")
	solo := strings.TrimSpace(r.Run("output", "-raw", "solo"))
	standard := strings.TrimSpace(r.Run("output", "-raw", "standard"))
	sent := func(id string) int {
		n, _ := env.Control(t, "the OTPs the emulator sent").BrandOTPsSent(acctest.AuthID, id)
		return n
	}
	if n := sent(solo); n != 0 {
		t.Fatalf("an apply that invokes nothing sent %d OTPs", n)
	}

	out := r.Run("apply", "-input=false", "-auto-approve", "-invoke=action.cpaas_10dlc_brand_otp.confirm")
	if want := "10DLC brand " + solo + ": Message sent to XXXXXXXX0100, reply YES to confirm registration."; !strings.Contains(provtest.Unwrapped(out), want) {
		t.Errorf("no progress %q in the output:\n%s", want, out)
	}
	if n := sent(solo); n != 1 {
		t.Fatalf("one invocation sent %d OTPs", n)
	}

	for action, want := range map[string]string{
		"standard":  "brand " + standard + " is a STANDARD brand: the one-time confirmation text (OTP) is sent only for STARTER brands",
		"unknown":   "10DLC brand not found",
		"malformed": "Attribute brand_id must be B followed by 6 upper-case letters or digits, such as BXK2M9Q, got: bzzzzzz",
	} {
		out, err := r.Try("apply", "-input=false", "-auto-approve", "-invoke=action.cpaas_10dlc_brand_otp."+action)
		if err == nil || !strings.Contains(provtest.Unwrapped(out), want) {
			t.Errorf("invoke %s: err %v, want %q in:\n%s", action, err, want, out)
		}
	}
	if n, m := sent(solo), sent(standard); n != 1 || m != 0 {
		t.Errorf("after the refused invocations: %d and %d OTPs sent, want 1 and 0", n, m)
	}
	r.Run("destroy", "-input=false", "-auto-approve")
}
