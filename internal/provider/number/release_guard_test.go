package number_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// The release guard of cpaas_phone_number (release_guard.go), as a new
// user meets it: each test writes the configuration such a user writes and
// runs the Terraform CLI, whose output carries the plan's warnings.

// newReleaseRunner returns a runner with config (after the provider
// block pointing at env) written and initialised.
func newReleaseRunner(t *testing.T, env *acctest.Env, config string) *provtest.TfRunner {
	t.Helper()
	acctest.PreCheck(t)
	r := provtest.NewTFRunner(t)
	r.Write(releaseHead(env) + config)
	r.Run("init", "-input=false")
	return r
}

func releaseHead(env *acctest.Env) string {
	return fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) + env.ProviderConfig()
}

// ownedNumbers is what the emulator says the account owns, sorted.
func ownedNumbers(t *testing.T, env *acctest.Env) []string {
	t.Helper()
	got := slices.Clone(env.Objects(t)["numbers"])
	slices.Sort(got)
	return got
}

// forEachOverSearch is the configuration a user reported: two numbers keyed
// by a search's results.
const forEachOverSearch = `
data "cpaas_phone_numbers" "x" {
  country_iso = "US"
  type        = "local"
  city        = "San Francisco"
  max_results = 2
}

resource "cpaas_phone_number" "n" {
  for_each = toset(data.cpaas_phone_numbers.x.numbers[*].number)
  number   = each.value
%s}
`

// A for_each over search results buys two numbers; they leave the results,
// so the next plan releases both and buys two others. It warns, naming
// both.
func TestAccPhoneNumber_releaseGuardForEachOverSearchWarns(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := newReleaseRunner(t, env, fmt.Sprintf(forEachOverSearch, ""))
	r.Run("apply", "-auto-approve", "-input=false")
	bought := ownedNumbers(t, env)
	if len(bought) != 2 {
		t.Fatalf("bought %v, want two numbers", bought)
	}
	out := numbertest.Flat(r.ExpectPlan(2))
	for _, n := range bought {
		if !numbertest.ReleaseWarned(out, n) || !strings.Contains(out, "for_each key that changed") {
			t.Fatalf("plan does not warn that %s is released:\n%s", n, out)
		}
	}
	if !strings.Contains(out, "2 to add, 0 to change, 2 to destroy") || !strings.Contains(out, "key numbers by names of your own") {
		t.Fatalf("plan:\n%s", out)
	}
	if got := ownedNumbers(t, env); !slices.Equal(got, bought) {
		t.Fatalf("a plan changed the numbers: %v, was %v", got, bought)
	}
}

// The same configuration with release_protection = true from the first
// apply: the second plan is an error naming both numbers.
func TestAccPhoneNumber_releaseGuardForEachOverSearchProtected(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := newReleaseRunner(t, env, fmt.Sprintf(forEachOverSearch, "  release_protection = true\n"))
	r.Run("apply", "-auto-approve", "-input=false")
	bought := ownedNumbers(t, env)
	if len(bought) != 2 {
		t.Fatalf("bought %v, want two numbers", bought)
	}
	out := numbertest.Flat(r.ExpectPlan(1))
	for _, n := range bought {
		if !numbertest.ReleaseRefused(out, n) {
			t.Fatalf("plan is not refused for %s:\n%s", n, out)
		}
	}
	if out, err := r.Try("apply", "-auto-approve", "-input=false"); err == nil {
		t.Fatalf("apply went through:\n%s", out)
	}
	if got := ownedNumbers(t, env); !slices.Equal(got, bought) {
		t.Fatalf("numbers: %v, want %v kept", got, bought)
	}
}

// stableNumbers is the documented way to buy several numbers: keys of the
// user's own, each bought by search criteria.
const stableNumbers = `
resource "cpaas_phone_number" "line" {
  for_each = toset(%s)
  search = {
    country_iso = "US"
    type        = "local"
    city        = "San Francisco"
  }
  alias = each.key
%s}

output "numbers" {
  value = { for k, v in cpaas_phone_number.line : k => v.number }
}
`

// The stable form plans nothing after apply. Dropping a key warns, naming
// the number it releases and no other; with release_protection applied it
// is an error, and so is terraform destroy, until the protection is
// turned off by an apply.
func TestAccPhoneNumber_releaseGuardOwnKeysAndDestroy(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	both, one := `["support", "sales"]`, `["support"]`
	r := newReleaseRunner(t, env, fmt.Sprintf(stableNumbers, both, ""))
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	var numbers map[string]string
	r.Output("numbers", &numbers)
	bought := ownedNumbers(t, env)
	if len(bought) != 2 || numbers["support"] == numbers["sales"] {
		t.Fatalf("bought %v, numbers %v", bought, numbers)
	}

	r.Write(releaseHead(env) + fmt.Sprintf(stableNumbers, one, ""))
	out := numbertest.Flat(r.ExpectPlan(2))
	if !numbertest.ReleaseWarned(out, numbers["sales"]) || numbertest.ReleaseWarned(out, numbers["support"]) || !strings.Contains(out, "0 to add, 0 to change, 1 to destroy") ||
		!strings.Contains(out, "Nothing uses it, as far as the provider can tell") {
		t.Fatalf("plan dropping a key:\n%s", out)
	}

	// Protection, applied: a plan that sets it changes nothing else.
	r.Write(releaseHead(env) + fmt.Sprintf(stableNumbers, both, "  release_protection = true\n"))
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	r.Write(releaseHead(env) + fmt.Sprintf(stableNumbers, one, "  release_protection = true\n"))
	out = numbertest.Flat(r.ExpectPlan(1))
	if !numbertest.ReleaseRefused(out, numbers["sales"]) || strings.Contains(out, "protected phone number "+numbers["support"]) {
		t.Fatalf("plan dropping a protected key:\n%s", out)
	}
	r.Write(releaseHead(env) + fmt.Sprintf(stableNumbers, both, "  release_protection = true\n"))
	out, err := r.Try("destroy", "-auto-approve", "-input=false")
	if err == nil || !numbertest.ReleaseRefused(out, numbers["sales"]) || !numbertest.ReleaseRefused(out, numbers["support"]) {
		t.Fatalf("destroy of protected numbers: %v\n%s", err, out)
	}
	// A destroy (or a removed block) may show no address: the refusal
	// names the alias and the removed block that forgets the number.
	if f := numbertest.Flat(out); !strings.Contains(f, "put a removed block in its place") || !strings.Contains(f, `(alias "`) {
		t.Errorf("the destroy's refusal names no alias or no removed block:\n%s", out)
	}
	if got := ownedNumbers(t, env); !slices.Equal(got, bought) {
		t.Fatalf("numbers %v, want %v kept", got, bought)
	}
	// Turning it off in the same run does not release: the state decides.
	r.Write(releaseHead(env) + fmt.Sprintf(stableNumbers, both, "  release_protection = false\n"))
	if out, err := r.Try("destroy", "-auto-approve", "-input=false"); err == nil || !numbertest.ReleaseRefused(out, numbers["sales"]) {
		t.Fatalf("destroy with protection turned off but not applied: %v\n%s", err, out)
	}
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	out = numbertest.Flat(r.Run("destroy", "-auto-approve", "-input=false"))
	if !numbertest.ReleaseWarned(out, numbers["sales"]) || !numbertest.ReleaseWarned(out, numbers["support"]) {
		t.Fatalf("destroy did not warn:\n%s", out)
	}
	if got := ownedNumbers(t, env); len(got) != 0 {
		t.Fatalf("numbers after destroy: %v", got)
	}
}

// counted is count numbers bought by criteria.
const counted = `
resource "cpaas_phone_number" "line" {
  count = %d
  search = {
    country_iso = "US"
    type        = "local"
    city        = "San Francisco"
  }
%s}

output "numbers" {
  value = cpaas_phone_number.line[*].number
}
`

// A count that shrinks releases the last numbers: the plan warns, naming
// the one released; with protection it is an error.
func TestAccPhoneNumber_releaseGuardCountShrink(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := newReleaseRunner(t, env, fmt.Sprintf(counted, 2, ""))
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	var numbers []string
	r.Output("numbers", &numbers)
	if len(numbers) != 2 {
		t.Fatalf("numbers %v", numbers)
	}
	r.Write(releaseHead(env) + fmt.Sprintf(counted, 1, ""))
	out := numbertest.Flat(r.ExpectPlan(2))
	if !numbertest.ReleaseWarned(out, numbers[1]) || numbertest.ReleaseWarned(out, numbers[0]) || !strings.Contains(out, "count that shrank") {
		t.Fatalf("plan of a smaller count:\n%s", out)
	}
	r.Write(releaseHead(env) + fmt.Sprintf(counted, 2, "  release_protection = true\n"))
	r.Run("apply", "-auto-approve", "-input=false")
	r.Write(releaseHead(env) + fmt.Sprintf(counted, 1, "  release_protection = true\n"))
	if out := numbertest.Flat(r.ExpectPlan(1)); !numbertest.ReleaseRefused(out, numbers[1]) || strings.Contains(out, "protected phone number "+numbers[0]) {
		t.Fatalf("plan of a smaller count, protected:\n%s", out)
	}
	if got := ownedNumbers(t, env); len(got) != 2 {
		t.Fatalf("numbers %v", got)
	}
}

// replaced is a number given by value, which may change.
const replaced = `
resource "cpaas_phone_number" "n" {
  number                   = %q
  allow_release_on_replace = true
%s}
`

// A replacement allowed by allow_release_on_replace warns, naming the
// number released; with protection it is an error, whatever
// allow_release_on_replace says.
func TestAccPhoneNumber_releaseGuardReplace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	want := numbersOnSale(t, env, 2, client.PhoneNumberSearch{CountryISO: "US", Type: "local"}, "country_iso", "US", "type", "local")
	r := newReleaseRunner(t, env, fmt.Sprintf(replaced, want[0], ""))
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	r.Write(releaseHead(env) + fmt.Sprintf(replaced, want[1], ""))
	out := numbertest.Flat(r.ExpectPlan(2))
	if !numbertest.ReleaseWarned(out, want[0]) || !strings.Contains(out, "number changes to "+want[1]) {
		t.Fatalf("plan of a replacement:\n%s", out)
	}
	r.Write(releaseHead(env) + fmt.Sprintf(replaced, want[0], "  release_protection = true\n"))
	r.Run("apply", "-auto-approve", "-input=false")
	r.Write(releaseHead(env) + fmt.Sprintf(replaced, want[1], "  release_protection = true\n"))
	out = numbertest.Flat(r.ExpectPlan(1))
	if !numbertest.ReleaseRefused(out, want[0]) || strings.Count(out, "Error:") != 1 {
		t.Fatalf("plan of a protected replacement:\n%s", out)
	}
	if got := ownedNumbers(t, env); !slices.Equal(got, want[:1]) {
		t.Fatalf("numbers %v", got)
	}
}

// served is a number that answers with an application and is in a
// powerpack's pool.
const served = `
resource "cpaas_application" "support" {
  app_name   = "support-line"
  answer_url = "https://voice.example.com/support/answer"
}

resource "cpaas_powerpack" "alerts" {
  name = "alerts-us"
}
%s`

const servedNumber = `
resource "cpaas_phone_number" "support" {
  search = {
    country_iso = "US"
    type        = "local"
    city        = "San Francisco"
  }
  app_id = cpaas_application.support.id
}

resource "cpaas_powerpack_number" "support" {
  powerpack_id = cpaas_powerpack.alerts.id
  number       = cpaas_phone_number.support.number
}

output "number" {
  value = cpaas_phone_number.support.number
}
`

// A destroy and a removal from the configuration warn, naming what the
// number still serves, from listings: one powerpack page and one pool page,
// no GET of a pool member. A lookup that fails only says it could not tell.
func TestAccPhoneNumber_releaseGuardNamesWhatItServes(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var requests []string
	env := acctest.NewEnv(t, func(o *emulator.Options) {
		o.Logf = func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			requests = append(requests, fmt.Sprintf(format, args...))
		}
	})
	r := newReleaseRunner(t, env, fmt.Sprintf(served, servedNumber))
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	var number string
	r.Output("number", &number)
	app := env.Objects(t)["applications"]
	if len(app) != 1 {
		t.Fatalf("applications %v", app)
	}
	poolRequests := func() []string {
		mu.Lock()
		defer mu.Unlock()
		var out []string
		for _, l := range requests {
			if strings.Contains(l, "/Powerpack/") || strings.Contains(l, "/NumberPool/") {
				out = append(out, l)
			}
		}
		requests = nil
		return out
	}
	poolRequests()
	out := numbertest.Flat(r.ExpectPlan(2, "-destroy", "-refresh=false"))
	if !numbertest.ReleaseWarned(out, number) || !strings.Contains(out, "application "+app[0]) ||
		!strings.Contains(out, `the number pool of powerpack "alerts-us"`) {
		t.Fatalf("destroy plan:\n%s", out)
	}
	got := poolRequests()
	member := regexp.MustCompile(`/NumberPool/[^/]+/Number/\d+/`)
	if len(got) != 2 || slices.ContainsFunc(got, member.MatchString) {
		t.Fatalf("pool requests of the destroy plan: %q, want one powerpack page and one pool page", got)
	}

	// Removed from the configuration (the application and powerpack stay):
	// the same warning.
	r.Write(releaseHead(env) + fmt.Sprintf(served, ""))
	if out := numbertest.Flat(r.ExpectPlan(2)); !numbertest.ReleaseWarned(out, number) || !strings.Contains(out, `powerpack "alerts-us"`) {
		t.Fatalf("plan removing the number:\n%s", out)
	}

	// A lookup that fails does not stop the plan.
	env.Control(t, "injected faults").SetFaults(emulator.Faults{Rules: []emulator.FaultRule{{Method: "GET", Path: "Powerpack", Rate5xx: 1}}})
	r.Write(releaseHead(env) + strings.Replace(fmt.Sprintf(served, servedNumber), `provider "cpaas" {`, `provider "cpaas" {
  max_retries = 0`, 1))
	out = numbertest.Flat(r.ExpectPlan(2, "-destroy", "-refresh=false"))
	if !numbertest.ReleaseWarned(out, number) || !strings.Contains(out, "could not be told") || !strings.Contains(out, "application "+app[0]) {
		t.Fatalf("destroy plan with the pool lookup failing:\n%s", out)
	}
}

// A step that fails after the purchase leaves the number in the state,
// untainted, with a warning (a bought number is never replaced for it),
// and unprotected: destroying it is never blocked, and warns.
func TestAccPhoneNumber_releaseGuardFailedApplyDestroys(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	r := newReleaseRunner(t, env, `
resource "cpaas_phone_number" "n" {
  search = {
    country_iso = "US"
    type        = "local"
  }
  alias = "front desk"
}
`)
	env.Control(t, "injected faults").SetFaults(emulator.Faults{Rules: []emulator.FaultRule{{Method: "POST", Path: "Number/{number}", Rate5xx: 1}}})
	if out, err := r.Try("apply", "-auto-approve", "-input=false"); err != nil ||
		!strings.Contains(numbertest.Flat(out), "It is saved in the state, not tainted") {
		t.Fatalf("apply with the alias failing: want it saved untainted with a warning (err %v):\n%s", err, out)
	}
	env.Control(t, "injected faults").SetFaults(emulator.Faults{})
	bought := ownedNumbers(t, env)
	if len(bought) != 1 {
		t.Fatalf("numbers after the failed apply: %v", bought)
	}
	out := numbertest.Flat(r.Run("destroy", "-auto-approve", "-input=false"))
	if !numbertest.ReleaseWarned(out, bought[0]) {
		t.Fatalf("destroy:\n%s", out)
	}
	if got := ownedNumbers(t, env); len(got) != 0 {
		t.Fatalf("numbers after destroy: %v", got)
	}
}
