package tendlc_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// campaignHCL is a STANDARD brand and a campaign under it; fields are extra
// lines of the campaign block.
func campaignHCL(alias, vertical, fields string) string {
	return tendlctest.BrandHCL("Acme Corp", "") + fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = %q
  vertical       = %q
  description    = %q
  sample1        = %q
  sample2        = %q
%s
}
`, alias, vertical, tendlctest.TdDescription, tendlctest.TdSample1, tendlctest.TdSample2, fields)
}

const mixedUsecase = `  usecase      = "MIXED"
  sub_usecases = ["MARKETING", "ACCOUNT_NOTIFICATION"]
  subscriber_optout = true`

func TestAccTenDLCCampaign_updateInPlaceReplaceImport(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	var firstID string
	campaign := func(s *terraform.State) (string, error) { return tendlctest.StateID(s, "cpaas_10dlc_campaign.test") }
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(campaignHCL("Alerts", "RETAIL", mixedUsecase)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^C[A-Z0-9]{6}$`))),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("ACTIVE")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("error_reason"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("error_code"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("sub_usecases"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("MARKETING"), knownvalue.StringExact("ACCOUNT_NOTIFICATION")})),
					// Today's defaults: the three subscriber flags are true.
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("subscriber_optin"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("subscriber_help"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("subscriber_optout"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("age_gated"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("sample3"), knownvalue.Null()),
					// What the records tell: each carrier's throughput, the pool.
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("mno_metadata").AtMapKey("AT&T").AtMapKey("tpm"), knownvalue.Int64Exact(240)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("mno_metadata").AtMapKey("T-Mobile").AtMapKey("brand_tier"), knownvalue.StringExact("LOW")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("number_pool_limit"), knownvalue.Int64Exact(49)),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("campaign_source"), knownvalue.StringExact("cpaas")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("reseller_id"), knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) (err error) {
					firstID, err = campaign(s)
					return err
				},
			},
			{
				// The service updates a campaign only while it is FAILED: a
				// text change of an ACTIVE one is refused at plan time,
				// never turned into a replacement.
				Config: env.Config(campaignHCL("Alerts v2", "RETAIL", mixedUsecase+`
  sample3       = "Acme: a third sample message for the registry."`)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`10DLC campaign cannot be updated in its current status.*This plan changes campaign_alias, sample3, but campaign C[A-Z0-9]{6} cannot be updated while its registration_status is ACTIVE.*revert campaign_alias.*-replace`),
			},
			{
				ResourceName:      "cpaas_10dlc_campaign.test",
				ImportState:       true,
				ImportStateVerify: true,
				// The service's GET never returns them: after an import the
				// configuration records them in place (see
				// TestAccTenDLCCampaign_importRecordedShapePlansNoReplacement).
				ImportStateVerifyIgnore: []string{"description", "affiliate_marketing"},
			},
			{
				// The vertical cannot change: the campaign is replaced.
				Config: env.Config(campaignHCL("Alerts", "TECHNOLOGY", mixedUsecase)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_campaign.test", plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := campaign(s)
					if ids := env.Objects(t)["10dlc_campaigns"]; len(ids) != 1 || ids[0] != id || id == firstID {
						return fmt.Errorf("after replace the emulator holds %v; want only %s (old %s)", ids, id, firstID)
					}
					return nil
				},
			},
		},
	})
}

// A FAILED campaign is the one the service updates: the update resubmits
// it for vetting, in place (same id), with a warning of the fee, and the
// apply waits for the new decision.
func TestAccTenDLCCampaign_failedCampaignUpdatesInPlace(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	var firstID string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(campaignHCL("Promo REJECT", "RETAIL", "  usecase = \"MARKETING\"\n  wait_for_registration = false")),
				Check: func(s *terraform.State) (err error) {
					firstID, err = tendlctest.StateID(s, "cpaas_10dlc_campaign.test")
					time.Sleep(300 * time.Millisecond) // the registry decides (150 ms): FAILED
					return err
				},
				// Without a text change, the plan after the rejection
				// replaces the campaign.
				ExpectNonEmptyPlan: true,
			},
			{
				// A corrected text updates it in place and resubmits it.
				Config: env.Config(campaignHCL("Promo", "RETAIL", "  usecase = \"MARKETING\"")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_campaign.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("ACTIVE")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("error_reason"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("campaign_alias"), knownvalue.StringExact("Promo")),
				},
				Check: func(s *terraform.State) error {
					id, _ := tendlctest.StateID(s, "cpaas_10dlc_campaign.test")
					if id != firstID {
						return fmt.Errorf("the update replaced campaign %s with %s", firstID, id)
					}
					all, err := env.Client(t).ListAllCampaigns(context.Background(), "")
					if err == nil && (len(all) != 1 || all[0].CampaignAlias != "Promo" || all[0].RegistrationStatus != "ACTIVE") {
						err = fmt.Errorf("emulator lists %+v", all)
					}
					return err
				},
			},
			{
				// Adding a text to the campaign, now ACTIVE, is an update
				// too: refused at plan time.
				Config:      env.Config(campaignHCL("Promo", "RETAIL", "  usecase = \"MARKETING\"\n  sample3 = \"Acme: a third sample message for the registry.\"")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`10DLC campaign cannot be updated in its current status`),
			},
		},
	})
}

func TestAccTenDLCCampaign_unregisteredBrand(t *testing.T) {
	t.Parallel()
	env := tendlcManualEnv(t)
	cfg := tendlctest.BrandHCL("Acme Corp", "  wait_for_registration = false") + fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = "Alerts"
  vertical       = "RETAIL"
  usecase        = "MARKETING"
  description    = %q
  sample1        = %q
  sample2        = %q
}
`, tendlctest.TdDescription, tendlctest.TdSample1, tendlctest.TdSample2)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{{
			Config:      env.Config(cfg),
			ExpectError: acctest.ErrorPattern(`Error creating 10DLC campaign.*is not registered \(registration_status PROCESSING\); a campaign can only be created with a registered brand.*wait for the registration to complete`),
		}},
	})
	if ids := env.Objects(t)["10dlc_campaigns"]; len(ids) != 0 {
		t.Fatalf("a refused campaign was created: %v", ids)
	}
}

func TestAccTenDLCCampaign_starterBrandAndRejection(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	starter := tendlctest.ProfileHCL("solo", "Solo Trader", "") + `
resource "cpaas_10dlc_brand" "solo" {
  brand_alias  = "Solo"
  profile_uuid = cpaas_10dlc_profile.solo.id
}
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.solo.id
  campaign_alias = "Promo"
  vertical       = "RETAIL"
  usecase        = "MARKETING"
  description    = "` + tendlctest.TdDescription + `"
  sample1        = "` + tendlctest.TdSample1 + `"
  sample2        = "` + tendlctest.TdSample2 + `"
}
`
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(starter),
				// The brand is known once created: the plan of the campaign
				// checks its use cases before anything is sent.
				ExpectError: acctest.ErrorPattern("Use case not available to the brand.*Brand B[A-Z0-9]{6} may register campaigns only with the use cases\\s+`STARTER`"),
			},
			{
				Config:      env.Config(campaignHCL("Promo REJECT", "RETAIL", `  usecase = "MARKETING"`)),
				ExpectError: acctest.ErrorPattern(`10DLC campaign rejected by the registry.*add opt-out language.*stays in the state as tainted`),
			},
			{
				Config: env.Config(campaignHCL("Promo", "RETAIL", `  usecase = "MARKETING"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_campaign.test", plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("ACTIVE")),
				},
			},
		},
	})
}

func TestAccTenDLCCampaign_validation(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	cases := []struct{ vertical, fields, want string }{
		{"SPACE", `  usecase = "MARKETING"`, `Attribute vertical value must be one of: .*got: "SPACE"`},
		{"RETAIL", `  usecase = "SPAM"`, `Attribute usecase value must be one of: .*got: "SPAM"`},
		{"RETAIL", "  usecase = \"MIXED\"\n  sub_usecases = [\"MARKETING\"]", `Attribute sub_usecases set must contain at least 2 elements and at most 5 elements, got: 1`},
		{"RETAIL", "  usecase = \"MARKETING\"\n  sub_usecases = [\"2FA\", \"MIXED\"]", `Attribute sub_usecases\[Value\("MIXED"\)\] value must be one of`},
		{"RETAIL", "  usecase = \"MIXED\"", `usecase MIXED needs 2 to 5 sub_usecases, got 0`},
		{"RETAIL", "  usecase = \"MARKETING\"\n  sample3 = \"too short\"", `Attribute sample3 must be 20 to 1024 characters long, got 9`},
		// Today's create rules, at plan time, in characters.
		{"RETAIL", "  usecase = \"MARKETING\"\n  subscriber_optin = false", `Attribute subscriber_optin must be true: the service registers only campaigns that collect opt-in.*\(got false\)`},
		{"RETAIL", "  usecase = \"MARKETING\"\n  subscriber_help = false", `Attribute subscriber_help must be true`},
		{"RETAIL", "  usecase = \"MARKETING\"\n  message_flow = \"" + strings.Repeat("ж", 39) + "\"", `Attribute message_flow must be 40 to 4096 characters long, got 39`},
		{"RETAIL", "  usecase = \"MARKETING\"\n  help_message = \"" + strings.Repeat("😀", 19) + "\"", `Attribute help_message must be 20 to 4096 characters long, got 19`},
		{"RETAIL", "  usecase = \"MARKETING\"\n  method = \"PATCH\"", `Attribute method value must be one of: \["POST" "GET"\], got: "PATCH"`},
	}
	var steps []resource.TestStep
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: env.Config(campaignHCL("A", c.vertical, c.fields)), PlanOnly: true, ExpectError: acctest.ErrorPattern(c.want)})
	}
	steps = append(steps, resource.TestStep{
		Config: env.Config(tendlctest.BrandHCL("Acme", "") + `
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = "A"
  vertical       = "RETAIL"
  usecase        = "MARKETING"
  description    = "Too short to describe anything."
  sample1        = "` + tendlctest.TdSample1 + `"
  sample2        = "` + tendlctest.TdSample2 + `"
}`),
		PlanOnly:    true,
		ExpectError: acctest.ErrorPattern(`Attribute description must be 40 to 4096 characters long, got 31`),
	})
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
	if ids := env.Objects(t)["10dlc_brands"]; len(ids) != 0 {
		t.Fatalf("invalid configurations created brands: %v", ids)
	}
}
