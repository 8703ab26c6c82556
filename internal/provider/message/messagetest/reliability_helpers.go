package messagetest

import (
	"fmt"
	"strings"
)

// RelMessageHCL sends one SMS from a starter number to dsts.
func RelMessageHCL(i int, dsts ...string) string {
	return fmt.Sprintf(`
resource "cpaas_message" "s%[1]d" {
  src  = "14155550100"
  dst  = ["%[2]s"]
  text = "Reliability message %[1]d"
}
`, i, strings.Join(dsts, `", "`))
}
