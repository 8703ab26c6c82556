package provider_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// numberTables adds the entries of the number tests to the test tables.
func numberTables(r *testTables) {
	// Numbers from an incoming carrier: the account's number listing holds
	// the starter numbers too, one page in all.
	r.listingRefresh("ownCarrierNumbers", listingRefresh{
		typ: "cpaas_own_carrier_number", route: regexp.MustCompile(`^Number/`), hideBy: "number", hide: 1, pages: 1, kinds: []string{"numbers"},
		config: fmt.Sprintf(`
resource "cpaas_own_carrier_number" "many" {
  count   = 12
  number  = format("4989777%%04d", count.index)
  carrier = %q
  region  = "Munich, GERMANY"
}
`, emulator.IncomingCarrierNorthwind),
	})

	r.recordedOnImport("cpaas_own_carrier_number", "carrier")

	// The objects of the docs example of cpaas_own_carrier_number, made as a
	// script would, and its import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_own_carrier_number", identity("number"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := docsApplication(t, c, "berlin-office", "https://voice.example.com/berlin/answer")
			if err := c.AddOwnCarrierNumbers(docsCtx, client.OwnCarrierNumbers{Numbers: "493012345678", Carrier: emulator.IncomingCarrierNorthwind,
				Region: "Berlin, GERMANY", NumberType: "fixed", AppID: &app}); err != nil {
				t.Fatal(err)
			}
			if err := c.UpdateNumber(docsCtx, "493012345678", client.NumberUpdate{Alias: new("Berlin office")}); err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.berlin", app}, {"cpaas_own_carrier_number.berlin", "493012345678"}}, nil
		}},
	)

	// Bought numbers: the account's listing holds the starter numbers too,
	// one page in all.
	r.listingRefresh("phoneNumbers", listingRefresh{
		typ: "cpaas_phone_number", route: regexp.MustCompile(`^Number/`), hideBy: "number", hide: 1, pages: 1, kinds: []string{"numbers"},
		config: lrNumbersHCL(12),
	})

	r.recordedOnImport("cpaas_phone_number", "search", "release_protection")

	// The objects of the docs example of cpaas_phone_number, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_phone_number", identity("number"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			found, _, err := c.SearchAllPhoneNumbers(docsCtx, client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "voice,sms"}, 1)
			if err != nil || len(found) != 1 {
				t.Fatalf("search: %v %v", found, err)
			}
			n := found[0].Number
			app := docsApplication(t, c, "support-line", "https://voice.example.com/support/answer")
			if _, err := c.BuyPhoneNumber(docsCtx, n, client.PhoneNumberBuy{AppID: app}); err != nil {
				t.Fatal(err)
			}
			if err := c.UpdateNumber(docsCtx, n, client.NumberUpdate{Alias: new("Support line")}); err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.support", app}, {"cpaas_phone_number.support", n}}, nil
		}},
	)

	r.chaosPart("cpaas_phone_number", func() chaosPart {
		return chaosPart{hcl: relNumbersHCL(6) + repeatHCL(6, func(i int) string { return relPhoneNumberHCL(i - 1) }),
			want: map[string]int{"numbers": 6}}
	})

	r.chaosPart("cpaas_own_carrier_number", func() chaosPart {
		return chaosPart{hcl: repeatHCL(3, relOwnCarrierNumberHCL), want: map[string]int{"numbers": 3}}
	})
}
