package endpoint_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// requestsAtMost is a plan check: the /v1 requests since the counters were
// last reset are at most max (and at least min).
type requestsAtMost struct {
	env      *acctest.Env
	min, max int
	what     string
}

func (c requestsAtMost) CheckPlan(_ context.Context, _ plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	if n := c.env.Control(nil, "injected faults").FaultStats().Requests; n < c.min || n > c.max {
		resp.Error = fmt.Errorf("%s made %d API requests, want %d to %d", c.what, n, c.min, c.max)
	}
}

// Once the provider knows the account's SIP domain (from the first
// endpoint it reads), a create is the POST alone: no read-back. The creates
// of the first parallel burst share one read-back.
func TestAccEndpointRequests_createIsOneRequestOnceDomainKnown(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	const more = 4
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{{
			PreConfig: endpointtest.ResetRequestCount(env),
			Config: env.Config(fmt.Sprintf(`
resource "cpaas_endpoint" "first" {
  username = "first"
  password = "s3cret-pass"
  alias    = "first"
}

resource "cpaas_endpoint" "more" {
  count               = %d
  username            = "more${count.index}"
  password_wo         = "s3cret-pass-${count.index}"
  password_wo_version = 1
  alias               = "more ${count.index}"
}
`, more)),
			Check: func(s *terraform.State) error {
				// One POST each and one read-back that teaches the domain.
				if n, want := env.Control(t, "injected faults").FaultStats().Requests, 1+1+more; n != want {
					return fmt.Errorf("the apply made %d API requests, want %d", n, want)
				}
				c := env.Client(t)
				for i := range more {
					rs := s.RootModule().Resources[fmt.Sprintf("cpaas_endpoint.more.%d", i)]
					ep, err := c.GetEndpoint(context.Background(), rs.Primary.ID)
					if err != nil {
						return err
					}
					if got := rs.Primary.Attributes["sip_uri"]; got != ep.SIPURI {
						return fmt.Errorf("more[%d]: sip_uri in state %q, API says %q", i, got, ep.SIPURI)
					}
					if got := rs.Primary.Attributes["sip_registered"]; got != "false" {
						return fmt.Errorf("more[%d]: sip_registered %q", i, got)
					}
					if !env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, rs.Primary.ID, fmt.Sprintf("s3cret-pass-%d", i)) {
						return fmt.Errorf("more[%d]: the emulator does not hold the configured password", i)
					}
				}
				return nil
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
		}},
	})
}

// A refresh of many endpoints lists them with the largest page instead of
// reading each one, and still sees drift and deletion.
func TestAccEndpointRequests_refreshOfManyListsPages(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	const n = 45
	pages := (n + endpointrules.ListMaxLimit - 1) / endpointrules.ListMaxLimit
	config := env.Config(fmt.Sprintf(`
resource "cpaas_endpoint" "many" {
  count    = %d
  username = "many${count.index}"
  password = "s3cret-pass"
  alias    = "many ${count.index}"
}
`, n))
	ids := map[int]string{}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					for i := range n {
						ids[i] = s.RootModule().Resources[fmt.Sprintf("cpaas_endpoint.many.%d", i)].Primary.ID
					}
					return nil
				},
			},
			{
				// No change: the plan's refresh is ceil(45/20) pages plus the
				// GETs before the prefetch starts.
				PreConfig: endpointtest.ResetRequestCount(env),
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						requestsAtMost{env: env, min: pages, max: pages + client.RefreshListAfter, what: "refreshing 45 endpoints"},
					},
				},
			},
			{
				// Drift and a deletion behind Terraform's back are seen
				// through the prefetch too.
				PreConfig: func() {
					c := env.Client(t)
					alias := "changed outside"
					if err := c.UpdateEndpoint(context.Background(), ids[3], client.EndpointUpdate{Alias: &alias}); err != nil {
						t.Fatal(err)
					}
					if err := c.DeleteEndpoint(context.Background(), ids[30]); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("cpaas_endpoint.many[3]", plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("cpaas_endpoint.many[30]", plancheck.ResourceActionCreate),
						plancheck.ExpectResourceAction("cpaas_endpoint.many[4]", plancheck.ResourceActionNoop),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}
