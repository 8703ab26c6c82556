package maskingtest

import (
	"fmt"
)

func RelMaskingHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_masking_session" "m%[1]d" {
  first_party  = "1415666%04[1]d"
  second_party = "1212777%04[1]d"
}
`, i)
}
