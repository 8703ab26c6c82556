package provider_test

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// subaccountTables adds the entries of the subaccount tests to the test tables.
func subaccountTables(r *testTables) {
	r.chaosPart("cpaas_subaccount", func() chaosPart {
		return chaosPart{hcl: repeatHCL(3, relSubaccountHCL), want: map[string]int{"subaccounts": 3}}
	})

	// The refresh of subaccounts from its listing (TestAccListingRefresh).
	r.listingRefresh("subaccounts", listingRefresh{
		typ: "cpaas_subaccount", route: regexp.MustCompile(`^Subaccount/`), hide: 1, pages: 1, kinds: []string{"subaccounts"},
		config: `
resource "cpaas_subaccount" "many" {
  count = 12
  name  = "lr-sub-${count.index}"
}
`,
	})

	// The objects of the docs example of cpaas_subaccount, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_subaccount", identity("auth_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			sub, err := c.CreateSubaccount(docsCtx, client.SubaccountCreate{Name: "payments-team", Enabled: client.Flag(true)})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_subaccount.payments", sub.AuthID}}, nil
		}},
	)
}
