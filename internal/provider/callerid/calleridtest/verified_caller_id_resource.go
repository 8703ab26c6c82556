package calleridtest

import (
	"fmt"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
)

// relCallerIDHCL is caller ID i of the chaos test: a number verified
// before the first apply (the part's setup), which the create adopts under
// faults, and the destroy removes.
func relCallerIDHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_verified_caller_id" "rel_%d" {
  phone_number = "+1415444%04d"
  alias        = "chaos %d"
}
`, i, i, i)
}

// lrVerifiedCallerIDs verifies the n numbers of the listing-refresh
// entry, +1415333000 0 to n-1, outside Terraform.
func lrVerifiedCallerIDs(n int) func(t *testing.T, env *acctest.Env) {
	return func(t *testing.T, env *acctest.Env) {
		for i := range n {
			VerifyOutOfBand(t, env, fmt.Sprintf("+1415333%04d", i), "")
		}
	}
}
