package number_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// A number tainted by hand is replaced by a plan the provider sees as a
// plain create, without the number the state holds: the plan still names
// the number the apply would release (the account owns one with the
// configured alias), and says how to keep it. A create on an account that
// owns no such number does not warn.
func TestAccPhoneNumber_taintedReleaseIsNamed(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf(`
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, provtest.ChaosProviderSrc) + env.ProviderConfig() + `
resource "cpaas_phone_number" "support" {
  search = { country_iso = "US", city = "San Francisco" }
  alias  = "support line"
}
`)
	r.Run("init", "-input=false")
	out := r.Run("apply", "-input=false", "-auto-approve")
	if strings.Contains(out, "may be released") {
		t.Fatalf("the first purchase warned of a release:\n%s", out)
	}
	nums := env.Objects(t)["numbers"]
	if len(nums) != 1 {
		t.Fatalf("the account owns %v, want one number", nums)
	}
	if code, out := r.PlanExitCode(); code != 0 {
		t.Fatalf("plan after apply: exit %d\n%s", code, out)
	}
	r.Run("taint", "cpaas_phone_number.support")
	code, plan := r.PlanExitCode()
	// Terraform says "is tainted, so must be replaced", OpenTofu "so it must".
	if code != 2 || !regexp.MustCompile(`is tainted, so (it )?must be replaced`).MatchString(plan) {
		t.Fatalf("plan after taint: exit %d\n%s", code, plan)
	}
	for _, want := range []string{"Phone number " + nums[0] + " may be released", "the apply releases " + nums[0], "terraform untaint"} {
		if !strings.Contains(strings.Join(strings.Fields(plan), " "), want) {
			t.Errorf("the plan does not say %q:\n%s", want, plan)
		}
	}
	r.Run("untaint", "cpaas_phone_number.support")
	if code, out := r.PlanExitCode(); code != 0 || strings.Contains(out, "may be released") {
		t.Fatalf("plan after untaint: exit %d\n%s", code, out)
	}
}
