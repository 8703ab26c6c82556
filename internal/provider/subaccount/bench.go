package subaccount

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The bench's whole account (kit.BenchKind) holds count subaccounts of the main
// account.
var benchKinds = []kit.BenchKind{{Name: "cpaas_subaccount", Weight: 1, HCL: func(count int, _ []string) string {
	return fmt.Sprintf(`
resource "cpaas_subaccount" "team" {
  count = %d
  name  = "bench team ${count.index}"
}
`, count)
}}}
