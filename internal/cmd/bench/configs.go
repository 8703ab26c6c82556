package main

import (
	"fmt"
	"strings"
)

// A workload is one configuration the bench applies, plans and destroys.
type workload struct {
	name  string
	build func(n int) string // the configuration of n resources
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

// baseline is Terraform's own floor: n resources that do no work.
var baseline = workload{name: "terraform_data", build: func(n int) string {
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
var noopData = workload{name: "no-op plugin, terraform_data's schema", noop: true, build: func(n int) string {
	return providerBlock + fmt.Sprintf(`
resource "cpaas_floor_data" "r" {
  count = %d
  input = "item-${count.index}"
}
`, n)
}}

var endpoints = workload{name: "cpaas_endpoint", api: true, build: func(n int) string {
	return providerBlock + endpointKind.hcl(n)
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

// mixed spreads n resources over every kind in mixedKinds, by weight.
var mixed = workload{name: "mixed", api: true, build: func(n int) string {
	var b strings.Builder
	b.WriteString(providerBlock)
	counts := splitByWeight(n, mixedKinds)
	for i, k := range mixedKinds {
		if counts[i] > 0 {
			b.WriteString(k.hcl(counts[i]))
		}
	}
	return b.String()
}}

// providerBlock takes everything from CPAAS_* environment variables.
const providerBlock = `
terraform {
  required_providers {
    cpaas = { source = "cpaas-dev/cpaas" }
  }
}

provider "cpaas" {}
`

// A resourceKind is one kind of resource the mixed workload holds: hcl
// returns the configuration of count of them (and whatever they need, such
// as a search to buy from). Adding a kind is adding an entry to mixedKinds.
type resourceKind struct {
	name   string
	weight int
	hcl    func(count int) string
}

var endpointKind = resourceKind{name: "cpaas_endpoint", weight: 2, hcl: func(count int) string {
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

// phoneNumberKind buys count numbers found by one search (at most 1,000,
// the search's max_results cap).
var phoneNumberKind = resourceKind{name: "cpaas_phone_number", weight: 1, hcl: func(count int) string {
	count = min(count, 1000)
	return fmt.Sprintf(`
data "cpaas_phone_numbers" "buy" {
  country_iso = "US"
  max_results = %d
}

resource "cpaas_phone_number" "num" {
  count  = %d
  number = data.cpaas_phone_numbers.buy.numbers[count.index].number
  alias  = "bench number ${count.index}"
  lifecycle {
    # Bought numbers leave the search; keep the ones bought.
    ignore_changes = [number]
  }
}
`, count, count)
}}

// linkKind links count of the numbers phoneNumberKind buys to one 10DLC
// campaign of one brand (two more resources, registered by the emulator
// after -registry-delay). It must come after phoneNumberKind in mixedKinds
// with no more weight, so that there are at least as many numbers as links.
var linkKind = resourceKind{name: "cpaas_10dlc_campaign_number", weight: 1, hcl: func(count int) string {
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
  brand_id       = cpaas_10dlc_brand.bench.id
  campaign_alias = "Bench alerts"
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
  campaign_id = cpaas_10dlc_campaign.bench.id
  number      = cpaas_phone_number.num[count.index].number
}
`, count)
}}

// mixedKinds are the kinds of the mixed workload: half endpoints, a quarter
// bought numbers and a quarter links of those numbers to a campaign.
var mixedKinds = []resourceKind{endpointKind, phoneNumberKind, linkKind}

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

// searchWorkload reads the number search for 1,000 results.
const searchConfig = providerBlock + `
data "cpaas_phone_numbers" "all" {
  country_iso = "US"
  max_results = 1000
}

output "found" {
  value = length(data.cpaas_phone_numbers.all.numbers)
}
`
