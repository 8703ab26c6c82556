package lookup_test

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestAccPricingDataSource: a country's rates are the API's decimal strings
// exactly (trailing zeros kept: "0.70000", not 0.7), a rate the API does
// not have is null, and a country code is checked at plan time.
func TestAccPricingDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	api, err := env.Client(t).GetPricing(context.Background(), "GB")
	if err != nil {
		t.Fatal(err)
	}
	// What the test relies on in the API's reply: a rate with trailing
	// zeros, and none for a call to a toll-free number.
	if wire.Deref(api.PhoneNumbers.Local.Rate) != "0.70000" || api.Voice.Outbound.Tollfree.Rate != nil || len(api.Voice.Outbound.Rates) < 2 {
		t.Fatalf("the emulator's GB pricing changed: %+v", api)
	}
	gb := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("data.cpaas_pricing.gb", tfjsonpath.New(attr), v)
	}
	exact := func(p *string) knownvalue.Check { return knownvalue.StringExact(wire.Deref(p)) }
	prefixRates := make([]knownvalue.Check, len(api.Voice.Outbound.Rates))
	for i, r := range api.Voice.Outbound.Rates {
		prefixRates[i] = knownvalue.ObjectExact(map[string]knownvalue.Check{
			"prefixes": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(r.Prefix[0])}),
			"rate":     exact(r.Rate),
		})
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(`
data "cpaas_pricing" "gb" {
  country_iso = "GB"
}

data "cpaas_pricing" "us" {
  country_iso = "US"
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					gb("id", knownvalue.StringExact("GB")),
					gb("country", knownvalue.StringExact("United Kingdom")),
					gb("country_code", knownvalue.Int64Exact(44)),
					gb("phone_number_local_rate", knownvalue.StringExact("0.70000")),
					gb("phone_number_tollfree_rate", exact(api.PhoneNumbers.Tollfree.Rate)),
					gb("message_inbound_rate", knownvalue.StringExact("0.00000")),
					gb("message_outbound_rate", exact(api.Message.Outbound.Rate)),
					gb("message_outbound_networks", knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
						"group_name": knownvalue.StringExact("GB"), "rate": exact(api.Message.OutboundNetworksList[0].Rate),
					})})),
					gb("voice_inbound_ip_rate", exact(api.Voice.Inbound.IP.Rate)),
					gb("voice_inbound_local_rate", exact(api.Voice.Inbound.Local.Rate)),
					gb("voice_inbound_tollfree_rate", exact(api.Voice.Inbound.Tollfree.Rate)),
					gb("voice_outbound_ip_rate", exact(api.Voice.Outbound.IP.Rate)),
					gb("voice_outbound_local_rate", exact(api.Voice.Outbound.Local.Rate)),
					gb("voice_outbound_tollfree_rate", knownvalue.Null()),
					gb("voice_outbound_rates", knownvalue.ListExact(prefixRates)),
					// The US prices calls to toll-free numbers.
					statecheck.ExpectKnownValue("data.cpaas_pricing.us", tfjsonpath.New("voice_outbound_tollfree_rate"), knownvalue.StringExact("0.00300")),
					statecheck.ExpectKnownValue("data.cpaas_pricing.us", tfjsonpath.New("country_code"), knownvalue.Int64Exact(1)),
				},
			},
			{
				Config:      env.Config(`data "cpaas_pricing" "bad" { country_iso = "gb" }`),
				ExpectError: acctest.ErrorPattern(`Attribute country_iso must be two upper-case letters \(an ISO 3166-1 alpha-2 code such as US\), got "gb"`),
			},
			{
				Config:      env.Config(`data "cpaas_pricing" "jp" { country_iso = "JP" }`),
				ExpectError: acctest.ErrorPattern(`No pricing for country JP.*The API has no pricing for country_iso "JP"`),
			},
			// The documented example applies, its check included.
			{
				Config: env.Config(acctest.RepoFile(t, "examples/data-sources/cpaas_pricing/data-source.tf")),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckOutput("uk_sms_price", wire.Deref(api.Message.Outbound.Rate)),
					resource.TestCheckOutput("uk_tollfree_call_price", "not offered"),
				),
			},
			{Config: env.Config("")},
		},
	})
}
