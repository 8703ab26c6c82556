package subaccounttest

import (
	"fmt"
)

func SubaccountConfig(name string, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_subaccount" "test" {
  name = %q
%s
}
`, name, extra)
}

func RelSubaccountHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_subaccount" "s%[1]d" {
  name = "rel-sub-%[1]d"
}
`, i)
}
