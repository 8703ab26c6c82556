package provider_test

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// applicationTables adds the entries of the application tests to the test tables.
func applicationTables(r *testTables) {
	r.chaosPart("cpaas_application", func() chaosPart {
		return chaosPart{hcl: repeatHCL(4, relApplicationHCL), want: map[string]int{"applications": 4}}
	})

	// The refresh of applications from its listing (TestAccListingRefresh).
	r.listingRefresh("applications", listingRefresh{
		typ: "cpaas_application", route: regexp.MustCompile(`^Application/`), hide: 1, pages: 1, kinds: []string{"applications"},
		config: `
resource "cpaas_application" "many" {
  count      = 12
  app_name   = "lr-app-${count.index}"
  answer_url = "https://voice.example.com/answer/${count.index}"
}
`,
	})

	// The objects of the docs example of cpaas_application, made as a script
	// would, and its import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_application", identity("app_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app, err := c.CreateApplication(docsCtx, client.ApplicationCreate{AppName: "support-line", ApplicationSettings: client.ApplicationSettings{
				AnswerURL: new("https://voice.example.com/support/answer"), AnswerMethod: new("GET"),
				HangupURL: new("https://voice.example.com/support/hangup"), MessageURL: new("https://voice.example.com/support/message"),
			}})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.support", app.AppID}}, nil
		}},
	)
}
