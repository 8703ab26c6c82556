package endpointtest

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the endpoint tests to the test tables.
func Tables(r *provtest.Tables) {
	// Endpoints: one page of 15, and a GET for each left out.
	r.ListingRefresh("endpoints", provtest.ListingRefresh{
		Typ: "cpaas_endpoint", Route: regexp.MustCompile(`^Endpoint/`), Hide: 2, Pages: 1, Kinds: []string{"endpoints"},
		Config: `
resource "cpaas_endpoint" "many" {
  count    = 15
  username = "lr${count.index}"
  password = "s3cret-pass"
  alias    = "listed ${count.index}"
}
`,
	})

	r.RecordedOnImport("cpaas_endpoint", "password", "password_wo_version")

	// The objects of the docs example of cpaas_endpoint, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_endpoint", provtest.Identity("endpoint_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := applicationtest.DocsApplication(t, c, "front-desk", "https://voice.example.com/front-desk/answer")
			desk, err := c.CreateEndpoint(provtest.DocsCtx, client.EndpointCreate{Username: "frontdesk", Password: "desk-secret", Alias: "Front desk phone", AppID: app})
			if err != nil {
				t.Fatal(err)
			}
			lobby, err := c.CreateEndpoint(provtest.DocsCtx, client.EndpointCreate{Username: "lobby", Password: "change-me-please", Alias: "Lobby phone"})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.front_desk", app}, {"cpaas_endpoint.desk", desk.EndpointID}, {"cpaas_endpoint.lobby", lobby.EndpointID}},
				config.Variables{"desk_password": config.StringVariable("desk-secret")}
		}},
	)

	r.ChaosPart("cpaas_endpoint", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(12, RelEndpointHCL), Want: map[string]int{"endpoints": 12}}
	})
}
