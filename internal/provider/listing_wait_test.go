package provider_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// listingWait is the waiting-through-listings acceptance test of one
// waiting kind (internal/client/sched/listing_wait.go): the configuration of the
// kind's TestAccListingRefresh entry (many objects that wait at once),
// applied with the service deciding after delay, so that each object
// alone would read its status several times; then destroyed. The kind's
// requests, counted in the emulator's request log, are its list calls
// (shared rounds) and at most gets one-object GETs per object (the read
// after a create whose reply is too thin), never a GET per object per
// round.
type listingWait struct {
	// refresh names the kind's TestAccListingRefresh entry, whose
	// configuration, emulator options and inventory kinds it uses.
	refresh string
	// watches names the client's Listing the kind's waits read
	// (client.<watches>.Watch): TestListingWaitCoversEveryWaitingKind
	// checks that each one the provider waits through has its entry.
	watches string
	// delay is how long the service takes to decide (set after the
	// entry's options).
	delay func(*emulator.Options)
	// list matches the path of the list calls the waits read, get of one
	// object's read (paths below the account; GETs only are counted).
	list, get *regexp.Regexp
	// n is how many objects wait at once.
	n int
	// gets is the most one-object GETs of the apply per object (1 for a
	// read after a thin create reply, 0 otherwise).
	gets int
	// lists is the most list calls of the apply.
	lists int
	// destroyLists and destroyGets bound the destroy's list calls and
	// one-object GETs (its refresh's and its waits'), for a kind whose
	// destroy waits (0: not checked).
	destroyLists, destroyGets int
}

func (lw listingWait) run(t *testing.T, refreshes map[string]listingRefresh) {
	t.Helper()
	lr, ok := refreshes[lw.refresh]
	if !ok {
		t.Fatalf("no listing refresh %q", lw.refresh)
	}
	log := &requestLog{}
	env := acctest.NewEnv(t, append(slices.Clone(lr.opts), lw.delay, log.option)...)
	if lr.setup != nil {
		lr.setup(t, env)
	}
	hcl := lr.config
	if lr.configAt != nil {
		hcl = lr.configAt(t)
	}
	config := env.Config(hcl)
	count := func(what string, most, mostGets int) error {
		lists, gets := log.gets(lw.list), log.gets(lw.get)
		t.Logf("%s of %d %s: %d list calls, %d one-object GETs", what, lw.n, lr.typ, len(lists), len(gets))
		if len(gets) > 0 && what == "the destroy" {
			t.Logf("%v", gets)
		}
		if len(lists) > most || len(gets) > mostGets {
			return fmt.Errorf("%s of %d %s made %d list calls (want at most %d) and %d one-object GETs (want at most %d): %v %v",
				what, lw.n, lr.typ, len(lists), most, len(gets), mostGets, lists, gets)
		}
		return nil
	}
	before := env.Objects(t)
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
				PreConfig: log.reset,
				Config:    config,
				Check: func(s *terraform.State) error {
					n := 0
					for _, rs := range s.RootModule().Resources {
						if rs.Type == lr.typ {
							n++
						}
					}
					if n != lw.n {
						return fmt.Errorf("%d %s in the state, want %d", n, lr.typ, lw.n)
					}
					return count("the apply", lw.lists, lw.gets*lw.n)
				},
			},
			{PreConfig: log.reset, Config: config, Destroy: true, Check: func(*terraform.State) error {
				if lw.destroyLists == 0 {
					return nil
				}
				return count("the destroy", lw.destroyLists, lw.destroyGets)
			}},
		},
	})
}

// listingWait adds an entry of TestAccListingWait (the tables'
// listingWaits, by subtest name): each waiting kind adds its own in its
// family's tables.
func (r *testTables) listingWait(name string, lw listingWait) {
	registerIn(r.listingWaits, "listing wait", name, lw)
}

// TestAccListingWait runs listingWait for every waiting kind.
func TestAccListingWait(t *testing.T) {
	t.Parallel()
	runEachParallel(t, tables.listingWaits, func(t *testing.T, lw listingWait) { lw.run(t, tables.listingRefreshes) })
}

// TestListingWaitCoversEveryWaitingKind checks that every Listing the
// provider waits through (a call client.<Listing>.Watch in its sources)
// has its TestAccListingWait entry, and that every entry names one: a new
// waiting kind cannot skip the test that counts its waits' requests.
func TestListingWaitCoversEveryWaitingKind(t *testing.T) {
	// The provider's sources: this folder's and each family's.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	inFamilies, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, inFamilies...)
	waited := map[string]string{} // Listing -> a file that waits through it
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			watch, ok := n.(*ast.SelectorExpr)
			if !ok || watch.Sel.Name != "Watch" {
				return true
			}
			if listing, ok := watch.X.(*ast.SelectorExpr); ok {
				if pkg, ok := listing.X.(*ast.Ident); ok && pkg.Name == "client" {
					waited[listing.Sel.Name] = fset.Position(watch.Pos()).String()
				}
			}
			return true
		})
	}
	if len(waited) == 0 {
		t.Fatal("no client.<Listing>.Watch call found in the provider's sources: the check checks nothing")
	}
	entries := map[string]string{}
	for name, lw := range tables.listingWaits {
		if lw.watches == "" {
			t.Errorf("TestAccListingWait entry %q names no Listing: set watches", name)
			continue
		}
		entries[lw.watches] = name
		if _, ok := waited[lw.watches]; !ok {
			t.Errorf("TestAccListingWait entry %q names client.%s, which no resource waits through", name, lw.watches)
		}
	}
	for listing, at := range waited {
		if _, ok := entries[listing]; !ok {
			t.Errorf("%s: a wait through client.%s.Watch has no TestAccListingWait entry: add one to its family's tables (listingWait) (watches: %q)", at, listing, listing)
		}
	}
}

// registryDelay makes the 10DLC registry and operators decide after d.
func registryDelay(d time.Duration) func(*emulator.Options) {
	return func(o *emulator.Options) {
		o.BrandRegistrationDelay, o.CampaignRegistrationDelay, o.NumberLinkDelay = d, d, d
	}
}

// gets is the logged GETs whose path route matches.
func (l *requestLog) gets(route *regexp.Regexp) []string {
	var out []string
	for _, line := range l.matching(route) {
		if strings.HasPrefix(line, "GET ") {
			out = append(out, line)
		}
	}
	return out
}

// getsAfterCreates is gets of the requests from the first POST on: the
// reads of an apply's creates, without the plan's (a plan-time check
// lists what the creates are checked against).
func (l *requestLog) getsAfterCreates(route *regexp.Regexp) []string {
	l.mu.Lock()
	lines := slices.Clone(l.lines)
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
