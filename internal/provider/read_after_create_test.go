package provider_test

import (
	"fmt"
	"maps"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// readsAfterCreate is the test of a kind whose create reply is too thin,
// so that each create is followed by a read, shared through the kind's
// listing (client.Listing.AfterCreate): n creates in one apply, counted in
// the emulator's request log (the emulator answers in the recorded
// shapes), make far fewer one-object GETs and list calls together than
// one GET each; the state they give equals what a refresh reads (the plan
// after the apply is empty, and a refresh changes no attribute).
type readsAfterCreate struct {
	typ       string
	config    string
	n         int
	list, get *regexp.Regexp
}

func (rc readsAfterCreate) run(t *testing.T) {
	t.Helper()
	log := &provtest.RequestLog{}
	env := acctest.NewEnv(t, log.Option)
	config := env.Config(rc.config)
	applied := map[string]map[string]string{}
	snapshot := func(s *terraform.State) map[string]map[string]string {
		out := map[string]map[string]string{}
		for addr, r := range s.RootModule().Resources {
			if r.Type == rc.typ {
				out[addr] = maps.Clone(r.Primary.Attributes)
			}
		}
		return out
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				PreConfig: log.Reset,
				Config:    config,
				Check: func(s *terraform.State) error {
					applied = snapshot(s)
					if len(applied) != rc.n {
						return fmt.Errorf("%d %s in the state, want %d", len(applied), rc.typ, rc.n)
					}
					// From the first create on: the plan's checks before it
					// (the release warning lists the account's numbers once)
					// are not reads after a create.
					lists, gets := log.GetsAfterCreates(rc.list), log.GetsAfterCreates(rc.get)
					t.Logf("the apply of %d %s: %d list calls, %d one-object GETs", rc.n, rc.typ, len(lists), len(gets))
					// One GET each before; shared, the creates Terraform
					// runs side by side (10) cost a page: 2 list calls
					// for 20 on an idle machine. How many creates end
					// inside one gathering depends on the machine's load
					// (on 2 cores at a load of 13, 4 to 6 list calls and
					// 1 or 2 GETs were seen): the bound is half the reads
					// in all, and a fifth of them one-object GETs (a
					// read whose listing missed its object), far from one
					// GET each.
					if len(lists)+len(gets) > rc.n/2 || len(gets) > rc.n/5 {
						return fmt.Errorf("the apply of %d %s read them with %d list calls and %d one-object GETs, want at most %d in all "+
							"and %d GETs: %v %v", rc.n, rc.typ, len(lists), len(gets), rc.n/2, rc.n/5, lists, gets)
					}
					return nil
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				RefreshState: true,
				Check: func(s *terraform.State) error {
					refreshed := snapshot(s)
					for addr, attrs := range applied {
						if !maps.Equal(attrs, refreshed[addr]) {
							return fmt.Errorf("%s after the apply: %v; after a refresh: %v", addr, attrs, refreshed[addr])
						}
					}
					return nil
				},
			},
		},
	})
}

// Twenty numbers bought in one apply: their reads after the purchase (the
// reply has no record) share the account's number listing.
func TestAccPhoneNumber_readsAfterCreateShareListing(t *testing.T) {
	t.Parallel()
	readsAfterCreate{typ: "cpaas_phone_number", config: numbertest.LrNumbersHCL(20), n: 20,
		list: regexp.MustCompile(`^Number/$`), get: regexp.MustCompile(`^Number/[^/]+/$`)}.run(t)
}

// Twenty subaccounts made in one apply: their reads after the create (the
// reply has no created) share the subaccount listing, newest first.
func TestAccSubaccount_readsAfterCreateShareListing(t *testing.T) {
	t.Parallel()
	readsAfterCreate{typ: "cpaas_subaccount", n: 20,
		list: regexp.MustCompile(`^Subaccount/$`), get: regexp.MustCompile(`^Subaccount/[^/]+/$`), config: `
resource "cpaas_subaccount" "many" {
  count   = 20
  name    = "rac-${count.index}"
  enabled = count.index % 2 == 0
}
`}.run(t)
}
