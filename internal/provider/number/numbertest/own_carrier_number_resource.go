package numbertest

import (
	"fmt"
)

// OwnCarrierNumberHCL is one own-carrier number; extra goes inside the block.
func OwnCarrierNumberHCL(number, carrier, region, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_own_carrier_number" "test" {
  number  = %q
  carrier = %q
  region  = %q
%s}
`, number, carrier, region, extra)
}
