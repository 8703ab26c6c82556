package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// A workload is one configuration the bench applies, plans and destroys.
type workload struct {
	name  string
	build func(n int, f facts) string // the configuration of n resources
	// numbers is how many numbers on sale the configuration of n buys:
	// the bench finds them just before it writes the configuration.
	numbers func(n int) int
	// noop runs the configuration with the schemafloor plugin instead of
	// the provider: the same schema and state, no work and no API.
	noop bool
	// framework runs it with schemafloor's framework floor: the provider
	// served by the framework as it is, its cpaas_endpoint doing no work.
	framework bool
	// api is whether the workload calls the API (emulator latency
	// changes its times).
	api bool
}

// facts are what the bench learns of the account before it writes a
// configuration.
type facts struct {
	// numbers are on sale, in the search's order.
	numbers []string
}

// baseline is Terraform's own floor: n resources that do no work.
var baseline = workload{name: "terraform_data", build: func(n int, _ facts) string {
	return fmt.Sprintf(`
resource "terraform_data" "r" {
  count = %d
  input = "item-${count.index}"
}
`, n)
}}

// noopData is terraform_data's own configuration served by a plugin
// process: internal/cmd/schemafloor's cpaas_floor_data, a copy of
// terraform_data that does no work either. Its ratio to terraform_data is
// what Terraform spends on any resource only because a plugin serves it,
// before any schema or work of a provider's own.
var noopData = workload{name: "no-op plugin, terraform_data's schema", noop: true, build: func(n int, _ facts) string {
	return providerBlock + fmt.Sprintf(`
resource "cpaas_floor_data" "r" {
  count = %d
  input = "item-${count.index}"
}
`, n)
}}

var endpoints = workload{name: "cpaas_endpoint", api: true, build: func(n int, f facts) string {
	return providerBlock + registeredKinds["cpaas_endpoint"].hcl(n, f)
}}

// noopEndpoints is Terraform's floor for this schema: the endpoints
// configuration run with internal/cmd/schemafloor, a plugin serving the
// provider's schema whose cpaas_endpoint does nothing. Any provider with
// this schema pays what Terraform spends on it; the difference to
// endpoints is the provider's own overhead.
var noopEndpoints = workload{name: "no-op plugin, same schema", noop: true, build: endpoints.build}

// idleEndpoints is the endpoints configuration run with the framework
// floor (internal/cmd/schemafloor/framework.go): what the plugin framework
// itself costs for this schema, over noopEndpoints; endpoints over it is
// the cost of the provider's own code.
var idleEndpoints = workload{name: "framework floor, same schema", framework: true, build: endpoints.build}

// account is a whole account of n objects, spread over accountKinds by
// weight: what a team keeps in one workspace.
var account = workload{name: "account", api: true,
	build: func(n int, f facts) string {
		var b strings.Builder
		b.WriteString(providerBlock)
		kinds := accountKinds()
		for i, c := range splitByWeight(n, kinds) {
			if c > 0 {
				b.WriteString(kinds[i].hcl(c, f))
			}
		}
		return b.String()
	},
	numbers: func(n int) int {
		total := 0
		kinds := accountKinds()
		for i, c := range splitByWeight(n, kinds) {
			if kinds[i].numbers != nil {
				total = max(total, kinds[i].numbers(c))
			}
		}
		return total
	},
}

// providerBlock takes everything from CPAAS_* environment variables.
const providerBlock = `
terraform {
  required_providers {
    cpaas = { source = "cpaas-dev/cpaas" }
  }
}

provider "cpaas" {}
`

// A resourceKind is one kind of object the account workload holds, as its
// family declares it (kit.BenchKind, in the family's bench.go): hcl
// returns the configuration of count of them (and whatever they need, such
// as the campaigns numbers are linked to).
type resourceKind struct {
	name   string
	weight int
	// after is the kind whose objects these use (the links use the bought
	// numbers): it comes first in accountKinds, so that with at least this
	// kind's weight it never has fewer objects.
	after string
	hcl   func(count int, f facts) string
	// numbers is how many numbers on sale count of them need (f.numbers).
	numbers func(count int) int
	// support says what else count of them need that is not counted as an
	// object (a campaign for the links, a powerpack for its members).
	support func(count int) string
}

// registeredKinds are the account's kinds by name: every family's.
var registeredKinds = benchKinds(provider.BenchKinds())

// benchKinds are kinds by name. It panics on two of one name.
func benchKinds(kinds []kit.BenchKind) map[string]resourceKind {
	out := map[string]resourceKind{}
	for _, k := range kinds {
		if _, dup := out[k.Name]; dup {
			panic("two account kinds named " + k.Name)
		}
		out[k.Name] = resourceKind{name: k.Name, weight: k.Weight, after: k.After, numbers: k.Numbers, support: k.Support,
			hcl: func(count int, f facts) string { return k.HCL(count, f.numbers) }}
	}
	return out
}

// accountKinds are the kinds of the account workload, the kinds users keep
// most, by weight (of 1,000 objects, 300 endpoints, 100 applications, 200
// bought numbers, 200 of them linked to 10DLC campaigns, 100 of them in a
// powerpack's number pool, and 100 subaccounts), in a stable order: by
// name, each after the kind whose objects it uses.
func accountKinds() []resourceKind {
	kinds := slices.Collect(maps.Values(registeredKinds))
	if accountMix != nil {
		kinds = slices.DeleteFunc(kinds, func(k resourceKind) bool { return accountMix[k.name] <= 0 })
		for i := range kinds {
			kinds[i].weight = accountMix[kinds[i].name]
		}
	}
	depth := func(k resourceKind) int {
		d := 0
		for ; k.after != ""; d++ {
			k = registeredKinds[k.after]
		}
		return d
	}
	slices.SortFunc(kinds, func(a, b resourceKind) int {
		if da, db := depth(a), depth(b); da != db {
			return da - db
		}
		return strings.Compare(a.name, b.name)
	})
	return kinds
}

// accountMixes are the account's mixes but the default ("team": the
// kinds' own weights), by name (-account-mix): each kind's weight, a kind
// absent is left out.
var accountMixes = map[string]map[string]int{
	// waits is the account, where waiting dominates: of 1,000
	// objects 400 endpoints, 150 applications, 90 subaccounts and 180
	// bought numbers, every one linked to a 10DLC campaign (4 campaigns of
	// one brand).
	"waits": {"cpaas_endpoint": 40, "cpaas_application": 15, "cpaas_subaccount": 9, "cpaas_phone_number": 18, "cpaas_10dlc_campaign_number": 18},
}

// mixRegistryDelays are the emulator's -registry-delay of the mixes that
// do not run at the bench's short registryDelay (which measures the
// provider rather than the operators): waits runs at the emulator's
// default (brands, campaigns, links and unlinks take the operators a
// second), as its targets are measured, since waiting is what the mix is about.
var mixRegistryDelays = map[string]time.Duration{"waits": emulator.DefaultNumberLinkDelay}

// mixRegistryDelay is the emulator's -registry-delay for a mix.
func mixRegistryDelay(mix string) time.Duration {
	if d, ok := mixRegistryDelays[mix]; ok {
		return d
	}
	return registryDelay
}

// defaultMix is the mix of the kinds' own weights.
const defaultMix = "team"

// accountMix is the weights of the mix being measured (nil: defaultMix).
var accountMix map[string]int

// useMix makes name the mix accountKinds gives.
func useMix(name string) error {
	if name == defaultMix {
		accountMix = nil
		return nil
	}
	m, ok := accountMixes[name]
	if !ok {
		return fmt.Errorf("no account mix %q: %s or one of %v", name, defaultMix, slices.Sorted(maps.Keys(accountMixes)))
	}
	for k := range m {
		if _, ok := registeredKinds[k]; !ok {
			return fmt.Errorf("account mix %q names %s, which is no account kind", name, k)
		}
	}
	accountMix = m
	return nil
}

// splitByWeight divides n among kinds in proportion to their weights; the
// remainder goes to the first kinds.
func splitByWeight(n int, kinds []resourceKind) []int {
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	counts := make([]int, len(kinds))
	given := 0
	for i, k := range kinds {
		counts[i] = n * k.weight / total
		given += counts[i]
	}
	for i := 0; given < n; i = (i + 1) % len(kinds) {
		counts[i]++
		given++
	}
	return counts
}

// searchConfig reads the number search for 1,000 results.
const searchConfig = providerBlock + `
data "cpaas_phone_numbers" "all" {
  country_iso = "US"
  max_results = 1000
}

output "found" {
  value = length(data.cpaas_phone_numbers.all.numbers)
}
`
