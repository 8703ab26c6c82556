package number_test

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

func TestFunctionSanitizeNumber(t *testing.T) {
	t.Parallel()
	acctest.UnitTest(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)},
		Steps: []resource.TestStep{
			{
				Config: `
output "us"      { value = provider::cpaas::sanitize_number("+1 (415) 555-0100") }
output "dotted"  { value = provider::cpaas::sanitize_number("44.7700.900/123") }
output "longest" { value = provider::cpaas::sanitize_number("+12 3456 7890 1234") }
`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("us", knownvalue.StringExact("14155550100")),
					statecheck.ExpectKnownOutputValue("dotted", knownvalue.StringExact("447700900123")),
					statecheck.ExpectKnownOutputValue("longest", knownvalue.StringExact("12345678901234")),
				},
			},
			{
				Config:      `output "too_long" { value = provider::cpaas::sanitize_number("+12 3456 7890 12345") }`,
				ExpectError: acctest.ErrorPattern(`sanitised number "123456789012345" must be at most 14 characters`),
			},
			{
				Config:      `output "letters" { value = provider::cpaas::sanitize_number("call me") }`,
				ExpectError: acctest.ErrorPattern(`sanitised number "callme" must contain only digits`),
			},
			{
				Config:      `output "trunk" { value = provider::cpaas::sanitize_number("020 7946 0000") }`,
				ExpectError: acctest.ErrorPattern(`must begin with the country code, not 0`),
			},
		},
	})
}
