package provtest

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// A state of one team's objects refreshes from the listing of the team's
// subaccount, not the account's: the rest of the account (300 objects, 15
// pages, made outside the state) costs its refresh nothing. The kind's
// requests are bounded as in every listing refresh entry (one page, the
// hidden object's GET, at most RefreshListAfter-1 GETs): a listing of the
// whole account (16 pages) exceeds the bound.

// nsOthers is how many objects the rest of the account holds.
const nsOthers = 300

const nsTeamHCL = `
resource "cpaas_subaccount" "team" {
  name = "listing-team"
}
`

// NarrowedTables adds the listing refreshes narrowed to one subaccount,
// which belong to no single family.
func NarrowedTables(r *Tables) {
	r.ListingRefresh("applicationsOfOneSubaccount", ListingRefresh{
		Typ: "cpaas_application", Route: regexp.MustCompile(`^Application/`), Hide: 1, Pages: 1, Kinds: []string{"applications", "subaccounts"},
		Setup: func(t *testing.T, env *acctest.Env) {
			c := env.Client(t)
			for i := range nsOthers {
				answer := fmt.Sprintf("https://voice.example.com/other/%d", i)
				if _, err := c.CreateApplication(t.Context(), client.ApplicationCreate{AppName: fmt.Sprintf("other-%d", i),
					ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer}}); err != nil {
					t.Fatal(err)
				}
			}
		},
		Config: nsTeamHCL + `
resource "cpaas_application" "many" {
  count      = 12
  app_name   = "team-app-${count.index}"
  answer_url = "https://voice.example.com/team/${count.index}"
  subaccount = cpaas_subaccount.team.auth_id
}
`,
	})

	r.ListingRefresh("phoneNumbersOfOneSubaccount", ListingRefresh{
		Typ: "cpaas_phone_number", Route: regexp.MustCompile(`^Number/`), HideBy: "number", Hide: 1, Pages: 1, Kinds: []string{"numbers", "subaccounts"},
		Setup: func(t *testing.T, env *acctest.Env) {
			c := env.Client(t)
			found, _, err := c.SearchAllPhoneNumbers(t.Context(), client.PhoneNumberSearch{CountryISO: "US"}, nsOthers)
			if err != nil || len(found) < nsOthers {
				t.Fatalf("searching %d US numbers for the rest of the account found %d: %v", nsOthers, len(found), err)
			}
			for _, n := range found[:nsOthers] {
				if _, err := c.BuyPhoneNumber(t.Context(), n.Number, client.PhoneNumberBuy{}); err != nil {
					t.Fatal(err)
				}
			}
		},
		Config: nsTeamHCL + `
data "cpaas_phone_numbers" "lr" {
  country_iso = "US"
  services    = ["sms", "voice"]
  max_results = 12
}

resource "cpaas_phone_number" "many" {
  count      = 12
  number     = data.cpaas_phone_numbers.lr.numbers[count.index].number
  subaccount = cpaas_subaccount.team.auth_id
  lifecycle {
    ignore_changes = [number]
  }
}
`,
	})
}
