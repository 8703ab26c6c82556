package endpoint

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The bench's whole account (kit.BenchKind) holds count endpoints, each with
// its own username.
var benchKinds = []kit.BenchKind{{Name: "cpaas_endpoint", Weight: 3, HCL: func(count int, _ []string) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "ep" {
  count               = %d
  username            = "bench${count.index}"
  password_wo         = "bench-password"
  password_wo_version = 1
  alias               = "bench endpoint ${count.index}"
}
`, count)
}}}
