package tendlc_test

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func TestAccTenDLCBrandDataSource(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(`data "cpaas_10dlc_brand" "bad" { id = "nope" }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute id must be B followed by 6 upper-case letters or digits`),
			},
			{
				Config: env.Config(tendlctest.BrandHCL("Acme Corp", "") + `
data "cpaas_10dlc_brand" "by_id" {
  id = cpaas_10dlc_brand.test.id
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair("data.cpaas_10dlc_brand.by_id", "id", "cpaas_10dlc_brand.test", "id"),
					resource.TestCheckResourceAttrPair("data.cpaas_10dlc_brand.by_id", "created_at", "cpaas_10dlc_brand.test", "created_at"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_brand.by_id", "brand_alias", "Acme Corp"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_brand.by_id", "brand_type", "STANDARD"),
					resource.TestCheckResourceAttrPair("data.cpaas_10dlc_brand.by_id", "profile_uuid", "cpaas_10dlc_profile.test", "id"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_brand.by_id", "registration_status", "COMPLETED"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_brand.by_id", "declined_reasons.#", "0"),
				),
			},
			{
				Config:      env.Config(`data "cpaas_10dlc_brand" "missing" { id = "BNOPE00" }`),
				ExpectError: acctest.ErrorPattern(`Error reading 10DLC brand.*10DLC brand BNOPE00.*HTTP 404`),
			},
		},
	})
}
