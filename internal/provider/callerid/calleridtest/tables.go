package calleridtest

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the callerid tests to the test tables.
func Tables(r *provtest.Tables) {
	r.ChaosPart("cpaas_verified_caller_id", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(3, relCallerIDHCL), Want: map[string]int{"verified_caller_ids": 3},
			Setup: func(t *testing.T, env *acctest.Env) {
				for i := 1; i <= 3; i++ {
					VerifyOutOfBand(t, env, fmt.Sprintf("+1415444%04d", i), "")
				}
			}}
	})

	// The refresh of verified caller IDs from its listing
	// (TestAccListingRefresh). The numbers are verified beforehand (a code
	// needs a person): the configuration adopts them, so the destroy empties
	// the kind, which is why it has no kinds to compare.
	r.ListingRefresh("verifiedCallerIDs", provtest.ListingRefresh{
		Typ: "cpaas_verified_caller_id", Route: regexp.MustCompile(`^VerifiedCallerId/`), Hide: 1, Pages: 1,
		Setup: lrVerifiedCallerIDs(12), Config: `
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
	r.ImportDocs("cpaas_verified_caller_id", provtest.Identity("phone_number"),
		provtest.ImportDocsCase{Make: func(t *testing.T, env *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_verified_caller_id.support", docsVerifiedCallerID(t, env, c)}}, nil
		}})
}
