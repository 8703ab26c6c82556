package main

import (
	"fmt"
)

// This kind is count subaccounts of the main account.
var _ = registerAccountKind(resourceKind{name: "cpaas_subaccount", weight: 1, hcl: func(count int, _ facts) string {
	return fmt.Sprintf(`
resource "cpaas_subaccount" "team" {
  count = %d
  name  = "bench team ${count.index}"
}
`, count)
}})
