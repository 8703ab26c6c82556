package provider_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// listingRefresh is the refresh-from-listings acceptance test of one kind
// (internal/client/listing.go): one configuration with more objects of the
// kind than a listing costs, applied once; then a plan whose refresh runs
// while the emulator leaves some of them out of every list reply
// (emulator.Faults.HideFromLists) while their GETs still find them. The
// plan must be empty (an object a list merely missed is never reported
// deleted: it is read with a GET) and cost the listing's pages, the GETs of
// the hidden objects and at most RefreshListAfter-1 GETs more, fewer
// requests than one GET each.
type listingRefresh struct {
	env *acctest.Env
	// config makes the objects (without the provider block).
	config string
	// typ is the resource type under test: "cpaas_endpoint".
	typ string
	// hideBy is the state attribute whose value names an object in the
	// kind's list items ("" for "id"): "number" for a campaign's linked
	// number, whose id is "<campaign_id>/<number>".
	hideBy string
	// hide is how many of them the list replies leave out.
	hide int
	// base is what the rest of the refresh costs: the kind's list pages
	// (one per parent for a child kind) and the requests of the other
	// resources of config.
	base int
	// checkDestroy checks the emulator after the destroy.
	checkDestroy resource.TestCheckFunc
}

func (lr listingRefresh) run(t *testing.T) {
	t.Helper()
	config := lr.env.Config(lr.config)
	attr := lr.hideBy
	if attr == "" {
		attr = "id"
	}
	var hidden []string
	n := 0
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             lr.checkDestroy,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					var names []string
					for addr, rs := range s.RootModule().Resources {
						if rs.Type == lr.typ {
							names = append(names, addr)
						}
					}
					sort.Strings(names)
					n = len(names)
					if most := lr.base + lr.hide + client.RefreshListAfter - 1; most >= n {
						return fmt.Errorf("%d %s objects cannot show a listing's saving: the refresh may cost up to %d requests", n, lr.typ, most)
					}
					for i := 0; i < lr.hide; i++ {
						hidden = append(hidden, s.RootModule().Resources[names[i*len(names)/lr.hide]].Primary.Attributes[attr])
					}
					return nil
				},
			},
			{
				PreConfig: func() { lr.env.Server.SetFaults(emulator.Faults{HideFromLists: hidden}) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						requestsAtMost{env: lr.env, min: lr.base, max: lr.base + lr.hide + client.RefreshListAfter - 1,
							what: fmt.Sprintf("refreshing the %s objects, %d of them left out of the list replies", lr.typ, lr.hide)},
					},
				},
			},
		},
	})
}

// Endpoints: a listing missing two of 15 endpoints costs its one page and
// the two GETs, and the plan stays empty.
func TestAccListingRefresh_endpoints(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	listingRefresh{
		env: env, typ: "cpaas_endpoint", hide: 2, base: 1, checkDestroy: checkEndpointsDestroyed(env, t),
		config: `
resource "cpaas_endpoint" "many" {
  count    = 15
  username = "lr${count.index}"
  password = "s3cret-pass"
  alias    = "listed ${count.index}"
}
`,
	}.run(t)
}
