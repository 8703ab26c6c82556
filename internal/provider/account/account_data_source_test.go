package account_test

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestAccAccountDataSource: the account the provider authenticates as,
// every field as the API gives it; the balance as its decimal string,
// which billed look-ups lower and the next read shows.
func TestAccAccountDataSource(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: it changes the account's name and city")
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	if err := c.UpdateAccount(context.Background(), client.AccountUpdate{Name: new("Acme Dental"), City: new("Oakland")}); err != nil {
		t.Fatal(err)
	}
	ds := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("data.cpaas_account.current", tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(`data "cpaas_account" "current" {}`),
				ConfigStateChecks: []statecheck.StateCheck{
					ds("id", knownvalue.StringExact(acctest.AuthID)),
					ds("auth_id", knownvalue.StringExact(acctest.AuthID)),
					ds("account_type", knownvalue.StringExact("standard")),
					ds("billing_mode", knownvalue.StringExact("prepaid")),
					ds("auto_recharge", knownvalue.Bool(false)),
					ds("cash_credits", knownvalue.StringExact("25.00000")),
					ds("name", knownvalue.StringExact("Acme Dental")),
					ds("city", knownvalue.StringExact("Oakland")),
					ds("address", knownvalue.StringExact("")),
					ds("state", knownvalue.StringExact("")),
					ds("timezone", knownvalue.StringExact("America/Los_Angeles")),
				},
			},
			{
				// Two billed look-ups (0.004 each), read in the same run as
				// the account: the account is read after them.
				PreConfig: func() {
					for _, n := range []string{"+14155550100", "+12125550101"} {
						if _, err := c.LookupNumber(context.Background(), n, "carrier"); err != nil {
							t.Fatal(err)
						}
					}
				},
				Config: env.Config(`data "cpaas_account" "current" {}`),
				ConfigStateChecks: []statecheck.StateCheck{
					ds("cash_credits", knownvalue.StringExact("24.99200")),
				},
			},
			// The documented example applies, its check included.
			{
				Config: env.Config(acctest.RepoFile(t, "examples/data-sources/cpaas_account/data-source.tf")),
				Check:  resource.TestCheckOutput("balance_usd", "24.99200"),
			},
		},
	})
}
