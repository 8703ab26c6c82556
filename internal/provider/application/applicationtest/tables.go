package applicationtest

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the application tests to the test tables.
func Tables(r *provtest.Tables) {
	r.ChaosPart("cpaas_application", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(4, RelApplicationHCL), Want: map[string]int{"applications": 4}}
	})

	// The refresh of applications from its listing (TestAccListingRefresh).
	r.ListingRefresh("applications", provtest.ListingRefresh{
		Typ: "cpaas_application", Route: regexp.MustCompile(`^Application/`), Hide: 1, Pages: 1, Kinds: []string{"applications"},
		Config: `
resource "cpaas_application" "many" {
  count      = 12
  app_name   = "lr-app-${count.index}"
  answer_url = "https://voice.example.com/answer/${count.index}"
}
`,
	})

	// The objects of the docs example of cpaas_application, made as a script
	// would, and its import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_application", provtest.Identity("app_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app, err := c.CreateApplication(provtest.DocsCtx, client.ApplicationCreate{AppName: "support-line", ApplicationSettings: client.ApplicationSettings{
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
