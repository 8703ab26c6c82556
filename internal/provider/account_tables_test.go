package provider_test

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// accountTables adds the entries of the account tests to the test tables.
func accountTables(r *testTables) {
	r.chaosPart("cpaas_account_settings", func() chaosPart {
		return chaosPart{hcl: relAccountSettingsHCL(1), want: map[string]int{"account": 1}}
	})

	// The objects of the docs example of cpaas_account_settings, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_account_settings", identity("auth_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			makeDocsAccount(t, c)
			return [][2]string{{"cpaas_account_settings.this", acctest.AuthID}}, nil
		}},
	)
}
