package provider_test

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
)

// The release guard of cpaas_phone_number (release_guard.go), as a new
// user meets it: each test writes the configuration such a user writes and
// runs the Terraform CLI, whose output carries the plan's warnings.

// newReleaseRunner returns a runner with config (after the provider
// block pointing at env) written and initialised.
func newReleaseRunner(t *testing.T, env *acctest.Env, config string) *tfRunner {
	t.Helper()
	acctest.PreCheck(t)
	r := newTFRunner(t)
	r.write(releaseHead(env) + config)
	r.run("init", "-input=false")
	return r
}

func releaseHead(env *acctest.Env) string {
	return fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", chaosProviderSrc) + env.ProviderConfig()
}

// flat is the CLI's output with its lines unwrapped: Terraform wraps
// diagnostics to the terminal's width.
func flat(out string) string { return strings.Join(strings.Fields(out), " ") }

// releaseWarned tells whether out warns that number will be released.
func releaseWarned(out, number string) bool {
	out = flat(out)
	return strings.Contains(out, "Warning: Phone number "+number+" will be released")
}

// releaseRefused tells whether out is the protection's error for number.
func releaseRefused(out, number string) bool {
	out = flat(out)
	return strings.Contains(out, "Error: Refusing to release protected phone number "+number) &&
		strings.Contains(out, "release_protection = false")
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
	r.run("apply", "-auto-approve", "-input=false")
	bought := ownedNumbers(t, env)
	if len(bought) != 2 {
		t.Fatalf("bought %v, want two numbers", bought)
	}
	out := flat(r.expectPlan(2))
	for _, n := range bought {
		if !releaseWarned(out, n) || !strings.Contains(out, "for_each key that changed") {
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
	r.run("apply", "-auto-approve", "-input=false")
	bought := ownedNumbers(t, env)
	if len(bought) != 2 {
		t.Fatalf("bought %v, want two numbers", bought)
	}
	out := flat(r.expectPlan(1))
	for _, n := range bought {
		if !releaseRefused(out, n) {
			t.Fatalf("plan is not refused for %s:\n%s", n, out)
		}
	}
	if out, err := r.try("apply", "-auto-approve", "-input=false"); err == nil {
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
	r.run("apply", "-auto-approve", "-input=false")
	r.expectPlan(0)
	var numbers map[string]string
	r.output("numbers", &numbers)
	bought := ownedNumbers(t, env)
	if len(bought) != 2 || numbers["support"] == numbers["sales"] {
		t.Fatalf("bought %v, numbers %v", bought, numbers)
	}

	r.write(releaseHead(env) + fmt.Sprintf(stableNumbers, one, ""))
	out := flat(r.expectPlan(2))
	if !releaseWarned(out, numbers["sales"]) || releaseWarned(out, numbers["support"]) || !strings.Contains(out, "0 to add, 0 to change, 1 to destroy") ||
		!strings.Contains(out, "Nothing uses it, as far as the provider can tell") {
		t.Fatalf("plan dropping a key:\n%s", out)
	}

	// Protection, applied: a plan that sets it changes nothing else.
	r.write(releaseHead(env) + fmt.Sprintf(stableNumbers, both, "  release_protection = true\n"))
	r.run("apply", "-auto-approve", "-input=false")
	r.expectPlan(0)
	r.write(releaseHead(env) + fmt.Sprintf(stableNumbers, one, "  release_protection = true\n"))
	out = flat(r.expectPlan(1))
	if !releaseRefused(out, numbers["sales"]) || strings.Contains(out, "protected phone number "+numbers["support"]) {
		t.Fatalf("plan dropping a protected key:\n%s", out)
	}
	r.write(releaseHead(env) + fmt.Sprintf(stableNumbers, both, "  release_protection = true\n"))
	out, err := r.try("destroy", "-auto-approve", "-input=false")
	if err == nil || !releaseRefused(out, numbers["sales"]) || !releaseRefused(out, numbers["support"]) {
		t.Fatalf("destroy of protected numbers: %v\n%s", err, out)
	}
	// A destroy (or a removed block) may show no address: the refusal
	// names the alias and the removed block that forgets the number.
	if f := flat(out); !strings.Contains(f, "put a removed block in its place") || !strings.Contains(f, `(alias "`) {
		t.Errorf("the destroy's refusal names no alias or no removed block:\n%s", out)
	}
	if got := ownedNumbers(t, env); !slices.Equal(got, bought) {
		t.Fatalf("numbers %v, want %v kept", got, bought)
	}
	// Turning it off in the same run does not release: the state decides.
	r.write(releaseHead(env) + fmt.Sprintf(stableNumbers, both, "  release_protection = false\n"))
	if out, err := r.try("destroy", "-auto-approve", "-input=false"); err == nil || !releaseRefused(out, numbers["sales"]) {
		t.Fatalf("destroy with protection turned off but not applied: %v\n%s", err, out)
	}
	r.run("apply", "-auto-approve", "-input=false")
	r.expectPlan(0)
	out = flat(r.run("destroy", "-auto-approve", "-input=false"))
	if !releaseWarned(out, numbers["sales"]) || !releaseWarned(out, numbers["support"]) {
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
	r.run("apply", "-auto-approve", "-input=false")
	r.expectPlan(0)
	var numbers []string
	r.output("numbers", &numbers)
	if len(numbers) != 2 {
		t.Fatalf("numbers %v", numbers)
	}
	r.write(releaseHead(env) + fmt.Sprintf(counted, 1, ""))
	out := flat(r.expectPlan(2))
	if !releaseWarned(out, numbers[1]) || releaseWarned(out, numbers[0]) || !strings.Contains(out, "count that shrank") {
		t.Fatalf("plan of a smaller count:\n%s", out)
	}
	r.write(releaseHead(env) + fmt.Sprintf(counted, 2, "  release_protection = true\n"))
	r.run("apply", "-auto-approve", "-input=false")
	r.write(releaseHead(env) + fmt.Sprintf(counted, 1, "  release_protection = true\n"))
	if out := flat(r.expectPlan(1)); !releaseRefused(out, numbers[1]) || strings.Contains(out, "protected phone number "+numbers[0]) {
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
	r.run("apply", "-auto-approve", "-input=false")
	r.expectPlan(0)
	r.write(releaseHead(env) + fmt.Sprintf(replaced, want[1], ""))
	out := flat(r.expectPlan(2))
	if !releaseWarned(out, want[0]) || !strings.Contains(out, "number changes to "+want[1]) {
		t.Fatalf("plan of a replacement:\n%s", out)
	}
	r.write(releaseHead(env) + fmt.Sprintf(replaced, want[0], "  release_protection = true\n"))
	r.run("apply", "-auto-approve", "-input=false")
	r.write(releaseHead(env) + fmt.Sprintf(replaced, want[1], "  release_protection = true\n"))
	out = flat(r.expectPlan(1))
	if !releaseRefused(out, want[0]) || strings.Count(out, "Error:") != 1 {
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
	r.run("apply", "-auto-approve", "-input=false")
	r.expectPlan(0)
	var number string
	r.output("number", &number)
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
	out := flat(r.expectPlan(2, "-destroy", "-refresh=false"))
	if !releaseWarned(out, number) || !strings.Contains(out, "application "+app[0]) ||
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
	r.write(releaseHead(env) + fmt.Sprintf(served, ""))
	if out := flat(r.expectPlan(2)); !releaseWarned(out, number) || !strings.Contains(out, `powerpack "alerts-us"`) {
		t.Fatalf("plan removing the number:\n%s", out)
	}

	// A lookup that fails does not stop the plan.
	env.Control(t, "injected faults").SetFaults(emulator.Faults{Rules: []emulator.FaultRule{{Method: "GET", Path: "Powerpack", Rate5xx: 1}}})
	r.write(releaseHead(env) + strings.Replace(fmt.Sprintf(served, servedNumber), `provider "cpaas" {`, `provider "cpaas" {
  max_retries = 0`, 1))
	out = flat(r.expectPlan(2, "-destroy", "-refresh=false"))
	if !releaseWarned(out, number) || !strings.Contains(out, "could not be told") || !strings.Contains(out, "application "+app[0]) {
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
	if out, err := r.try("apply", "-auto-approve", "-input=false"); err != nil ||
		!strings.Contains(flat(out), "It is saved in the state, not tainted") {
		t.Fatalf("apply with the alias failing: want it saved untainted with a warning (err %v):\n%s", err, out)
	}
	env.Control(t, "injected faults").SetFaults(emulator.Faults{})
	bought := ownedNumbers(t, env)
	if len(bought) != 1 {
		t.Fatalf("numbers after the failed apply: %v", bought)
	}
	out := flat(r.run("destroy", "-auto-approve", "-input=false"))
	if !releaseWarned(out, bought[0]) {
		t.Fatalf("destroy:\n%s", out)
	}
	if got := ownedNumbers(t, env); len(got) != 0 {
		t.Fatalf("numbers after destroy: %v", got)
	}
}
