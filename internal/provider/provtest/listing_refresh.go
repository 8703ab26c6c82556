package provtest

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// ListingRefresh is the refresh-from-listings acceptance test of one kind
// (internal/client/sched/listing.go): one configuration with more objects of the
// kind than a listing costs, applied once; then a plan whose refresh runs
// while the emulator leaves some of them out of every list reply
// (emulator.Faults.HideFromLists) while their GETs still find them. The
// plan must be empty (an object a list merely missed is never reported
// deleted: it is read with a GET), and the kind's requests in it, counted
// in the emulator's request log, are the listing's pages, the GETs of the
// hidden objects and at most RefreshListAfter-1 GETs more: fewer than one
// GET each.
type ListingRefresh struct {
	// config makes the objects (without the provider block).
	Config string
	// configAt makes config, when it needs the test (files in its
	// temporary directory).
	ConfigAt func(t *testing.T) string
	// opts adjust the emulator (FastRegistry for the 10DLC kinds).
	Opts []func(*emulator.Options)
	// typ is the resource type under test: "cpaas_endpoint".
	Typ string
	// route matches the kind's requests, by their path below the account
	// ("Endpoint/123/").
	Route *regexp.Regexp
	// hideBy is the state attribute whose value names an object in the
	// kind's list items ("" for "id"): "number" for a campaign's linked
	// number, whose id is "<campaign_id>/<number>".
	HideBy string
	// hide is how many of them the list replies leave out.
	Hide int
	// pages is what the kind's listing costs: its pages (one call per
	// parent for a child kind).
	Pages int
	// kinds are the emulator inventory kinds the configuration makes:
	// after the destroy they hold what they held before the apply.
	Kinds []string
	// setup makes what the configuration adopts rather than creates (a
	// verified caller ID needs a code no apply has), before the apply.
	Setup func(t *testing.T, env *acctest.Env)
}

// RequestLog is the emulator's request log (Options.Logf): the method and
// path below the account of each /v1 request since the last reset.
type RequestLog struct {
	mu    sync.Mutex
	Lines []string
}

var accountPrefix = regexp.MustCompile(`^/v1/Account/[^/]+/`)

func (l *RequestLog) Option(o *emulator.Options) {
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
		l.Lines = append(l.Lines, method+" "+accountPrefix.ReplaceAllString(path, ""))
	}
}

func (l *RequestLog) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.Lines = nil
}

// matching is the logged requests whose path route matches.
func (l *RequestLog) Matching(route *regexp.Regexp) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range l.Lines {
		if _, path, _ := strings.Cut(line, " "); route.MatchString(path) {
			out = append(out, line)
		}
	}
	return out
}

func (lr ListingRefresh) Run(t *testing.T) {
	t.Helper()
	log := &RequestLog{}
	env := acctest.NewEnv(t, append(lr.Opts, log.Option)...)
	if lr.Setup != nil {
		lr.Setup(t, env)
	}
	hcl := lr.Config
	if lr.ConfigAt != nil {
		hcl = lr.ConfigAt(t)
	}
	config := env.Config(hcl)
	attr := lr.HideBy
	if attr == "" {
		attr = "id"
	}
	before := env.Objects(t)
	var hidden []string
	n := 0
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(*terraform.State) error {
			after := env.Objects(t)
			for _, k := range lr.Kinds {
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
						if rs.Type == lr.Typ {
							names = append(names, addr)
						}
					}
					sort.Strings(names)
					n = len(names)
					if most := lr.Pages + lr.Hide + client.RefreshListAfter - 1; most >= n {
						return fmt.Errorf("%d %s objects cannot show a listing's saving: the refresh may cost up to %d requests", n, lr.Typ, most)
					}
					for i := range lr.Hide {
						hidden = append(hidden, s.RootModule().Resources[names[i*len(names)/lr.Hide]].Primary.Attributes[attr])
					}
					return nil
				},
			},
			{
				PreConfig: func() {
					env.Control(t, "injected faults").SetFaults(emulator.Faults{HideFromLists: hidden})
					log.Reset()
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						PlanCheckNow(func() error {
							reqs := log.Matching(lr.Route)
							if most := lr.Pages + lr.Hide + client.RefreshListAfter - 1; len(reqs) < lr.Pages+lr.Hide || len(reqs) > most {
								return fmt.Errorf("refreshing %d %s objects, %d of them left out of the list replies, made %d requests of the kind, want %d to %d: %v",
									n, lr.Typ, lr.Hide, len(reqs), lr.Pages+lr.Hide, most, reqs)
							}
							t.Logf("refreshing %d %s objects, %d hidden from lists: %d requests of the kind (%d GETs would be one each)", n, lr.Typ, lr.Hide, len(reqs), n)
							return nil
						}),
					},
				},
			},
		},
	})
}

// ListingRefresh adds an entry of TestAccListingRefresh (the tables'
// ListingRefreshes, by subtest name): each kind with a list route adds its
// own in its family's tables, as chaos parts are added.
func (r *Tables) ListingRefresh(name string, lr ListingRefresh) {
	registerIn(r.ListingRefreshes, "listing refresh", name, lr)
}
