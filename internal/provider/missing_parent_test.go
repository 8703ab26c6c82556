package provider_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
)

// A child that names a parent the account does not hold (a mistyped or
// deleted powerpack or campaign) gets one error on the attribute that
// names it, in the provider's words, not the API's raw 404.
func TestAccChildOfMissingParent(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(`
resource "cpaas_powerpack_number" "m" {
  powerpack_id = "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"
  number       = "14155550100"
}
`),
				ExpectError: acctest.OneErrorPattern(`powerpack_id "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0" names no powerpack of the account: ` +
					`the API found none with that id. Create it with a cpaas_powerpack resource and reference its id ` +
					`\(powerpack_id = cpaas_powerpack.NAME.id\), or correct powerpack_id.`),
			},
			{
				Config: env.Config(`
resource "cpaas_10dlc_campaign_number" "l" {
  campaign_id = "CZZZZZZ"
  number      = "14155550100"
}
`),
				ExpectError: acctest.OneErrorPattern(`campaign_id "CZZZZZZ" names no 10DLC campaign of the account: ` +
					`the API found none with that id. Create it with a cpaas_10dlc_campaign resource`),
			},
		},
	})
}
