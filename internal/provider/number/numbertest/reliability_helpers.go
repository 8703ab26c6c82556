package numbertest

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// RelNumbersHCL searches n numbers to buy.
func RelNumbersHCL(n int) string {
	return fmt.Sprintf(`
data "cpaas_phone_numbers" "rel" {
  country_iso = "US"
  services    = ["sms", "voice"]
  max_results = %d
}
`, n)
}

func RelPhoneNumberHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_phone_number" "n%[1]d" {
  number = data.cpaas_phone_numbers.rel.numbers[%[1]d].number
  alias  = "Reliability line %[1]d"
  lifecycle {
    ignore_changes = [number]
  }
}
`, i)
}

// RelOwnCarrierNumberHCL adds number i from an incoming carrier.
func RelOwnCarrierNumberHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_own_carrier_number" "oc%[1]d" {
  number  = "4989555%04[1]d"
  carrier = %[2]q
  region  = "Munich, GERMANY"
  alias   = "Reliability own line %[1]d"
}
`, i, emulator.IncomingCarrierNorthwind)
}
