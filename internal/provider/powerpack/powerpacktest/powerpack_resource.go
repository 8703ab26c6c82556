package powerpacktest

import (
	"fmt"
)

// PowerpackHCL is cpaas_powerpack.test with the given extra arguments.
func PowerpackHCL(name, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_powerpack" "test" {
  name = %q
%s
}
`, name, extra)
}

func RelPowerpackHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_powerpack" "p%[1]d" {
  name          = "rel-powerpack-%[1]d"
  local_connect = false
}
`, i)
}

// relPowerpackNumberHCL puts one of the starter numbers in its own
// powerpack's pool (a number is in one pool at a time).
func relPowerpackNumberHCL(i int) string {
	numbers := []string{"14155550100", "12125550101", "13125550102"}
	return fmt.Sprintf(`
resource "cpaas_powerpack" "m%[1]d" {
  name = "rel-pool-%[1]d"
}

resource "cpaas_powerpack_number" "m%[1]d" {
  powerpack_id = cpaas_powerpack.m%[1]d.id
  number       = %[2]q
}
`, i, numbers[i%len(numbers)])
}
