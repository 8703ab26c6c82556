package provtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// ListingWait is the waiting-through-listings acceptance test of one
// waiting kind (internal/client/sched/listing_wait.go): the configuration of the
// kind's TestAccListingRefresh entry (many objects that wait at once),
// applied with the service deciding after delay, so that each object
// alone would read its status several times; then destroyed. The kind's
// requests, counted in the emulator's request log, are its list calls
// (shared rounds) and at most gets one-object GETs per object (the read
// after a create whose reply is too thin), never a GET per object per
// round.
type ListingWait struct {
	// refresh names the kind's TestAccListingRefresh entry, whose
	// configuration, emulator options and inventory kinds it uses.
	Refresh string
	// watches names the client's Listing the kind's waits read
	// (client.<watches>.Watch): TestListingWaitCoversEveryWaitingKind
	// checks that each one the provider waits through has its entry.
	Watches string
	// delay is how long the service takes to decide (set after the
	// entry's options).
	Delay func(*emulator.Options)
	// list matches the path of the list calls the waits read, get of one
	// object's read (paths below the account; GETs only are counted).
	List, Get *regexp.Regexp
	// n is how many objects wait at once.
	N int
	// gets is the most one-object GETs of the apply per object (1 for a
	// read after a thin create reply, 0 otherwise).
	Gets int
	// lists is the most list calls of the apply.
	Lists int
	// destroyLists and destroyGets bound the destroy's list calls and
	// one-object GETs (its refresh's and its waits'), for a kind whose
	// destroy waits (0: not checked).
	DestroyLists, DestroyGets int
}

func (lw ListingWait) Run(t *testing.T, refreshes map[string]ListingRefresh) {
	t.Helper()
	lr, ok := refreshes[lw.Refresh]
	if !ok {
		t.Fatalf("no listing refresh %q", lw.Refresh)
	}
	log := &RequestLog{}
	env := acctest.NewEnv(t, append(slices.Clone(lr.Opts), lw.Delay, log.Option)...)
	if lr.Setup != nil {
		lr.Setup(t, env)
	}
	hcl := lr.Config
	if lr.ConfigAt != nil {
		hcl = lr.ConfigAt(t)
	}
	config := env.Config(hcl)
	count := func(what string, most, mostGets int) error {
		lists, gets := log.Gets(lw.List), log.Gets(lw.Get)
		t.Logf("%s of %d %s: %d list calls, %d one-object GETs", what, lw.N, lr.Typ, len(lists), len(gets))
		if len(gets) > 0 && what == "the destroy" {
			t.Logf("%v", gets)
		}
		if len(lists) > most || len(gets) > mostGets {
			return fmt.Errorf("%s of %d %s made %d list calls (want at most %d) and %d one-object GETs (want at most %d): %v %v",
				what, lw.N, lr.Typ, len(lists), most, len(gets), mostGets, lists, gets)
		}
		return nil
	}
	before := env.Objects(t)
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
				PreConfig: log.Reset,
				Config:    config,
				Check: func(s *terraform.State) error {
					n := 0
					for _, rs := range s.RootModule().Resources {
						if rs.Type == lr.Typ {
							n++
						}
					}
					if n != lw.N {
						return fmt.Errorf("%d %s in the state, want %d", n, lr.Typ, lw.N)
					}
					return count("the apply", lw.Lists, lw.Gets*lw.N)
				},
			},
			{PreConfig: log.Reset, Config: config, Destroy: true, Check: func(*terraform.State) error {
				if lw.DestroyLists == 0 {
					return nil
				}
				return count("the destroy", lw.DestroyLists, lw.DestroyGets)
			}},
		},
	})
}

// ListingWait adds an entry of TestAccListingWait (the tables'
// ListingWaits, by subtest name): each waiting kind adds its own in its
// family's tables.
func (r *Tables) ListingWait(name string, lw ListingWait) {
	registerIn(r.ListingWaits, "listing wait", name, lw)
}

// RegistryDelay makes the 10DLC registry and operators decide after d.
func RegistryDelay(d time.Duration) func(*emulator.Options) {
	return func(o *emulator.Options) {
		o.BrandRegistrationDelay, o.CampaignRegistrationDelay, o.NumberLinkDelay = d, d, d
	}
}

// gets is the logged GETs whose path route matches.
func (l *RequestLog) Gets(route *regexp.Regexp) []string {
	var out []string
	for _, line := range l.Matching(route) {
		if strings.HasPrefix(line, "GET ") {
			out = append(out, line)
		}
	}
	return out
}

// getsAfterCreates is gets of the requests from the first POST on: the
// reads of an apply's creates, without the plan's (a plan-time check
// lists what the creates are checked against).
func (l *RequestLog) GetsAfterCreates(route *regexp.Regexp) []string {
	l.mu.Lock()
	lines := slices.Clone(l.Lines)
	l.mu.Unlock()
	var out []string
	posted := false
	for _, line := range lines {
		method, path, _ := strings.Cut(line, " ")
		posted = posted || method == "POST"
		if posted && method == "GET" && route.MatchString(path) {
			out = append(out, line)
		}
	}
	return out
}
