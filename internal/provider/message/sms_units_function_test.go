package message_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

func unitsCheck(output, encoding string, characters, units, maxChars int64) statecheck.StateCheck {
	return statecheck.ExpectKnownOutputValue(output, knownvalue.ObjectExact(map[string]knownvalue.Check{
		"encoding":       knownvalue.StringExact(encoding),
		"characters":     knownvalue.Int64Exact(characters),
		"units":          knownvalue.Int64Exact(units),
		"max_characters": knownvalue.Int64Exact(maxChars),
	}))
}

func TestFunctionSMSUnits(t *testing.T) {
	t.Parallel()
	acctest.UnitTest(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)},
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
output "empty"     { value = provider::cpaas::sms_units("") }
output "gsm_160"   { value = provider::cpaas::sms_units(%q) }
output "gsm_161"   { value = provider::cpaas::sms_units(%q) }
output "extension" { value = provider::cpaas::sms_units("Price: 5€ [net]") }
output "ucs2_70"   { value = provider::cpaas::sms_units(%q) }
output "emoji"     { value = provider::cpaas::sms_units(%q) }
`, strings.Repeat("a", 160), strings.Repeat("a", 161), strings.Repeat("ж", 70), strings.Repeat("ж", 69)+"😀"),
			ConfigStateChecks: []statecheck.StateCheck{
				unitsCheck("empty", "GSM", 0, 0, 1600),
				unitsCheck("gsm_160", "GSM", 160, 1, 1600),
				unitsCheck("gsm_161", "GSM", 161, 2, 1600),
				unitsCheck("extension", "GSM", 18, 1, 1600), // € [ ] count 2 each
				unitsCheck("ucs2_70", "UCS-2", 70, 1, 737),
				unitsCheck("emoji", "UCS-2", 71, 2, 737), // the emoji is a surrogate pair
			},
		}},
	})
}
