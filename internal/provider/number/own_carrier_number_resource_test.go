package number_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// checkOwnCarrierRemoved asks the emulator that the account holds none of
// numbers and that none of them went on sale (a removal is no release).
func checkOwnCarrierRemoved(env *acctest.Env, t *testing.T, numbers ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		for _, n := range numbers {
			if slices.Contains(env.Objects(t)["numbers"], n) {
				return fmt.Errorf("number %s still in the account after destroy", n)
			}
			page, err := env.Client(t).SearchPhoneNumbers(context.Background(), client.PhoneNumberSearch{CountryISO: "DE", Pattern: n[2:]}, 20, 0)
			if err != nil {
				return err
			}
			if len(page.Objects) != 0 {
				return fmt.Errorf("number %s went on sale: %v", n, page.Objects)
			}
		}
		return nil
	}
}

// TestAccOwnCarrierNumber_basicUpdateReplaceImport: the number is added
// with its carrier's name, no rental and the default number_type; alias,
// app_id update in place; region and carrier replace it; an import
// by number plans nothing with the configured carrier; destroy removes
// the number without putting it on sale.
func TestAccOwnCarrierNumber_basicUpdateReplaceImport(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	const number = "493012345678"
	r := "cpaas_own_carrier_number.test"
	record := func(alias, carrier, region string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			n, err := env.Client(t).GetNumber(context.Background(), number)
			if err != nil {
				return err
			}
			if n.AliasText() != alias || n.Carrier != carrier || n.Region != region {
				return fmt.Errorf("emulator record alias %q carrier %q region %q, want %q %q %q", n.AliasText(), n.Carrier, n.Region, alias, carrier, region)
			}
			return nil
		}
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkOwnCarrierRemoved(env, t, number),
		Steps: []resource.TestStep{
			{
				Config: env.Config(numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Berlin, GERMANY", "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(r, tfjsonpath.New("id"), knownvalue.StringExact(number)),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("carrier"), knownvalue.StringExact(emulator.IncomingCarrierNorthwind)),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("carrier_name"), knownvalue.StringExact("Northwind Telecom")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("number_type"), knownvalue.StringExact("local")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("monthly_rental_rate"), knownvalue.StringExact("0.00000")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("region"), knownvalue.StringExact("Berlin, GERMANY")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("app_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("added_on"), knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`))),
				},
				Check:            record("", "Northwind Telecom", "Berlin, GERMANY"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: env.Config(applicationtest.AppHCL("berlin") + numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Berlin, GERMANY",
					"  alias  = \"Berlin office\"\n  app_id = cpaas_application.berlin.app_id\n")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs(r, tfjsonpath.New("app_id"), "cpaas_application.berlin", tfjsonpath.New("app_id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("alias"), knownvalue.StringExact("Berlin office")),
				},
				Check: record("Berlin office", "Northwind Telecom", "Berlin, GERMANY"),
			},
			{
				Config: env.Config(applicationtest.AppHCL("berlin") + numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierFabrikam, "Berlin-Mitte, GERMANY",
					"  alias  = \"Berlin office\"\n  app_id = cpaas_application.berlin.app_id\n")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(r, tfjsonpath.New("carrier_name"), knownvalue.StringExact("Fabrikam Voice")),
				},
				Check: record("Berlin office", "Fabrikam Voice", "Berlin-Mitte, GERMANY"),
			},
			{
				ResourceName:            r,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"carrier"}, // no reply holds the carrier's id
			},
			{
				ResourceName:  r,
				ImportState:   true,
				ImportStateId: "+" + number,
				ExpectError:   regexp.MustCompile(`Import a number from your own carrier by the number itself`),
			},
		},
	})
}

// removalWarned tells whether out warns that number is removed from the
// account, not released.
func removalWarned(out, number string) bool {
	out = numbertest.Flat(out)
	return strings.Contains(out, "Warning: Own-carrier number "+number+" will be removed from the account") &&
		strings.Contains(out, "It is not released: it stays with your carrier")
}

// TestAccOwnCarrierNumber_removalWarns: every plan that removes the
// number from the account (a replacement, a destroy) warns, naming it and
// saying it is not released; a plan that only updates does not; the
// destroy leaves the number off sale.
func TestAccOwnCarrierNumber_removalWarns(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	const number = "4940555000111"
	r := newReleaseRunner(t, env, numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Hamburg", ""))
	r.Run("apply", "-auto-approve", "-input=false")
	r.ExpectPlan(0)
	r.Write(releaseHead(env) + numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Hamburg", "  alias = \"Hamburg desk\"\n"))
	if out := r.ExpectPlan(2); removalWarned(out, number) {
		t.Fatalf("an alias change warned of a removal:\n%s", out)
	}
	r.Write(releaseHead(env) + numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Hamburg, GERMANY", ""))
	out := numbertest.Flat(r.ExpectPlan(2))
	if !removalWarned(out, number) || !strings.Contains(out, "[region] changed") || !strings.Contains(out, "(Northwind Telecom)") {
		t.Fatalf("replacing plan:\n%s", out)
	}
	out = numbertest.Flat(r.Run("destroy", "-auto-approve", "-input=false"))
	if !removalWarned(out, number) || !strings.Contains(out, "the resource instance is destroyed") {
		t.Fatalf("destroy did not warn:\n%s", out)
	}
	if err := checkOwnCarrierRemoved(env, t, number)(nil); err != nil {
		t.Fatal(err)
	}
}

// TestAccOwnCarrierNumber_disappears: a number removed outside Terraform
// is planned to be added again.
func TestAccOwnCarrierNumber_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	const number = "4969555000222"
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkOwnCarrierRemoved(env, t, number),
		Steps: []resource.TestStep{{
			Config: env.Config(numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierFabrikam, "Frankfurt", "")),
			Check: func(*terraform.State) error {
				return env.Client(t).RemoveOwnCarrierNumber(context.Background(), number)
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_own_carrier_number.test", plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// TestAccOwnCarrierNumber_validation: the spec's rules at plan time with
// exact messages, and the API's refusals (an unknown carrier, a number the
// service rents out) named at apply; a rented number cannot be imported.
func TestAccOwnCarrierNumber_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// A number the service rents the account: a starter, or in real mode
	// one the test buys.
	rented := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", Type: "local"}, "14155550100")[0].Number
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(numbertest.OwnCarrierNumberHCL("+493012345678", emulator.IncomingCarrierNorthwind, "Berlin", "")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute number must be 1 to 15 digits, starting with the country code, got: \+493012345678`),
			},
			{
				Config:      env.Config(numbertest.OwnCarrierNumberHCL("493012345678", emulator.IncomingCarrierNorthwind, "  ", "")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute region "  " must not be empty \(a free text naming the number's region\)`),
			},
			{
				Config:      env.Config(numbertest.OwnCarrierNumberHCL("493012345678", emulator.IncomingCarrierNorthwind, "Berlin", "  number_type = \"toll-free\"\n")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute number_type value must be one of: \["local" "fixed" "tollfree" "mobile" "national"\], got: "toll-free"`),
			},
			{
				Config:      env.Config(numbertest.OwnCarrierNumberHCL("493012345678", "", "Berlin", "")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute carrier UTF-8 character count must be at least 1, got: 0`),
			},
			{
				Config:      env.Config(numbertest.OwnCarrierNumberHCL("493012345678", "42", "Berlin", "")),
				ExpectError: acctest.ErrorPattern(`Error adding a number from your own carrier.*number 493012345678.*HTTP 400: carrier "42" must be the id of an incoming carrier of the account`),
			},
			{
				Config:      env.Config(numbertest.OwnCarrierNumberHCL(rented, emulator.IncomingCarrierNorthwind, "Berlin", "")),
				ExpectError: acctest.ErrorPattern(`HTTP 400: number ` + rented + ` already belongs to this account`),
			},
			{
				Config:        env.Config(numbertest.OwnCarrierNumberHCL(rented, emulator.IncomingCarrierNorthwind, "Berlin", "")),
				ResourceName:  "cpaas_own_carrier_number.test",
				ImportState:   true,
				ImportStateId: rented,
				ExpectError:   acctest.ErrorPattern(`Phone number ` + rented + ` is not from your own carrier.*cpaas_phone_number`),
			},
		},
	})
	if got := withoutStandIns(env, env.Objects(t)["numbers"]); len(got) != 0 {
		t.Fatalf("refused adds left numbers: %v", got)
	}
}

// TestAccOwnCarrierNumber_listAndIdentity_TF114: the list resource finds
// the account's own-carrier numbers and none it rents (the starter
// numbers, which cpaas_phone_number's list keeps to itself), names each
// by its identity, and carries the data an import
// reads; the resource's state holds the identity.
func TestAccOwnCarrierNumber_listAndIdentity_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	if err := c.AddOwnCarrierNumbers(context.Background(), client.OwnCarrierNumbers{Numbers: "4930111000001,4940111000002",
		Carrier: emulator.IncomingCarrierFabrikam, Region: "GERMANY"}); err != nil {
		t.Fatal(err)
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{
			{
				Config: env.Config(numbertest.OwnCarrierNumberHCL("4969111000003", emulator.IncomingCarrierNorthwind, "Frankfurt", "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectIdentity("cpaas_own_carrier_number.test", map[string]knownvalue.Check{"number": knownvalue.StringExact("4969111000003")}),
				},
			},
			{
				Query: true,
				// The query runs beside the previous step's configuration,
				// whose provider block it uses.
				Config: `
list "cpaas_own_carrier_number" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_phone_number" "rented" {
  provider = cpaas
}

list "cpaas_own_carrier_number" "berlin" {
  provider = cpaas
  config {
    number_starts_with = "4930"
  }
}
`,
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("cpaas_own_carrier_number.all", 3),
					querycheck.ExpectLength("cpaas_own_carrier_number.berlin", 1),
					// The starter numbers only: an own-carrier number is no
					// cpaas_phone_number, whose destroy releases.
					querycheck.ExpectLength("cpaas_phone_number.rented", 3),
					querycheck.ExpectIdentity("cpaas_own_carrier_number.all", provtest.IdentityIs("number", "4930111000001")),
					querycheck.ExpectIdentity("cpaas_own_carrier_number.all", provtest.IdentityIs("number", "4940111000002")),
					querycheck.ExpectIdentity("cpaas_own_carrier_number.all", provtest.IdentityIs("number", "4969111000003")),
					querycheck.ExpectIdentity("cpaas_own_carrier_number.berlin", provtest.IdentityIs("number", "4930111000001")),
					querycheck.ExpectResourceKnownValues("cpaas_own_carrier_number.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("number", "4940111000002")),
						[]querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("carrier_name"), KnownValue: knownvalue.StringExact("Fabrikam Voice")},
							{Path: tfjsonpath.New("region"), KnownValue: knownvalue.StringExact("GERMANY")},
							{Path: tfjsonpath.New("carrier"), KnownValue: knownvalue.Null()},
						}),
				},
			},
		},
	})
}

// TestAccGuide_ownCarrierNumbers applies the guide "Bringing numbers from
// your own carrier" as it is: the numbers are added with their carrier's
// name, the second plan is empty, an alias change is in place with no
// removal warning, and the destroy warns for each number, removes both
// and puts neither on sale.
func TestAccGuide_ownCarrierNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := provtest.NewGuideRunner(t, env, "own-carrier-numbers")
	r.Run("apply", "-input=false", "-auto-approve")
	r.ExpectPlan(0)
	var carriers map[string]string
	r.Output("carriers", &carriers)
	if carriers["berlin"] != "Northwind Telecom" || carriers["hamburg"] != "Northwind Telecom" {
		t.Fatalf("carriers %v", carriers)
	}
	numbers := []string{"493012345678", "494012345678"}
	for _, n := range numbers {
		got, err := env.Client(t).GetNumber(context.Background(), n)
		if err != nil || got.Carrier != "Northwind Telecom" || got.NumberType != "fixed" || got.AppID() == "" || got.MonthlyRentalRate != "0.00000" {
			t.Fatalf("number %s: %+v %v", n, got, err)
		}
	}
	r.Edit("main.tf", `alias       = "${title(each.key)} office"`, `alias       = "${title(each.key)} desk"`)
	out := numbertest.Flat(r.ExpectPlan(2))
	if removalWarned(out, numbers[0]) || !strings.Contains(out, "0 to add, 2 to change, 0 to destroy") {
		t.Fatalf("alias change:\n%s", out)
	}
	r.Run("apply", "-input=false", "-auto-approve")
	r.ExpectPlan(0)
	out = numbertest.Flat(r.Run("destroy", "-input=false", "-auto-approve"))
	for _, n := range numbers {
		if !removalWarned(out, n) {
			t.Fatalf("destroy does not warn that %s is removed:\n%s", n, out)
		}
	}
	if err := checkOwnCarrierRemoved(env, t, numbers...)(nil); err != nil {
		t.Fatal(err)
	}
}

// TestAccOwnCarrierNumber_subaccount: a number added into a subaccount is
// there (the add sends subaccount), and removing the attribute moves it
// back to the main account in place, never removing it.
func TestAccOwnCarrierNumber_subaccount(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	const number = "4921155500333"
	r := "cpaas_own_carrier_number.test"
	sub := `
resource "cpaas_subaccount" "branch" {
  name = "branch"
}
`
	in := func(want string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			n, err := env.Client(t).GetNumber(context.Background(), number)
			if err != nil {
				return err
			}
			if got := ""; n.SubAccount != nil {
				got = *n.SubAccount
				if want == "" || got != s.RootModule().Resources["cpaas_subaccount.branch"].Primary.Attributes["auth_id"] {
					return fmt.Errorf("number in %q, want the main account", got)
				}
			} else if want != "" {
				return fmt.Errorf("number in the main account, want the subaccount")
			}
			return nil
		}
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkOwnCarrierRemoved(env, t, number),
		Steps: []resource.TestStep{
			{
				Config: env.Config(sub + numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Düsseldorf",
					"  subaccount = cpaas_subaccount.branch.auth_id\n")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs(r, tfjsonpath.New("subaccount"), "cpaas_subaccount.branch", tfjsonpath.New("auth_id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("region"), knownvalue.StringExact("Düsseldorf")),
				},
				Check:            in("sub"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: env.Config(sub + numbertest.OwnCarrierNumberHCL(number, emulator.IncomingCarrierNorthwind, "Düsseldorf", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: in(""),
			},
		},
	})
}

// the record names the carrier, not its id
