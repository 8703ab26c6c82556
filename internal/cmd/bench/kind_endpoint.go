package main

import (
	"fmt"
)

// endpointKind is count endpoints, each with its own username.
var endpointKind = registerAccountKind(resourceKind{name: "cpaas_endpoint", weight: 3, hcl: func(count int, _ facts) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "ep" {
  count               = %d
  username            = "bench${count.index}"
  password_wo         = "bench-password"
  password_wo_version = 1
  alias               = "bench endpoint ${count.index}"
}
`, count)
}})
