package powerpacktest

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the powerpack tests to the test tables.
func Tables(r *provtest.Tables) {
	r.ChaosPart("cpaas_powerpack", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(4, RelPowerpackHCL), Want: map[string]int{"powerpacks": 4}}
	})

	r.ChaosPart("cpaas_powerpack_number", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(3, relPowerpackNumberHCL), Want: map[string]int{"powerpacks": 3, "powerpack_numbers": 3}}
	})

	// Powerpacks: a listing missing two of 15 powerpacks costs its one page
	// and the two GETs, and the plan stays empty.
	r.ListingRefresh("powerpacks", provtest.ListingRefresh{
		Typ: "cpaas_powerpack", Route: regexp.MustCompile(`^Powerpack/`), Hide: 2, Pages: 1, Kinds: []string{"powerpacks"},
		Config: `
resource "cpaas_powerpack" "many" {
  count         = 15
  name          = "listed-${count.index}"
  local_connect = count.index % 2 == 0
}
`,
	})

	// Pool members: 15 numbers in one pool are refreshed from the pool's one
	// list page, two of them left out of it and read with their GETs.
	r.ListingRefresh("powerpackNumbers", provtest.ListingRefresh{
		Typ: "cpaas_powerpack_number", Route: regexp.MustCompile(`^NumberPool/`), HideBy: "number", Hide: 2, Pages: 1,
		Kinds: []string{"powerpack_numbers", "powerpacks", "numbers"},
		Config: numbertest.LrNumbersHCL(15) + `
resource "cpaas_powerpack" "pool" {
  name = "listed-pool"
}

resource "cpaas_powerpack_number" "many" {
  count        = 15
  powerpack_id = cpaas_powerpack.pool.id
  number       = cpaas_phone_number.many[count.index].number
}
`,
	})

	// The objects of the docs example of cpaas_powerpack, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_powerpack", provtest.Identity("uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := applicationtest.DocsApplication(t, c, "alerts-inbound", "https://voice.example.com/alerts/answer")
			p, err := c.CreatePowerpack(provtest.DocsCtx, client.PowerpackCreate{Name: "alerts-us", StickySender: client.Flag(true), LocalConnect: client.Flag(false),
				ApplicationType: "xml", ApplicationID: app, NumberPriority: []client.NumberPriority{{CountryISO: "US", ServiceType: "SMS",
					Priority: client.PriorityOrder{Priority1: "longcode", Priority2: "tollfree", Priority3: "shortcode"}}}})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.alerts", app}, {"cpaas_powerpack.alerts", p.UUID}}, nil
		}},
	)

	// The objects of the docs example of cpaas_powerpack_number, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_powerpack_number", provtest.Identity("powerpack_id", "number"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			p, err := c.CreatePowerpack(provtest.DocsCtx, client.PowerpackCreate{Name: "alerts-us"})
			if err != nil {
				t.Fatal(err)
			}
			pool, _ := client.PoolUUID(p)
			for n, service := range map[string]string{"14155550100": "mms", "12125550101": "sms"} {
				if _, err := c.AddPoolNumber(provtest.DocsCtx, pool, n, false, service); err != nil {
					t.Fatal(err)
				}
			}
			return [][2]string{{"cpaas_powerpack.alerts", p.UUID}, {"cpaas_powerpack_number.sf", p.UUID + "/14155550100"},
				{"cpaas_powerpack_number.ny", p.UUID + "/12125550101"}}, nil
		}},
	)
}
