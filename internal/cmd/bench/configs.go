package main

import (
	"fmt"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
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
	return providerBlock + endpointKind.hcl(n, f)
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
		for i, c := range splitByWeight(n, accountKinds) {
			if c > 0 {
				b.WriteString(accountKinds[i].hcl(c, f))
			}
		}
		return b.String()
	},
	numbers: func(n int) int {
		total := 0
		for i, c := range splitByWeight(n, accountKinds) {
			if accountKinds[i].numbers != nil {
				total = max(total, accountKinds[i].numbers(c))
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

// A resourceKind is one kind of object the account workload holds: hcl
// returns the configuration of count of them (and whatever they need, such
// as the campaigns numbers are linked to). Adding a kind is adding an entry
// to accountKinds.
type resourceKind struct {
	name   string
	weight int
	hcl    func(count int, f facts) string
	// numbers is how many numbers on sale count of them need (f.numbers).
	numbers func(count int) int
	// support says what else count of them need that is not counted as an
	// object (a campaign for the links, a powerpack for its members).
	support func(count int) string
}

var endpointKind = resourceKind{name: "cpaas_endpoint", weight: 3, hcl: func(count int, _ facts) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "ep" {
  count               = %d
  username            = "bench${count.index}"
  password_wo         = "bench-password"
  password_wo_version = 1
  alias               = "bench endpoint ${count.index}"
}
`, count)
}}

// applicationKind is count applications, each with its own name.
var applicationKind = resourceKind{name: "cpaas_application", weight: 1, hcl: func(count int, _ facts) string {
	return fmt.Sprintf(`
resource "cpaas_application" "app" {
  count       = %d
  app_name    = "bench-app-${count.index}"
  answer_url  = "https://voice.bench.example/${count.index}/answer"
  message_url = "https://voice.bench.example/${count.index}/message"
}
`, count)
}}

// phoneNumberKind buys count numbers, written in the configuration as a
// team keeps the numbers it bought: the bench finds them on sale just
// before (a search data source would read its pages on every plan, which
// is not what a no-change plan of an account costs).
var phoneNumberKind = resourceKind{name: "cpaas_phone_number", weight: 2,
	numbers: func(count int) int { return count },
	hcl: func(count int, f facts) string {
		quoted := make([]string, 0, count)
		for _, n := range f.numbers[:count] {
			quoted = append(quoted, fmt.Sprintf("%q", n))
		}
		return fmt.Sprintf(`
locals {
  bench_numbers = [%s]
}

resource "cpaas_phone_number" "num" {
  count  = %d
  number = local.bench_numbers[count.index]
  alias  = "bench number ${count.index}"
}
`, strings.Join(quoted, ", "), count)
	}}

// numberPoolLimit is how many numbers one campaign may have linked (the
// service's number_pool_limit, which the emulator enforces).
var numberPoolLimit = tendlcrules.DefaultNumberPoolLimit

// linkKind links count of the numbers phoneNumberKind buys to 10DLC
// campaigns of one brand, numberPoolLimit to a campaign (the brand and the
// campaigns are registered by the emulator after -registry-delay). It must
// come after phoneNumberKind in accountKinds with no more weight, so that
// there are at least as many numbers as links.
var linkKind = resourceKind{name: "cpaas_10dlc_campaign_number", weight: 2, support: func(count int) string {
	campaigns := (count + numberPoolLimit - 1) / numberPoolLimit
	return fmt.Sprintf("%s (%d links each at most, the service's number_pool_limit) of one brand and business profile",
		plural(campaigns, "campaign"), numberPoolLimit)
}, hcl: func(count int, _ facts) string {
	campaigns := (count + numberPoolLimit - 1) / numberPoolLimit
	return fmt.Sprintf(`
resource "cpaas_10dlc_profile" "bench" {
  profile_alias       = "bench"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Bench Corp"
  ein                 = "12-3456789"
  ein_issuing_country = "US"
  vertical            = "RETAIL"

  address = {
    street      = "123 Main Street"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }

  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane.doe@acme.example"
  }
}

resource "cpaas_10dlc_brand" "bench" {
  brand_alias  = "Bench Corp"
  profile_uuid = cpaas_10dlc_profile.bench.id
  brand_type   = "STANDARD"
}

resource "cpaas_10dlc_campaign" "bench" {
  count          = %d
  brand_id       = cpaas_10dlc_brand.bench.id
  campaign_alias = "Bench alerts ${count.index}"
  vertical       = "RETAIL"
  usecase        = "MIXED"
  sub_usecases   = ["ACCOUNT_NOTIFICATION", "DELIVERY_NOTIFICATION"]
  description    = "Order confirmations and delivery updates for customers of the Bench online store."
  sample1        = "Bench: order 1234 is confirmed. Reply STOP to opt out."
  sample2        = "Bench: order 1234 was delivered. Reply HELP for help, STOP to opt out."

  message_flow    = "Customers tick an opt-in box at checkout on bench.example."
  help_keywords   = "HELP,INFO"
  help_message    = "Bench order alerts. Help: support@bench.example. Reply STOP to opt out."
  optout_keywords = "STOP,QUIT"
  optout_message  = "Bench: you are unsubscribed and will get no more messages."

  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true
  embedded_link     = true
}

resource "cpaas_10dlc_campaign_number" "link" {
  count       = %d
  campaign_id = cpaas_10dlc_campaign.bench[floor(count.index / %d)].id
  number      = cpaas_phone_number.num[count.index].number
}
`, campaigns, count, numberPoolLimit)
}}

// powerpackMemberKind puts count of the numbers phoneNumberKind buys in the
// number pool of one powerpack (the numbers linked to 10DLC campaigns
// first, as the number pool guide does). It must come after
// phoneNumberKind in accountKinds with no more weight.
var powerpackMemberKind = resourceKind{name: "cpaas_powerpack_number", weight: 1,
	support: func(int) string { return "one powerpack" },
	hcl: func(count int, _ facts) string {
		return fmt.Sprintf(`
resource "cpaas_powerpack" "bench" {
  name = "bench-pool"
}

resource "cpaas_powerpack_number" "member" {
  count        = %d
  powerpack_id = cpaas_powerpack.bench.id
  number       = cpaas_phone_number.num[count.index].number
}
`, count)
	}}

// subaccountKind is count subaccounts of the main account.
var subaccountKind = resourceKind{name: "cpaas_subaccount", weight: 1, hcl: func(count int, _ facts) string {
	return fmt.Sprintf(`
resource "cpaas_subaccount" "team" {
  count = %d
  name  = "bench team ${count.index}"
}
`, count)
}}

// accountKinds are the kinds of the account workload, the kinds users keep
// most, by weight: of 1,000 objects, 300 endpoints, 100 applications, 200
// bought numbers, 200 of them linked to 10DLC campaigns, 100 of them in a
// powerpack's number pool, and 100 subaccounts.
var accountKinds = []resourceKind{endpointKind, applicationKind, phoneNumberKind, linkKind, powerpackMemberKind, subaccountKind}

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
