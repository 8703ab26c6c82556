package provider_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// TestAccRateLimit_manyEndpointsUnderALowLimit applies 40 endpoints at
// Terraform's default -parallelism of 10 against an account limited to 20
// requests a second with a burst of 5, with max_retries = 1: throttling
// must neither fail the apply (429s do not use up max_retries, and the
// client slows down) nor create anything twice (a 429 means the create was
// not carried out, so retrying it is safe).
func TestAccRateLimit_manyEndpointsUnderALowLimit(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	t.Parallel()
	const n = 40
	env := acctest.NewEnv(t, func(o *emulator.Options) { o.RateLimit = emulator.RateLimit{Rate: 20, Burst: 5} })
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	var b strings.Builder
	b.WriteString(provtest.RelProvider(env.URL, 1))
	for i := 1; i <= n; i++ {
		b.WriteString(endpointtest.RelEndpointHCL(i))
	}
	config := b.String()
	checkEndpoints := func(want int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			ids := env.Objects(t)["endpoints"]
			if len(ids) != want {
				return fmt.Errorf("the account holds %d endpoints, want %d: %v", len(ids), want, ids)
			}
			return nil
		}
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkEndpoints(0),
		Steps: []resource.TestStep{{
			Config: config,
			Check:  checkEndpoints(n),
		}, {
			Config:           config,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		}},
	})
	stats := env.Control(t, "injected faults").FaultStats()
	t.Logf("%d requests, %d refused by the rate limit", stats.Requests, stats.RateLimited)
	if stats.RateLimited == 0 {
		t.Fatal("the emulator's rate limit refused nothing: the test did not exercise throttling")
	}
}
