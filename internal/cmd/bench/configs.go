package main

import (
	"fmt"
	"strings"
)

// A workload is one configuration the bench applies, plans and destroys.
type workload struct {
	name  string
	build func(n int) string // the configuration of n resources
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

var endpoints = workload{name: "cpaas_endpoint", build: func(n int) string {
	return providerBlock + endpointKind.hcl(n)
}}

// mixed spreads n resources over every kind in mixedKinds, by weight.
var mixed = workload{name: "mixed", build: func(n int) string {
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
  count    = %d
  username = "bench${count.index}"
  password = "bench-password"
  alias    = "bench endpoint ${count.index}"
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

// mixedKinds are the kinds of the mixed workload. The 10DLC links are
// added here when that area is merged, for example:
//
//	{name: "cpaas_10dlc_campaign_number", weight: 1, hcl: func(count int) string {
//		return fmt.Sprintf(`resource "cpaas_10dlc_campaign_number" "link" {
//	  count       = %d
//	  campaign_id = cpaas_10dlc_campaign.bench.id
//	  number      = cpaas_phone_number.num[count.index].number
//	}`, count)
//	}},
var mixedKinds = []resourceKind{endpointKind, phoneNumberKind}

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
