package numbertest

import (
	"fmt"
)

// LrNumbersHCL buys n SMS-enabled US numbers, cpaas_phone_number.many.
func LrNumbersHCL(n int) string {
	return fmt.Sprintf(`
data "cpaas_phone_numbers" "lr" {
  country_iso = "US"
  services    = ["sms", "voice"]
  max_results = %[1]d
}

resource "cpaas_phone_number" "many" {
  count  = %[1]d
  number = data.cpaas_phone_numbers.lr.numbers[count.index].number
  lifecycle {
    ignore_changes = [number]
  }
}
`, n)
}
