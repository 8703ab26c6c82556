package accounttest

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the account tests to the test tables.
func Tables(r *provtest.Tables) {
	r.ChaosPart("cpaas_account_settings", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: relAccountSettingsHCL(1), Want: map[string]int{"account": 1}}
	})

	// The objects of the docs example of cpaas_account_settings, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_account_settings", provtest.Identity("auth_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			MakeDocsAccount(t, c)
			return [][2]string{{"cpaas_account_settings.this", acctest.AuthID}}, nil
		}},
	)
}
