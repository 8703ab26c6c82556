package tendlc_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// campaignImportHCL imports campaign id under alias; fields are extra
// lines of the block.
func campaignImportHCL(id, alias, fields string) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign_import" "test" {
  campaign_id    = %q
  campaign_alias = %q
%s
}
`, id, alias, fields)
}

const importAddr = "cpaas_10dlc_campaign_import.test"

// An import brings the campaign in as the emulator made it up from its id
// (BEHAVIOUR.md): shared, ACTIVE once processed, with its brand, use case
// and throughput; numbers link to it; an alias change on an ACTIVE
// campaign is refused at plan, a callback change is recorded, the import
// reads back, and a new campaign_id deactivates the old one and imports
// the new.
func TestAccTenDLCCampaignImport_lifecycle(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_campaigns", "10dlc_campaign_numbers"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(campaignImportHCL("CX4T7QM", "Moved in", "") + `
resource "cpaas_10dlc_campaign_number" "n0" {
  campaign_id = cpaas_10dlc_campaign_import.test.id
  number      = "14155550100"
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("id"), knownvalue.StringExact("CX4T7QM")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("campaign_id"), knownvalue.StringExact("CX4T7QM")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("campaign_alias"), knownvalue.StringExact("Moved in")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("registration_status"), knownvalue.StringExact("ACTIVE")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("campaign_source"), knownvalue.StringExact("shared")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("brand_id"), knownvalue.StringExact("BX4T7QM")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("usecase"), knownvalue.StringExact("CUSTOMER_CARE")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("vertical"), knownvalue.StringExact("TECHNOLOGY")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("sub_usecases"), knownvalue.Null()),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("error_reason"), knownvalue.Null()),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("reseller_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("number_pool_limit"), knownvalue.Int64Exact(49)),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("mno_metadata").AtMapKey("AT&T").AtMapKey("tpm"), knownvalue.Int64Exact(240)),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("created_at"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign_number.n0", tfjsonpath.New("status"), knownvalue.StringExact("COMPLETED")),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				// The service updates a campaign only while it is FAILED.
				Config:      env.Config(campaignImportHCL("CX4T7QM", "Renamed", "")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Imported 10DLC campaign cannot be updated in its current status.*changes campaign_alias from "Moved in" to\s+"Renamed", but campaign CX4T7QM cannot be updated while its registration_status is\s+ACTIVE.*Revert campaign_alias`),
			},
			{
				// A callback change is recorded in the state only.
				Config: env.Config(campaignImportHCL("CX4T7QM", "Moved in", `  url = "https://hooks.example.com/import"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(importAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				ResourceName:            importAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"url"}, // never returned: recorded by the next apply
			},
			{
				ResourceName:  importAddr,
				ImportState:   true,
				ImportStateId: "cx4t7qm",
				ExpectError:   acctest.ErrorPattern(`import id "cx4t7qm" must be a campaign id, C followed by 6 upper-case letters or\s+digits`),
			},
			{
				Config: env.Config(campaignImportHCL("CB2N6VD", "Moved in", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(importAddr, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(*terraform.State) error {
					if ids := env.Objects(t)["10dlc_campaigns"]; len(ids) != 1 || ids[0] != "CB2N6VD" {
						return fmt.Errorf("after the replacement the emulator holds %v; want only CB2N6VD", ids)
					}
					return nil
				},
			},
		},
	})
}

// An import the registry rejects (the family's REJECT marker) fails the
// apply and stays tainted; with the alias corrected it is updated in
// place (the same campaign, resubmitted) and ends ACTIVE.
func TestAccTenDLCCampaignImport_rejectedUpdatesInPlace(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_campaigns"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(campaignImportHCL("CR3J8KW", "Moved REJECT", "  wait_for_registration = false")),
				Check: func(*terraform.State) error {
					time.Sleep(300 * time.Millisecond) // the registry decides (150 ms): FAILED
					return nil
				},
				// Without an alias change, the plan after the rejection
				// replaces it.
				ExpectNonEmptyPlan: true,
			},
			{
				Config: env.Config(campaignImportHCL("CR3J8KW", "Moved in", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(importAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("registration_status"), knownvalue.StringExact("ACTIVE")),
					statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("error_reason"), knownvalue.Null()),
				},
				Check: func(*terraform.State) error {
					all, err := env.Client(t).ListAllCampaigns(context.Background(), "")
					if err == nil && (len(all) != 1 || all[0].CampaignID != "CR3J8KW" || all[0].CampaignAlias != "Moved in") {
						err = fmt.Errorf("emulator lists %+v", all)
					}
					return err
				},
			},
			{
				Config:      env.Config(campaignImportHCL("CR3J8KW", "Moved in REJECT", "")),
				ExpectError: acctest.ErrorPattern(`Imported 10DLC campaign cannot be updated in its current status`),
			},
		},
	})
}

// The plan-time rules name attribute, rule and value (lengths in
// characters); the API refuses a campaign the account already holds,
// naming campaign_id, and creates nothing; a campaign registered here is
// not taken as an import.
func TestAccTenDLCCampaignImport_refusals(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	c := env.Client(t)
	brand := tendlctest.MakeRegisteredBrand(t, c, tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c)))
	own := tendlctest.MakeActiveCampaign(t, c, tendlctest.DocsCampaign(brand))
	var steps []resource.TestStep
	for _, tc := range []struct{ id, alias, fields, want string }{
		{"cx4t7qm", "A", "", `Attribute campaign_id must be C followed by 6 upper-case letters or digits,\s+such as CQ7ZP3A, got: cx4t7qm`},
		{"CX4T7QM", strings.Repeat("ж", 256), "", `Attribute campaign_alias must be 1 to 255 characters long, got 256`},
		{"CX4T7QM", "A", `  method = "PATCH"`, `Attribute method value must be one of: \["POST" "GET"\], got: "PATCH"`},
	} {
		steps = append(steps, resource.TestStep{Config: env.Config(campaignImportHCL(tc.id, tc.alias, tc.fields)), PlanOnly: true,
			ExpectError: acctest.ErrorPattern(tc.want)})
	}
	steps = append(steps,
		resource.TestStep{
			Config:             env.Config(campaignImportHCL("CX4T7QM", strings.Repeat("ж", 255), "")),
			PlanOnly:           true,
			ExpectNonEmptyPlan: true,
		},
		resource.TestStep{
			Config:      env.Config(campaignImportHCL(own, "Again", "")),
			ExpectError: acctest.ErrorPattern(`Error creating 10DLC campaign import.*campaign_id ` + own + ` is already a campaign of\s+this account \(campaign_source cpaas\)`),
		},
		resource.TestStep{
			Config:        env.Config(campaignImportHCL(own, "Order alerts", "")),
			ResourceName:  importAddr,
			ImportState:   true,
			ImportStateId: own,
			ExpectError:   acctest.ErrorPattern(`10DLC campaign was not imported.*Campaign ` + own + ` has campaign_source "cpaas".*cpaas_10dlc_campaign`),
		},
	)
	acctest.Test(t, resource.TestCase{Steps: steps})
	if ids := env.Objects(t)["10dlc_campaigns"]; len(ids) != 1 || ids[0] != own {
		t.Fatalf("the refused imports changed the campaigns: %v", ids)
	}
}

// An imported campaign deactivated outside Terraform is gone from the
// state, and the next plan imports it again.
func TestAccTenDLCCampaignImport_disappears(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_campaigns"),
		Steps: []resource.TestStep{{
			Config: env.Config(campaignImportHCL("CD5P2LS", "Moved in", "")),
			Check: func(*terraform.State) error {
				return env.Client(t).DeleteCampaign(context.Background(), "CD5P2LS")
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// A lost reply to the import is adopted by reading the campaign_id, not
// answered with a second import (which the API would refuse).
func TestAccTenDLCCampaignImport_lostReplyAdopted(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	env.Control(t, "dropped replies").SetFaults(provtest.DropCreates("POST", "10dlc/Campaign/Import"))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_campaigns"),
		Steps: []resource.TestStep{{
			Config: env.Config(campaignImportHCL("CL6M4QZ", "Moved in", "")),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(importAddr, tfjsonpath.New("registration_status"), knownvalue.StringExact("ACTIVE")),
			},
			Check: func(*terraform.State) error {
				env.Control(t, "dropped replies").SetFaults(emulator.Faults{})
				if ids := env.Objects(t)["10dlc_campaigns"]; len(ids) != 1 || ids[0] != "CL6M4QZ" {
					return fmt.Errorf("the emulator holds %v", ids)
				}
				return nil
			},
		}},
	})
}
