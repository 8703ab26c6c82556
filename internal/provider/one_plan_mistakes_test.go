package provider_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
)

// pendingPlanErrors runs `terraform plan` on config (the provider block
// of env added) and returns its errors' summaries and details, each
// folded to one line.
func planErrors(t *testing.T, env *acctest.Env, config string) []string {
	t.Helper()
	r := newTFRunner(t)
	r.write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", chaosProviderSrc) +
		env.ProviderConfig() + config)
	r.run("init", "-input=false")
	out, err := r.try("plan", "-input=false")
	if err == nil {
		t.Fatalf("the plan succeeded:\n%s", out)
	}
	var errs []string
	for _, block := range strings.Split(out, "Error: ")[1:] {
		errs = append(errs, unwrapped(block))
	}
	return errs
}

// expectEachOnce fails unless every pattern matches exactly one of errs
// and every error is matched: one mistake, one error, all in one plan.
func expectEachOnce(t *testing.T, errs []string, patterns ...string) {
	t.Helper()
	used := make([]bool, len(errs))
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		n := 0
		for i, e := range errs {
			if re.MatchString(e) {
				n++
				used[i] = true
			}
		}
		if n != 1 {
			t.Errorf("%d errors match %q, want 1", n, p)
		}
	}
	for i, e := range errs {
		if !used[i] {
			t.Errorf("an error no mistake explains: %s", e)
		}
	}
	if t.Failed() {
		t.Logf("the plan's errors:\n%s", strings.Join(errs, "\n"))
	}
}

// A campaign with five mistakes: a use case and a vertical that are not
// in the lists (static rules), two samples under today's minimum (rules
// the service added later, judged only for what is created or changed)
// and no description, which a create needs. One plan names all five, one
// error each, on its attribute; nothing is created.
func TestAccTenDLCCampaign_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := tendlcEnv(t)
	errs := planErrors(t, env, brandHCL("Acme Corp", "")+`
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = "Alerts"
  usecase        = "MARKETNG"
  vertical       = "RETAILS"
  sample1        = "OTP sign-in"
  sample2        = "call forward"
}
`)
	expectEachOnce(t, errs,
		`usecase value must be one of`,
		`vertical value must be one of`,
		`Attribute sample1 must be 20 to 1024 characters long, got 11`,
		`Attribute sample2 must be 20 to 1024 characters long, got 12`,
		`Attribute description is required to create a 10DLC campaign`)
	if objs := env.Objects(t); len(objs["brands"]) != 0 || len(objs["campaigns"]) != 0 {
		t.Fatalf("a refused plan made %v", objs)
	}
}
