package tendlc_test

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func TestAccTenDLCCampaignDataSource(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(campaignHCL("Alerts", "RETAIL", `  usecase = "DELIVERY_NOTIFICATION"
  message_flow  = "Customers opt in at checkout (web form) of the store."
  help_keywords = "HELP,INFO"`) + `
resource "cpaas_10dlc_campaign_number" "n0" {
  campaign_id = cpaas_10dlc_campaign.test.id
  number      = "14155550100"
}

data "cpaas_10dlc_campaign" "by_id" {
  id = cpaas_10dlc_campaign_number.n0.campaign_id
}

# The linked number's own record names its campaign and 10DLC status, and
# the API's filters select it by them (of the account's several numbers).
data "cpaas_account_numbers" "linked" {
  tendlc_registration_status = "registered"
  tendlc_campaign_id         = cpaas_10dlc_campaign_number.n0.campaign_id
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair("data.cpaas_10dlc_campaign.by_id", "brand_id", "cpaas_10dlc_brand.test", "id"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "campaign_alias", "Alerts"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "usecase", "DELIVERY_NOTIFICATION"),
					// The service's GET leaves the description out; the alias
					// and vertical come from the campaign list.
					resource.TestCheckNoResourceAttr("data.cpaas_10dlc_campaign.by_id", "description"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "vertical", "RETAIL"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "number_pool_limit", "49"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "mno_metadata.Verizon Wireless.tpm", "240"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "campaign_source", "cpaas"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "registration_status", "ACTIVE"),
					resource.TestCheckNoResourceAttr("data.cpaas_10dlc_campaign.by_id", "sub_usecases"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "message_flow", "Customers opt in at checkout (web form) of the store."),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "help_keywords", "HELP,INFO"),
					resource.TestCheckNoResourceAttr("data.cpaas_10dlc_campaign.by_id", "optout_message"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.by_id", "linked_numbers.#", "1"),
					resource.TestCheckTypeSetElemAttr("data.cpaas_10dlc_campaign.by_id", "linked_numbers.*", "14155550100"),
					resource.TestCheckResourceAttr("data.cpaas_account_numbers.linked", "numbers.#", "1"),
					resource.TestCheckResourceAttrPair("data.cpaas_account_numbers.linked", "numbers.0.tendlc_campaign_id", "cpaas_10dlc_campaign.test", "id"),
					resource.TestCheckResourceAttr("data.cpaas_account_numbers.linked", "numbers.0.tendlc_registration_status", "COMPLETED"),
					resource.TestCheckNoResourceAttr("data.cpaas_account_numbers.linked", "numbers.0.toll_free_sms_verification"),
				),
			},
			{
				Config:      env.Config(`data "cpaas_account_numbers" "bad" { tendlc_registration_status = "COMPLETED" }`),
				ExpectError: acctest.ErrorPattern(`Attribute tendlc_registration_status must be unregistered, in_progress or registered, got\s+"COMPLETED"`),
			},
			{
				Config:      env.Config(`data "cpaas_10dlc_campaign" "missing" { id = "CNOPE00" }`),
				ExpectError: acctest.ErrorPattern(`Error reading 10DLC campaign.*10DLC campaign CNOPE00.*HTTP 404`),
			},
		},
	})
}

// The data source reads a campaign imported from another provider as any
// other: its source "shared", its brand (not the account's), its use case
// and, from the campaign list, its alias and vertical.
func TestAccTenDLCCampaignDataSource_imported(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	c := env.Client(t)
	if _, err := c.ImportCampaign(context.Background(), client.CampaignImport{CampaignID: "CQ7ZP3A", CampaignAlias: "Moved in"}); err != nil {
		t.Fatal(err)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`data "cpaas_10dlc_campaign" "moved" { id = "CQ7ZP3A" }`),
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "campaign_source", "shared"),
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "campaign_alias", "Moved in"),
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "brand_id", "BQ7ZP3A"),
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "usecase", "CUSTOMER_CARE"),
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "vertical", "TECHNOLOGY"),
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "number_pool_limit", "49"),
				resource.TestCheckResourceAttrSet("data.cpaas_10dlc_campaign.moved", "registration_status"),
				resource.TestCheckResourceAttr("data.cpaas_10dlc_campaign.moved", "linked_numbers.#", "0"),
			),
		}},
	})
}
