package endpointtest

import (
	"fmt"
)

func EndpointConfig(username, password, alias string) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "test" {
  username = %q
  password = %q
  alias    = %q
}
`, username, password, alias)
}

func WriteOnlyConfig(password string, version int) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "test" {
  username            = "frank"
  password_wo         = %q
  password_wo_version = %d
  alias               = "Frank"
}
`, password, version)
}
