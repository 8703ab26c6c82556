package provider_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// listAccount is what TestAccListResources_TF114 makes outside Terraform.
type listAccount struct {
	deskEndpoints, lobbyEndpoints []string
	brandA, brandB                string
	campaignsA, campaignsB        []string
	// links by campaign
	links        map[string][]string
	boughtNumber []string
	allNumbers   int
	sessions     map[string]string // session uuid -> first party
}

func makeListAccount(t *testing.T, c *client.Client) listAccount {
	t.Helper()
	ctx := context.Background()
	a := listAccount{links: map[string][]string{}, sessions: map[string]string{}}
	for i, u := range []string{"desk", "desk", "lobby"} {
		e, err := c.CreateEndpoint(ctx, client.EndpointCreate{Username: u, Password: "secret-" + u, Alias: fmt.Sprintf("Phone %d", i)})
		if err != nil {
			t.Fatal(err)
		}
		if u == "desk" {
			a.deskEndpoints = append(a.deskEndpoints, e.EndpointID)
		} else {
			a.lobbyEndpoints = append(a.lobbyEndpoints, e.EndpointID)
		}
	}
	a.brandA = tendlctest.MakeRegisteredBrand(t, c, tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c)))
	b := tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c))
	b.BrandAlias = "Beta Corp"
	a.brandB = tendlctest.MakeRegisteredBrand(t, c, b)
	for i := 0; i < 2; i++ {
		k := tendlctest.DocsCampaign(a.brandA)
		k.CampaignAlias = fmt.Sprintf("Alerts %d", i)
		a.campaignsA = append(a.campaignsA, tendlctest.MakeActiveCampaign(t, c, k))
	}
	a.campaignsB = append(a.campaignsB, tendlctest.MakeActiveCampaign(t, c, tendlctest.DocsCampaign(a.brandB)))
	link := func(campaign, number string) {
		if err := c.LinkNumbers(ctx, campaign, client.NumberLink{Numbers: []string{number}}); err != nil {
			t.Fatal(err)
		}
		provtest.WaitUntil(t, "number link", func() bool {
			got, err := c.GetCampaignNumber(ctx, campaign, number)
			return err == nil && got.Status == "COMPLETED"
		})
		a.links[campaign] = append(a.links[campaign], number)
	}
	link(a.campaignsA[0], "14155550100")
	link(a.campaignsA[0], "12125550101")
	link(a.campaignsB[0], "13125550102")
	found, _, err := c.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Services: "voice,sms"}, 2)
	if err != nil || len(found) != 2 {
		t.Fatalf("search: %v %v", found, err)
	}
	for _, n := range found {
		if _, err := c.BuyPhoneNumber(ctx, n.Number, client.PhoneNumberBuy{}); err != nil {
			t.Fatal(err)
		}
		a.boughtNumber = append(a.boughtNumber, n.Number)
	}
	all, err := c.ListAllNumbers(ctx, client.AccountNumberFilter{})
	if err != nil {
		t.Fatal(err)
	}
	a.allNumbers = len(all)
	for _, p := range [][2]string{{"14155551234", "14155555678"}, {"14155550111", "14155550222"}, {"14155550333", "14155550444"}} {
		s, err := c.CreateMaskingSession(ctx, client.MaskingSessionCreate{FirstParty: p[0], SecondParty: p[1]})
		if err != nil {
			t.Fatal(err)
		}
		a.sessions[s.SessionUUID] = p[0]
	}
	// An expired session is not listed: it cannot be imported.
	for id, first := range a.sessions {
		if first == "14155550333" {
			if err := c.DeleteMaskingSession(ctx, id); err != nil {
				t.Fatal(err)
			}
			delete(a.sessions, id)
		}
	}
	return a
}

// Every list resource finds exactly the objects of the account its filters
// select, names each by the identity its resource imports, and with
// include_resource carries the data an import reads.
func TestAccListResources_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	a := makeListAccount(t, env.Client(t))

	checks := []querycheck.QueryResultCheck{
		querycheck.ExpectLength("cpaas_endpoint.all", 3),
		querycheck.ExpectLength("cpaas_endpoint.desk", 2),
		querycheck.ExpectLength("cpaas_10dlc_brand.all", 2),
		querycheck.ExpectLength("cpaas_10dlc_campaign.all", 3),
		querycheck.ExpectLength("cpaas_10dlc_campaign.brand_a", 2),
		querycheck.ExpectLength("cpaas_10dlc_campaign_number.all", 3),
		querycheck.ExpectLength("cpaas_10dlc_campaign_number.first", 2),
		querycheck.ExpectLength("cpaas_10dlc_campaign_number.brand_b", 1),
		querycheck.ExpectLength("cpaas_phone_number.all", a.allNumbers),
		querycheck.ExpectLength("cpaas_phone_number.bought", 1),
		querycheck.ExpectLength("cpaas_masking_session.all", 2),
		querycheck.ExpectLength("cpaas_masking_session.driver", 1),
		querycheck.ExpectIdentity("cpaas_10dlc_brand.all", provtest.IdentityIs("brand_id", a.brandA)),
		querycheck.ExpectIdentity("cpaas_10dlc_brand.all", provtest.IdentityIs("brand_id", a.brandB)),
		querycheck.ExpectIdentity("cpaas_phone_number.bought", provtest.IdentityIs("number", a.boughtNumber[0])),
		// The full resource data, as an import reads it.
		querycheck.ExpectResourceKnownValues("cpaas_10dlc_brand.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("brand_id", a.brandB)),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("brand_alias"), KnownValue: knownvalue.StringExact("Beta Corp")},
				{Path: tfjsonpath.New("registration_status"), KnownValue: knownvalue.StringExact("COMPLETED")},
			}),
		querycheck.ExpectResourceKnownValues("cpaas_endpoint.desk", queryfilter.ByResourceIdentity(provtest.IdentityIs("endpoint_id", a.deskEndpoints[1])),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("username"), KnownValue: knownvalue.StringExact("desk")},
				{Path: tfjsonpath.New("alias"), KnownValue: knownvalue.StringExact("Phone 1")},
				{Path: tfjsonpath.New("password"), KnownValue: knownvalue.Null()},
			}),
		querycheck.ExpectResourceKnownValues("cpaas_10dlc_campaign_number.brand_b",
			queryfilter.ByResourceIdentity(provtest.IdentityIs("campaign_id", a.campaignsB[0], "number", "13125550102")),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(a.campaignsB[0] + "/13125550102")},
				{Path: tfjsonpath.New("status"), KnownValue: knownvalue.StringExact("COMPLETED")},
			}),
	}
	for _, id := range append(append([]string{}, a.deskEndpoints...), a.lobbyEndpoints...) {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_endpoint.all", provtest.IdentityIs("endpoint_id", id)))
	}
	for _, id := range append(append([]string{}, a.campaignsA...), a.campaignsB...) {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_10dlc_campaign.all", provtest.IdentityIs("campaign_id", id)))
	}
	for campaign, numbers := range a.links {
		for _, n := range numbers {
			checks = append(checks, querycheck.ExpectIdentity("cpaas_10dlc_campaign_number.all", provtest.IdentityIs("campaign_id", campaign, "number", n)))
		}
	}
	for id := range a.sessions {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_masking_session.all", provtest.IdentityIs("session_uuid", id)))
	}

	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.ProviderConfig() + fmt.Sprintf(`
list "cpaas_endpoint" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_endpoint" "desk" {
  provider         = cpaas
  include_resource = true
  config {
    username = "desk"
  }
}

list "cpaas_10dlc_brand" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_10dlc_campaign" "all" {
  provider = cpaas
}

list "cpaas_10dlc_campaign" "brand_a" {
  provider = cpaas
  config {
    brand_id = %[1]q
  }
}

list "cpaas_10dlc_campaign_number" "all" {
  provider = cpaas
}

list "cpaas_10dlc_campaign_number" "first" {
  provider = cpaas
  config {
    campaign_id = %[2]q
  }
}

list "cpaas_10dlc_campaign_number" "brand_b" {
  provider         = cpaas
  include_resource = true
  config {
    brand_id = %[3]q
  }
}

list "cpaas_phone_number" "all" {
  provider = cpaas
}

list "cpaas_phone_number" "bought" {
  provider = cpaas
  config {
    number_starts_with = %[4]q
  }
}

list "cpaas_masking_session" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_masking_session" "driver" {
  provider = cpaas
  config {
    first_party = "+14155551234"
  }
}
`, a.brandA, a.campaignsA[0], a.brandB, a.boughtNumber[0]),
			QueryResultChecks: checks,
		}},
	})
}

// A filter's rule is checked before anything is listed, naming the filter
// and the value: every list resource that has a rule keeps it. A filter the
// API refuses fails the listing with the API's reason.
func TestAccListResources_filterRules_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	query := func(typ, config, pattern string) resource.TestStep {
		return resource.TestStep{
			Query: true,
			Config: env.ProviderConfig() + fmt.Sprintf(`
list %q "bad" {
  provider = cpaas
  config {
    %s
  }
}
`, typ, config),
			ExpectError: acctest.ErrorPattern(pattern),
		}
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{
			query("cpaas_10dlc_brand", `registration_status = "DONE"`, `Attribute registration_status value must be one of`),
			query("cpaas_10dlc_campaign", `brand_id = "nope"`, `Attribute brand_id must be a brand id`),
			query("cpaas_10dlc_campaign_number", `campaign_id = "nope"`, `Attribute campaign_id must be a campaign id`),
			query("cpaas_10dlc_campaign_number", "campaign_id = \"CABCDEF\"\n    brand_id = \"BABCDEF\"", `Attribute "brand_id" cannot be specified when "campaign_id" is specified`),
			query("cpaas_phone_number", `type = "landline"`, `Attribute type value must be one of`),
			query("cpaas_application", `app_name = "two words"`, `Attribute app_name "two words" is invalid`),
			query("cpaas_phone_number_compliance", `status = "pending"`, `Attribute status value must be one of: \["submitted" "accepted" "rejected"\]`),
			query("cpaas_phone_number_compliance", `country_iso = "DE"`, `Attribute country_iso "DE": DE is not covered by cpaas_phone_number_compliance`),
			query("cpaas_phone_number_compliance", `user_type = "company"`, `Attribute user_type value must be one of`),
			query("cpaas_end_user", `end_user_type = "company"`, `Attribute end_user_type value must be one of`),
			query("cpaas_compliance_document", `end_user_id = "nope"`, `Attribute end_user_id must be`),
			query("cpaas_compliance_document", `alias = ""`, `Attribute alias must be 1 to 100 characters long, got 0`),
			query("cpaas_compliance_application", `status = "pending"`, `Attribute status value must be one of: \["draft" "submitted" "accepted" "rejected"\]`),
			query("cpaas_compliance_application", `country_iso2 = "IN"`, `Attribute country_iso2 "IN": IN is covered by cpaas_phone_number_compliance; cpaas_end_user, cpaas_compliance_document and cpaas_compliance_application serve the other countries`),
			query("cpaas_phone_number", `services = "fax"`, `Error listing phone numbers.*the account's phone numbers: .*HTTP 400: invalid parameter services="fax"`),
		},
	})
}

// The type filter of the number list takes what the API takes (toll-free
// and its alias tollfree, local, national, mobile, fixed, in any case): a
// check of its own, stricter than the API, refused toll-free, local and
// national at plan time. Each query lists exactly the numbers of its type:
// the account's three starter numbers (fixed, sub-type local) and one
// toll-free number it bought.
func TestAccListResources_numberTypesTheAPITakes_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	c, ctx := env.Client(t), context.Background()
	found, _, err := c.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, 1)
	if err != nil || len(found) != 1 {
		t.Fatalf("search: %v %v", found, err)
	}
	tollfree := found[0].Number
	if _, err := c.BuyPhoneNumber(ctx, tollfree, client.PhoneNumberBuy{}); err != nil {
		t.Fatal(err)
	}
	starters := []string{"14155550100", "12125550101", "13125550102"}
	var steps []resource.TestStep
	for _, tc := range []struct {
		typ  string
		want []string
	}{
		{"toll-free", []string{tollfree}}, {"tollfree", []string{tollfree}}, {"local", starters},
		{"national", nil}, {"Mobile", nil}, {"fixed", starters},
	} {
		checks := []querycheck.QueryResultCheck{querycheck.ExpectLength("cpaas_phone_number.by_type", len(tc.want))}
		for _, n := range tc.want {
			checks = append(checks, querycheck.ExpectIdentity("cpaas_phone_number.by_type", provtest.IdentityIs("number", n)))
		}
		steps = append(steps, resource.TestStep{
			Query: true,
			Config: env.ProviderConfig() + fmt.Sprintf(`
list "cpaas_phone_number" "by_type" {
  provider = cpaas
  config {
    type = %q
  }
}
`, tc.typ),
			QueryResultChecks: checks,
		})
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps:                  steps,
	})
}
