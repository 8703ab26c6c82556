package tendlc_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The service's recorded 10DLC replies are sparse: each test is named after
// the quirk it meets and fails on a provider that reads a missing field as
// a change (the emulator answers in the recorded shapes).

// The brand GET has no brand_alias: a registration keeps the configured
// alias (it ended in "inconsistent result after apply" and a tainted brand),
// and the next plan is empty. Checked by the registration that ends
// TestAccTenDLCBrand_rejectedShowsReasonsAndIsReplaced (the checks of the
// former TestAccTenDLCBrand_recordedGetWithoutAliasKeepsTheAlias), which
// applies the same configuration.

// The campaign GET has no campaign_alias, vertical or description and its
// flags lack affiliate_marketing: a registration keeps what was configured,
// the next plan is empty, and a refresh changes none of them.
func TestAccTenDLCCampaign_recordedGetWithoutAliasVerticalDescriptionPlansNoChange(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	cfg := env.Config(campaignHCL("Alerts", "RETAIL", "  usecase = \"MARKETING\"\n  affiliate_marketing = true"))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("campaign_alias"), knownvalue.StringExact("Alerts")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("vertical"), knownvalue.StringExact("RETAIL")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("description"), knownvalue.StringExact(tendlctest.TdDescription)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("affiliate_marketing"), knownvalue.Bool(true)),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					id, err := tendlctest.StateID(s, "cpaas_10dlc_campaign.test")
					if err != nil {
						return err
					}
					c, err := env.Client(t).GetCampaign(context.Background(), id)
					if err == nil && (c.CampaignAlias != "" || c.Vertical != "" || c.Description != "" ||
						c.CampaignAttributes == nil || c.CampaignAttributes.AffiliateMarketing != nil) {
						err = fmt.Errorf("the emulator's GET is not the recorded shape: %+v", c)
					}
					return err
				},
			},
			{RefreshState: true},
			{Config: cfg, PlanOnly: true},
		},
	})
}

// A STARTER campaign of the service holds sub use cases ("2FA,MARKETING"):
// the configuration can say so, and an import of it plans nothing.
func TestAccTenDLCCampaign_recordedStarterSubUsecaseIsAdoptable(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	cfg := tendlctest.ProfileHCL("solo", "Solo Corp", "") + `
resource "cpaas_10dlc_brand" "solo" {
  brand_alias  = "Solo"
  profile_uuid = cpaas_10dlc_profile.solo.id
}
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.solo.id
  campaign_alias = "Starter"
  vertical       = "RETAIL"
  usecase        = "STARTER"
  sub_usecases   = ["2FA", "MARKETING"]
  description    = "` + tendlctest.TdDescription + `"
  sample1        = "` + tendlctest.TdSample1 + `"
  sample2        = "` + tendlctest.TdSample2 + `"
}
`
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(cfg),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("sub_usecases"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("2FA"), knownvalue.StringExact("MARKETING")})),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("mno_metadata").AtMapKey("T-Mobile").AtMapKey("brand_tier"),
						knownvalue.StringExact("SOLE_PROPRIETOR")),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				ResourceName:            "cpaas_10dlc_campaign.test",
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"description", "affiliate_marketing"},
			},
		},
	})
}

// The service never returns a campaign's description, so a configuration
// generated for one has none: description is required at create (plan
// time), not by the schema.
func TestAccTenDLCCampaign_descriptionRequiredAtCreateOnly(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(tendlctest.BrandHCL("Acme Corp", "") + `
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = "Alerts"
  vertical       = "RETAIL"
  usecase        = "MARKETING"
  sample1        = "` + tendlctest.TdSample1 + `"
  sample2        = "` + tendlctest.TdSample2 + `"
}`),
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(`Attribute description is required to create a 10DLC campaign`),
		}},
	})
}

// The service's recorded campaign holds sample1 "OTP registration" (16
// characters) and sample2 "call forward" (12), both shorter than today's
// create rule (20 to 1024): a campaign it holds is adopted with the
// configuration keeping those values (the import plans nothing to change,
// no error), while changing either to another value is held to today's
// rule at plan time, counted in characters.
func TestAccTenDLCCampaign_recordedShortSampleIsAdoptable(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	env.Control(t, "records made under older rules") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	brand := tendlctest.MakeRegisteredBrand(t, c, tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c)))
	id := tendlctest.MakeActiveCampaign(t, c, tendlctest.DocsCampaign(brand))
	const recorded, recorded2 = "OTP registration", "call forward"
	if err := env.Control(t, "records made under older rules").SetLegacyCampaignTexts(acctest.AuthID, id,
		map[string]string{"sample1": recorded, "sample2": recorded2}); err != nil {
		t.Fatal(err)
	}
	example := strings.Replace(provtest.ExampleConfig(t, "cpaas_10dlc_campaign"),
		`"Acme: order 1234 was delivered. Reply HELP for help, STOP to opt out."`, strconv.Quote(recorded2), 1)
	withSample1 := func(v string) string {
		return env.Config(strings.Replace(example, `"Acme: order 1234 is confirmed. Reply STOP to opt out."`, strconv.Quote(v), 1) +
			provtest.ImportBlocks([][2]string{{"cpaas_10dlc_campaign.alerts", id}}))
	}
	vars := config.Variables{"brand_id": config.StringVariable(brand)}
	nineteen := strings.Repeat("é", 19) // 38 bytes, 19 characters
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:          withSample1(recorded),
				ConfigVariables: vars,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.alerts", tfjsonpath.New("sample1"), knownvalue.StringExact(recorded)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.alerts", tfjsonpath.New("sample2"), knownvalue.StringExact(recorded2)),
				},
			},
			{
				// A refresh that brings the value in plans nothing either.
				Config:             withSample1(recorded),
				ConfigVariables:    vars,
				PlanOnly:           true,
				ExpectNonEmptyPlan: false,
			},
			{
				Config:          withSample1("OTP sign-in"),
				ConfigVariables: vars,
				PlanOnly:        true,
				ExpectError:     acctest.ErrorPattern(`Attribute sample1 must be 20 to 1024 characters long, got 11`),
			},
			{
				Config:          withSample1(nineteen),
				ConfigVariables: vars,
				PlanOnly:        true,
				ExpectError:     acctest.ErrorPattern(`Attribute sample1 must be 20 to 1024 characters long, got 19`),
			},
			{
				// sample2 is judged the same way: another short value fails.
				Config: env.Config(strings.Replace(strings.Replace(example, strconv.Quote(recorded2), `"call forwarding"`, 1),
					`"Acme: order 1234 is confirmed. Reply STOP to opt out."`, strconv.Quote(recorded), 1) +
					provtest.ImportBlocks([][2]string{{"cpaas_10dlc_campaign.alerts", id}})),
				ConfigVariables: vars,
				PlanOnly:        true,
				ExpectError:     acctest.ErrorPattern(`Attribute sample2 must be 20 to 1024 characters long, got 15`),
			},
		},
	})
}

// The service's recorded profile holds entity_type PUBLIC_PROFIT, which
// today's list lacks: a profile it holds is adopted with the configuration
// keeping that value (the import plans nothing to change), while a new
// profile, or a change to another value outside the list, fails at plan
// naming entity_type and the list.
func TestAccProfile_recordedOlderEntityTypeIsAdoptable(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "records made under older rules") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	id := tendlctest.MakeDocsProfile(t, c)
	if err := env.Control(t, "records made under older rules").SetLegacyProfileEntityType(acctest.AuthID, id, "PUBLIC_PROFIT"); err != nil {
		t.Fatal(err)
	}
	example := provtest.ExampleConfig(t, "cpaas_10dlc_profile")
	withEntity := func(v string, imported bool) string {
		cfg := strings.Replace(example, `entity_type         = "PRIVATE"`, `entity_type         = `+strconv.Quote(v), 1)
		if imported {
			cfg += provtest.ImportBlocks([][2]string{{"cpaas_10dlc_profile.acme", id}})
		}
		return env.Config(cfg)
	}
	refused := acctest.ErrorPattern(`Attribute entity_type value must be one of`)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: withEntity("PUBLIC_PROFIT", true),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_profile.acme", tfjsonpath.New("entity_type"), knownvalue.StringExact("PUBLIC_PROFIT")),
				},
			},
			{Config: withEntity("PRIVATE_PROFIT", true), PlanOnly: true, ExpectError: refused},
		},
	})
	// A new profile with a value outside today's list is refused at plan.
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{Config: withEntity("PUBLIC_PROFIT", false), PlanOnly: true, ExpectError: refused}},
	})
}
