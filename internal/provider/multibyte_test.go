package provider_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// Multi-byte text at each length boundary, at plan time: the plan-time
// checks count characters as the API does (the emulator's tests send the
// same strings to the API: emulator/multibyte_test.go). A byte count would
// refuse the long Cyrillic values below and let the short ones through.

// mbCyr is n Cyrillic characters (2n bytes); mbEmoji n emoji (4n bytes).
func mbCyr(n int) string   { return strings.Repeat("ж", n) }
func mbEmoji(n int) string { return strings.Repeat("🙂", n) }

// mbCampaignHCL is a brand and a campaign with the given texts.
func mbCampaignHCL(brandAlias, campaignAlias, description, sample1 string) string {
	return tendlctest.BrandHCL(brandAlias, "") + fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = %q
  vertical       = "RETAIL"
  usecase        = "MARKETING"
  description    = %q
  sample1        = %q
  sample2        = %q
}
`, campaignAlias, description, sample1, tendlctest.TdSample2)
}

func TestAccMultibyteLengths_tenDLC(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	refused := []struct{ config, want string }{
		{mbCampaignHCL("Acme", "A", tendlctest.TdDescription, mbCyr(15)), `Attribute sample1 must be 20 to 1024 characters long, got 15`}, // 30 bytes
		{mbCampaignHCL("Acme", "A", tendlctest.TdDescription, mbEmoji(19)), `Attribute sample1 must be 20 to 1024 characters long, got 19`},
		{mbCampaignHCL("Acme", "A", tendlctest.TdDescription, mbCyr(1025)), `Attribute sample1 must be 1 to 1024 characters long, got 1025`},
		{mbCampaignHCL("Acme", "A", mbCyr(39), tendlctest.TdSample1), `Attribute description must be 40 to 4096 characters long, got 39`}, // 78 bytes
		{mbCampaignHCL("Acme", "A", mbCyr(4097), tendlctest.TdSample1), `Attribute description must be 1 to 4096 characters long, got 4097`},
		{mbCampaignHCL("Acme", mbEmoji(256), tendlctest.TdDescription, tendlctest.TdSample1), `Attribute campaign_alias must be 1 to 255 characters long, got 256`},
		{mbCampaignHCL(mbCyr(256), "A", tendlctest.TdDescription, tendlctest.TdSample1), `Attribute brand_alias must be 1 to 255 characters long, got 256`},
	}
	var steps []resource.TestStep
	for _, r := range refused {
		steps = append(steps, resource.TestStep{Config: env.Config(r.config), PlanOnly: true, ExpectError: acctest.ErrorPattern(r.want)})
	}
	// Each maximum and minimum in multi-byte text plans (a byte count would
	// refuse the maxima: 2,048, 16,384 and 510 bytes).
	for _, config := range []string{
		mbCampaignHCL(mbCyr(255), mbCyr(255), mbEmoji(4096), mbCyr(1024)),
		mbCampaignHCL(mbEmoji(1), mbEmoji(1), mbCyr(40), mbEmoji(20)),
	} {
		steps = append(steps, resource.TestStep{Config: env.Config(config), PlanOnly: true, ExpectNonEmptyPlan: true})
	}
	// And applies: the API takes a 1,000-character Cyrillic sample, and the
	// plan right after is empty.
	sample := mbCyr(1000)
	steps = append(steps, resource.TestStep{
		Config: env.Config(mbCampaignHCL(mbCyr(255), mbEmoji(255), mbCyr(40), sample)),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("cpaas_10dlc_campaign.test", tfjsonpath.New("sample1"), knownvalue.StringExact(sample)),
			statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("brand_alias"), knownvalue.StringExact(mbCyr(255))),
		},
		ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
	})
	acctest.Test(t, resource.TestCase{
		Steps:        steps,
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
	})
}

func TestAccMultibyteLengths_endpointPassword(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(endpointtest.EndpointConfig("mb", mbCyr(4), "MB")), // 8 bytes
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute password must be at least 5 characters long \(got 4\)`),
			},
			{
				Config:      env.Config(endpointtest.WriteOnlyConfig(mbEmoji(4), 1)), // 16 bytes
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute password_wo must be at least 5 characters long \(got 4\)`),
			},
			{
				Config:             env.Config(endpointtest.WriteOnlyConfig(mbEmoji(5), 1)),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				// The API takes a five-character Cyrillic password (10 bytes).
				Config: env.Config(endpointtest.EndpointConfig("mb", mbCyr(5), "MB")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("password"), knownvalue.StringExact(mbCyr(5))),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
	})
}
