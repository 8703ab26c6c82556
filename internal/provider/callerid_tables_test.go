package provider_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// calleridTables adds the entries of the callerid tests to the test tables.
func calleridTables(r *testTables) {
	r.chaosPart("cpaas_verified_caller_id", func() chaosPart {
		return chaosPart{hcl: repeatHCL(3, relCallerIDHCL), want: map[string]int{"verified_caller_ids": 3},
			setup: func(t *testing.T, env *acctest.Env) {
				for i := 1; i <= 3; i++ {
					verifyOutOfBand(t, env, fmt.Sprintf("+1415444%04d", i), "")
				}
			}}
	})

	// The refresh of verified caller IDs from its listing
	// (TestAccListingRefresh). The numbers are verified beforehand (a code
	// needs a person): the configuration adopts them, so the destroy empties
	// the kind, which is why it has no kinds to compare.
	r.listingRefresh("verifiedCallerIDs", listingRefresh{
		typ: "cpaas_verified_caller_id", route: regexp.MustCompile(`^VerifiedCallerId/`), hide: 1, pages: 1,
		setup: lrVerifiedCallerIDs(12), config: `
resource "cpaas_verified_caller_id" "many" {
  count        = 12
  phone_number = format("+1415333%04d", count.index)
  alias        = "lr ${count.index}"
}
`,
	})

	// The objects of the docs example of cpaas_verified_caller_id, verified as
	// its owner would, and its import identity
	// (TestAccImport_docsExamples...).
	r.importDocs("cpaas_verified_caller_id", identity("phone_number"),
		importDocsCase{make: func(t *testing.T, env *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_verified_caller_id.support", docsVerifiedCallerID(t, env, c)}}, nil
		}})
}
