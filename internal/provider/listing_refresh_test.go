package provider_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// listingRefresh is the refresh-from-listings acceptance test of one kind
// (internal/client/sched/listing.go): one configuration with more objects of the
// kind than a listing costs, applied once; then a plan whose refresh runs
// while the emulator leaves some of them out of every list reply
// (emulator.Faults.HideFromLists) while their GETs still find them. The
// plan must be empty (an object a list merely missed is never reported
// deleted: it is read with a GET), and the kind's requests in it, counted
// in the emulator's request log, are the listing's pages, the GETs of the
// hidden objects and at most RefreshListAfter-1 GETs more: fewer than one
// GET each.
type listingRefresh struct {
	// config makes the objects (without the provider block).
	config string
	// configAt makes config, when it needs the test (files in its
	// temporary directory).
	configAt func(t *testing.T) string
	// opts adjust the emulator (fastRegistry for the 10DLC kinds).
	opts []func(*emulator.Options)
	// typ is the resource type under test: "cpaas_endpoint".
	typ string
	// route matches the kind's requests, by their path below the account
	// ("Endpoint/123/").
	route *regexp.Regexp
	// hideBy is the state attribute whose value names an object in the
	// kind's list items ("" for "id"): "number" for a campaign's linked
	// number, whose id is "<campaign_id>/<number>".
	hideBy string
	// hide is how many of them the list replies leave out.
	hide int
	// pages is what the kind's listing costs: its pages (one call per
	// parent for a child kind).
	pages int
	// kinds are the emulator inventory kinds the configuration makes:
	// after the destroy they hold what they held before the apply.
	kinds []string
	// setup makes what the configuration adopts rather than creates (a
	// verified caller ID needs a code no apply has), before the apply.
	setup func(t *testing.T, env *acctest.Env)
}

// requestLog is the emulator's request log (Options.Logf): the method and
// path below the account of each /v1 request since the last reset.
type requestLog struct {
	mu    sync.Mutex
	lines []string
}

var accountPrefix = regexp.MustCompile(`^/v1/Account/[^/]+/`)

func (l *requestLog) option(o *emulator.Options) {
	o.Logf = func(_ string, args ...any) {
		if len(args) < 2 {
			return
		}
		method, _ := args[0].(string)
		path, _ := args[1].(string)
		if !accountPrefix.MatchString(path) {
			return
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		l.lines = append(l.lines, method+" "+accountPrefix.ReplaceAllString(path, ""))
	}
}

func (l *requestLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = nil
}

// matching is the logged requests whose path route matches.
func (l *requestLog) matching(route *regexp.Regexp) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range l.lines {
		if _, path, _ := strings.Cut(line, " "); route.MatchString(path) {
			out = append(out, line)
		}
	}
	return out
}

func (lr listingRefresh) run(t *testing.T) {
	t.Helper()
	log := &requestLog{}
	env := acctest.NewEnv(t, append(lr.opts, log.option)...)
	if lr.setup != nil {
		lr.setup(t, env)
	}
	hcl := lr.config
	if lr.configAt != nil {
		hcl = lr.configAt(t)
	}
	config := env.Config(hcl)
	attr := lr.hideBy
	if attr == "" {
		attr = "id"
	}
	before := env.Objects(t)
	var hidden []string
	n := 0
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(*terraform.State) error {
			after := env.Objects(t)
			for _, k := range lr.kinds {
				if !slices.Equal(before[k], after[k]) {
					return fmt.Errorf("%s after the destroy: %v; before the apply: %v", k, after[k], before[k])
				}
			}
			return nil
		},
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
					if most := lr.pages + lr.hide + client.RefreshListAfter - 1; most >= n {
						return fmt.Errorf("%d %s objects cannot show a listing's saving: the refresh may cost up to %d requests", n, lr.typ, most)
					}
					for i := range lr.hide {
						hidden = append(hidden, s.RootModule().Resources[names[i*len(names)/lr.hide]].Primary.Attributes[attr])
					}
					return nil
				},
			},
			{
				PreConfig: func() {
					env.Control(t, "injected faults").SetFaults(emulator.Faults{HideFromLists: hidden})
					log.reset()
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						planCheckNow(func() error {
							reqs := log.matching(lr.route)
							if most := lr.pages + lr.hide + client.RefreshListAfter - 1; len(reqs) < lr.pages+lr.hide || len(reqs) > most {
								return fmt.Errorf("refreshing %d %s objects, %d of them left out of the list replies, made %d requests of the kind, want %d to %d: %v",
									n, lr.typ, lr.hide, len(reqs), lr.pages+lr.hide, most, reqs)
							}
							t.Logf("refreshing %d %s objects, %d hidden from lists: %d requests of the kind (%d GETs would be one each)", n, lr.typ, lr.hide, len(reqs), n)
							return nil
						}),
					},
				},
			},
		},
	})
}

// lrNumbersHCL buys n SMS-enabled US numbers, cpaas_phone_number.many.
func lrNumbersHCL(n int) string {
	return fmt.Sprintf(`
data "cpaas_phone_numbers" "lr" {
  country_iso = "US"
  services    = ["sms", "voice"]
  max_results = %[1]d
}

resource "cpaas_phone_number" "many" {
  count  = %[1]d
  number = data.cpaas_phone_numbers.lr.numbers[count.index].number
  lifecycle {
    ignore_changes = [number]
  }
}
`, n)
}

// lrProfilesHCL makes n profiles, cpaas_10dlc_profile.many.
func lrProfilesHCL(n int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_profile" "many" {
  count               = %d
  profile_alias       = "lr-${count.index}"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Listing Co ${count.index}"
  ein                 = format("12-34567%%02d", count.index)
  ein_issuing_country = "US"
  vertical            = "RETAIL"
  address = {
    street      = "${count.index} Main St"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }
  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane@example.com"
  }
}
`, n)
}

// lrBrandsHCL registers a brand for each of n profiles,
// cpaas_10dlc_brand.many.
func lrBrandsHCL(n int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_brand" "many" {
  count        = %d
  brand_alias  = "Listing Brand ${count.index}"
  profile_uuid = cpaas_10dlc_profile.many[count.index].id
  brand_type   = "STANDARD"
}
`, n)
}

// lrCampaignsHCL registers n campaigns under brand 0,
// cpaas_10dlc_campaign.many.
func lrCampaignsHCL(n int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "many" {
  count          = %d
  brand_id       = cpaas_10dlc_brand.many[0].id
  campaign_alias = "Listing campaign ${count.index}"
  vertical       = "RETAIL"
  usecase        = "DELIVERY_NOTIFICATION"
  description    = "Tells customers of the listing test when their order ${count.index} is ready for pickup."
  sample1        = "Your order is ready at the counter. Reply STOP to opt out."
  sample2        = "Order ${count.index} is waiting for you. Reply HELP for help, STOP to opt out."
}
`, n)
}

// listingRefresh adds an entry of TestAccListingRefresh (the tables'
// listingRefreshes, by subtest name): each kind with a list route adds its
// own in its family's tables, as chaos parts are added.
func (r *testTables) listingRefresh(name string, lr listingRefresh) {
	registerIn(r.listingRefreshes, "listing refresh", name, lr)
}

// TestAccListingRefresh runs listingRefresh for every kind with a list
// route, in the order of their names.
func TestAccListingRefresh(t *testing.T) {
	t.Parallel()
	runEachParallel(t, tables.listingRefreshes, func(t *testing.T, lr listingRefresh) { lr.run(t) })
}

// TestListingRefreshCoversEveryListedKind: every resource whose refreshes
// a listing answers (its page has the Refresh note) has an entry.
func TestListingRefreshCoversEveryListedKind(t *testing.T) {
	pages, err := provider.DocPages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, lr := range tables.listingRefreshes {
		registered[lr.typ] = true
	}
	listed := 0
	for _, p := range pages {
		if p.Dir != "resources" || p.Refresh == "" {
			continue
		}
		listed++
		if typ := "cpaas_" + p.Name; !registered[typ] {
			t.Errorf("%s refreshes from a listing but has no entry in TestAccListingRefresh: add one to its family's tables (listingRefresh)", typ)
		}
	}
	if listed == 0 {
		t.Fatal("no resource page has a Refresh note: the check checks nothing")
	}
}
