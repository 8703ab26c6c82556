package subaccounttest

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the subaccount tests to the test tables.
func Tables(r *provtest.Tables) {
	r.ChaosPart("cpaas_subaccount", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(3, RelSubaccountHCL), Want: map[string]int{"subaccounts": 3}}
	})

	// The refresh of subaccounts from its listing (TestAccListingRefresh).
	r.ListingRefresh("subaccounts", provtest.ListingRefresh{
		Typ: "cpaas_subaccount", Route: regexp.MustCompile(`^Subaccount/`), Hide: 1, Pages: 1, Kinds: []string{"subaccounts"},
		Config: `
resource "cpaas_subaccount" "many" {
  count = 12
  name  = "lr-sub-${count.index}"
}
`,
	})

	// The objects of the docs example of cpaas_subaccount, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_subaccount", provtest.Identity("auth_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			sub, err := c.CreateSubaccount(provtest.DocsCtx, client.SubaccountCreate{Name: "payments-team", Enabled: client.Flag(true)})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_subaccount.payments", sub.AuthID}}, nil
		}},
	)
}
