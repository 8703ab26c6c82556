package numbertest

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the number tests to the test tables.
func Tables(r *provtest.Tables) {
	// Numbers from an incoming carrier: the account's number listing holds
	// the starter numbers too, one page in all.
	r.ListingRefresh("ownCarrierNumbers", provtest.ListingRefresh{
		Typ: "cpaas_own_carrier_number", Route: regexp.MustCompile(`^Number/`), HideBy: "number", Hide: 1, Pages: 1, Kinds: []string{"numbers"},
		Config: fmt.Sprintf(`
resource "cpaas_own_carrier_number" "many" {
  count   = 12
  number  = format("4989777%%04d", count.index)
  carrier = %q
  region  = "Munich, GERMANY"
}
`, emulator.IncomingCarrierNorthwind),
	})

	r.RecordedOnImport("cpaas_own_carrier_number", "carrier")

	// The objects of the docs example of cpaas_own_carrier_number, made as a
	// script would, and its import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_own_carrier_number", provtest.Identity("number"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := applicationtest.DocsApplication(t, c, "berlin-office", "https://voice.example.com/berlin/answer")
			if err := c.AddOwnCarrierNumbers(provtest.DocsCtx, client.OwnCarrierNumbers{Numbers: "493012345678", Carrier: emulator.IncomingCarrierNorthwind,
				Region: "Berlin, GERMANY", NumberType: "fixed", AppID: &app}); err != nil {
				t.Fatal(err)
			}
			if err := c.UpdateNumber(provtest.DocsCtx, "493012345678", client.NumberUpdate{Alias: new("Berlin office")}); err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.berlin", app}, {"cpaas_own_carrier_number.berlin", "493012345678"}}, nil
		}},
	)

	// Bought numbers: the account's listing holds the starter numbers too,
	// one page in all.
	r.ListingRefresh("phoneNumbers", provtest.ListingRefresh{
		Typ: "cpaas_phone_number", Route: regexp.MustCompile(`^Number/`), HideBy: "number", Hide: 1, Pages: 1, Kinds: []string{"numbers"},
		Config: LrNumbersHCL(12),
	})

	r.RecordedOnImport("cpaas_phone_number", "search", "release_protection")

	// The objects of the docs example of cpaas_phone_number, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_phone_number", provtest.Identity("number"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			found, _, err := c.SearchAllPhoneNumbers(provtest.DocsCtx, client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "voice,sms"}, 1)
			if err != nil || len(found) != 1 {
				t.Fatalf("search: %v %v", found, err)
			}
			n := found[0].Number
			app := applicationtest.DocsApplication(t, c, "support-line", "https://voice.example.com/support/answer")
			if _, err := c.BuyPhoneNumber(provtest.DocsCtx, n, client.PhoneNumberBuy{AppID: app}); err != nil {
				t.Fatal(err)
			}
			if err := c.UpdateNumber(provtest.DocsCtx, n, client.NumberUpdate{Alias: new("Support line")}); err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.support", app}, {"cpaas_phone_number.support", n}}, nil
		}},
	)

	r.ChaosPart("cpaas_phone_number", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: RelNumbersHCL(6) + provtest.RepeatHCL(6, func(i int) string { return RelPhoneNumberHCL(i - 1) }),
			Want: map[string]int{"numbers": 6}}
	})

	r.ChaosPart("cpaas_own_carrier_number", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(3, RelOwnCarrierNumberHCL), Want: map[string]int{"numbers": 3}}
	})
}
