package provider_test

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A child that names a parent the account does not hold (a mistyped or
// deleted powerpack or campaign) gets one error on the attribute that
// names it, in the provider's words, not the API's raw 404: the
// reference check's, before the create is sent (the create's own
// missing-parent error is for a parent the check could not see).
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
				ExpectError: acctest.OneErrorPattern(`No such powerpack.*powerpack_id "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0" names no powerpack of the account; ` +
					`it must be the id of an existing powerpack. To fix it, create the powerpack with cpaas_powerpack and reference its id ` +
					`\(powerpack_id = cpaas_powerpack.<name>.id\), or use the id of an existing one.`),
			},
			{
				Config: env.Config(`
resource "cpaas_10dlc_campaign_number" "l" {
  campaign_id = "CZZZZZZ"
  number      = "14155550100"
}
`),
				ExpectError: acctest.OneErrorPattern(`No such 10DLC campaign.*campaign_id "CZZZZZZ" names no 10DLC campaign of the account; ` +
					`it must be the id of an existing 10DLC campaign. To fix it, create the 10DLC campaign with cpaas_10dlc_campaign`),
			},
		},
	})
}
