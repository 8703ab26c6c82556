package endpointtest

import (
	"fmt"
)

func RelEndpointHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "e%[1]d" {
  username = "rel_ep_%[1]d"
  password = "rel-secret-%[1]d"
  alias    = "Reliability endpoint %[1]d"
}
`, i)
}
