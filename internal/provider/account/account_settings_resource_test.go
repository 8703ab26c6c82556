package account_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/account/accounttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

func accountSettingsConfig(fields string) string {
	return "\nresource \"cpaas_account_settings\" \"this\" {\n" + fields + "\n}\n"
}

// accountIs checks the emulator's account against want (its settable
// fields), through the API.
func accountIs(env *acctest.Env, t *testing.T, want client.Account) resource.TestCheckFunc {
	return func(*terraform.State) error {
		got, err := env.Client(t).GetAccount(context.Background())
		if err != nil {
			return err
		}
		if got.Name != want.Name || got.Address != want.Address || got.City != want.City || got.State != want.State || got.Timezone != want.Timezone {
			return fmt.Errorf("the account holds %+v, want %+v", got, want)
		}
		return nil
	}
}

// TestAccAccountSettings_basic: create adopts the account (what is
// configured is set, what is not is read), a plan after apply is empty,
// an update is in place; the import of the account plans nothing and
// reads back every attribute; the state never holds cash_credits.
func TestAccAccountSettings_basic(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: cpaas_account_settings changes the whole account")
	t.Parallel()
	env := acctest.NewEnv(t)
	// Set behind Terraform's back before the adoption: the state reads it.
	if err := env.Client(t).UpdateAccount(context.Background(), client.AccountUpdate{State: new("CA"), Address: new("1 Main Street")}); err != nil {
		t.Fatal(err)
	}
	updatedAccountConfig := env.Config(accountSettingsConfig(`  name = "Acme Dental Group"
  address = ""
  city = "Oakland"
  timezone = "Europe/London"`))
	acct := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("cpaas_account_settings.this", tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(accountSettingsConfig(`  name = "Acme Dental"
  city = "Oakland"
  timezone = "Asia/Kolkata"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_account_settings.this", plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					acct("id", knownvalue.StringExact(acctest.AuthID)),
					acct("name", knownvalue.StringExact("Acme Dental")),
					acct("city", knownvalue.StringExact("Oakland")),
					acct("timezone", knownvalue.StringExact("Asia/Kolkata")),
					acct("address", knownvalue.StringExact("1 Main Street")),
					acct("state", knownvalue.StringExact("CA")),
				},
				Check: resource.ComposeAggregateTestCheckFunc(
					accountIs(env, t, client.Account{Name: "Acme Dental", Address: "1 Main Street", City: "Oakland", State: "CA", Timezone: "Asia/Kolkata"}),
					resource.TestCheckNoResourceAttr("cpaas_account_settings.this", "cash_credits"),
				),
			},
			{
				// In place: a new name and zone, the address emptied; the
				// state left out keeps its value.
				Config: updatedAccountConfig,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_account_settings.this", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: accountIs(env, t, client.Account{Name: "Acme Dental Group", City: "Oakland", State: "CA", Timezone: "Europe/London"}),
			},
			{
				ResourceName:      "cpaas_account_settings.this",
				ImportState:       true,
				ImportStateId:     acctest.AuthID,
				ImportStateVerify: true,
			},
			{
				ResourceName:  "cpaas_account_settings.this",
				ImportState:   true,
				ImportStateId: "not-an-auth-id",
				ExpectError:   acctest.ErrorPattern(`import id "not-an-auth-id" must be the auth_id the provider is configured with`),
			},
			{
				ResourceName:  "cpaas_account_settings.this",
				ImportState:   true,
				ImportStateId: "MAZZZZZZZZZZZZZZZZZZ",
				ExpectError: acctest.ErrorPattern(`cpaas_account_settings manages the account the provider authenticates as, ` + acctest.AuthID +
					`; this one names MAZZZZZZZZZZZZZZZZZZ`),
			},
			{
				// Renamed behind Terraform's back: the plan sets it again, in
				// place, and nothing else.
				PreConfig: func() {
					if err := env.Client(t).UpdateAccount(context.Background(), client.AccountUpdate{Name: new("Renamed by hand")}); err != nil {
						t.Fatal(err)
					}
				},
				Config: updatedAccountConfig,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("cpaas_account_settings.this", plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue("cpaas_account_settings.this", tfjsonpath.New("name"), knownvalue.StringExact("Acme Dental Group")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: accountIs(env, t, client.Account{Name: "Acme Dental Group", City: "Oakland", State: "CA", Timezone: "Europe/London"}),
			},
		},
	})
}

// TestAccAccountSettings_validation: a timezone that is not an IANA zone is
// refused at plan time, naming the attribute, the rule and the value, and
// the account is not touched.
func TestAccAccountSettings_validation(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: cpaas_account_settings changes the whole account")
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(accountSettingsConfig(`  name = "Acme"` + "\n" + `  timezone = "Mars/Olympus_Mons"`)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute timezone must be an IANA time zone name such as Asia/Kolkata or America/New_York, got "Mars/Olympus_Mons" \(not in the IANA time zone database\)`),
			},
			{
				Config:      env.Config(accountSettingsConfig(`  timezone = "Local"`)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute timezone must be an IANA time zone name such as Asia/Kolkata or America/New_York, got "Local"`),
			},
		},
	})
	if got, err := env.Client(t).GetAccount(context.Background()); err != nil || got.Name != "" || got.Timezone != emulator.DefaultAccountTimezone {
		t.Fatalf("refused plans changed the account: %+v %v", got, err)
	}
}

// TestAccAccountSettings_forgottenOnDestroy: destroy calls nothing that
// changes the account, says so in a warning, and empties the state.
func TestAccAccountSettings_forgottenOnDestroy(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: cpaas_account_settings changes the whole account")
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + provtest.ExampleConfig(t, "cpaas_account_settings"))
	r.Run("init", "-input=false")
	r.Run("apply", "-auto-approve", "-input=false")
	before, err := env.Client(t).GetAccount(context.Background())
	if err != nil || before.Name != "Acme Dental" || before.Timezone != "America/Los_Angeles" || before.State != "CA" {
		t.Fatalf("after apply: %+v %v", before, err)
	}
	r.ExpectPlan(0)
	out := r.Run("destroy", "-auto-approve", "-input=false")
	if !strings.Contains(out, "Warning: The account was not changed") || !strings.Contains(out, "cpaas_account_settings only leaves the state: account "+acctest.AuthID) {
		t.Fatalf("destroy did not warn that it forgets the account:\n%s", out)
	}
	after, err := env.Client(t).GetAccount(context.Background())
	if err != nil || *after != *before {
		t.Fatalf("destroy changed the account: %+v -> %+v (%v)", before, after, err)
	}
	if left := r.StateIDs(nil); len(left) != 0 {
		t.Fatalf("state after destroy: %v", left)
	}
}

// TestAccAccountSettings_importByIdentity_TF114: an import block naming the
// account by identity, next to the documented configuration (which the
// account already matches), plans only the import.
func TestAccAccountSettings_importByIdentity_TF114(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: cpaas_account_settings changes the whole account")
	t.Parallel()
	env := acctest.NewEnv(t)
	accounttest.MakeDocsAccount(t, env.Client(t))
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(provtest.ExampleConfig(t, "cpaas_account_settings") + fmt.Sprintf(`
import {
  to = cpaas_account_settings.this
  identity = {
    auth_id = %q
  }
}
`, acctest.AuthID)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}, plancheck.ExpectResourceAction("cpaas_account_settings.this", plancheck.ResourceActionNoop)},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectIdentity("cpaas_account_settings.this", map[string]knownvalue.Check{"auth_id": knownvalue.StringExact(acctest.AuthID)}),
			},
		}},
	})
}

// TestAccAccountSettings_declaredTwice: two cpaas_account_settings of one
// provider configuration are refused at plan, naming the type and the
// rule, before the account is touched; with one already applied, adding
// a second is refused too, instead of plans that flip the name between
// the two.
func TestAccAccountSettings_declaredTwice(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: cpaas_account_settings changes the whole account")
	t.Parallel()
	env := acctest.NewEnv(t)
	one := `
resource "cpaas_account_settings" "a" {
  name = "Alpha"
}
`
	two := one + `
resource "cpaas_account_settings" "b" {
  name = "Beta"
}
`
	twice := acctest.ErrorPattern(`cpaas_account_settings declared more than once.*the account has one settings object; declare\s+cpaas_account_settings once per provider configuration`)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: env.Config(two), ExpectError: twice},
			{
				Config: env.Config(one),
				Check:  accountIs(env, t, client.Account{Name: "Alpha", Timezone: emulator.DefaultAccountTimezone}),
			},
			{Config: env.Config(two), ExpectError: twice},
			{
				Config:            env.Config(one),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue("cpaas_account_settings.a", tfjsonpath.New("name"), knownvalue.StringExact("Alpha"))},
			},
		},
	})
}
