package provider_test

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// endpointTables adds the entries of the endpoint tests to the test tables.
func endpointTables(r *testTables) {
	// Endpoints: one page of 15, and a GET for each left out.
	r.listingRefresh("endpoints", listingRefresh{
		typ: "cpaas_endpoint", route: regexp.MustCompile(`^Endpoint/`), hide: 2, pages: 1, kinds: []string{"endpoints"},
		config: `
resource "cpaas_endpoint" "many" {
  count    = 15
  username = "lr${count.index}"
  password = "s3cret-pass"
  alias    = "listed ${count.index}"
}
`,
	})

	r.recordedOnImport("cpaas_endpoint", "password", "password_wo_version")

	// The objects of the docs example of cpaas_endpoint, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_endpoint", identity("endpoint_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := docsApplication(t, c, "front-desk", "https://voice.example.com/front-desk/answer")
			desk, err := c.CreateEndpoint(docsCtx, client.EndpointCreate{Username: "frontdesk", Password: "desk-secret", Alias: "Front desk phone", AppID: app})
			if err != nil {
				t.Fatal(err)
			}
			lobby, err := c.CreateEndpoint(docsCtx, client.EndpointCreate{Username: "lobby", Password: "change-me-please", Alias: "Lobby phone"})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.front_desk", app}, {"cpaas_endpoint.desk", desk.EndpointID}, {"cpaas_endpoint.lobby", lobby.EndpointID}},
				config.Variables{"desk_password": config.StringVariable("desk-secret")}
		}},
	)

	r.chaosPart("cpaas_endpoint", func() chaosPart {
		return chaosPart{hcl: repeatHCL(12, relEndpointHCL), want: map[string]int{"endpoints": 12}}
	})
}
