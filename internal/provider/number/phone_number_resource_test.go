package number_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// checkNumbersReleased asks the emulator that the account owns no bought
// number any more and that each of numbers is on sale again.
func checkNumbersReleased(env *acctest.Env, t *testing.T, numbers ...*string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if owned := withoutStandIns(env, env.Objects(t)["numbers"]); len(owned) != 0 {
			return fmt.Errorf("numbers still owned after destroy: %v", owned)
		}
		for _, n := range numbers {
			if err := checkOnSale(env, t, *n, true); err != nil {
				return err
			}
		}
		return nil
	}
}

// checkOnSale asks the emulator's search whether number is on sale. In
// real mode a released number is not checked back on sale: on a shared
// account another test may buy it the moment it is, and the service may
// hold released numbers back for a while.
func checkOnSale(env *acctest.Env, t *testing.T, number string, want bool) error {
	if want && acctest.Real() {
		return nil
	}
	page, err := env.Client(t).SearchPhoneNumbers(context.Background(),
		client.PhoneNumberSearch{CountryISO: "US", Pattern: number[1:]}, 20, 0)
	if err != nil {
		return err
	}
	if got := len(page.Objects) == 1 && page.Objects[0].Number == number; got != want {
		return fmt.Errorf("number %s on sale = %v, want %v", number, got, want)
	}
	return nil
}

func buyFromSearchConfig(extra string) string {
	return `
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  city        = "San Francisco"
  services    = ["sms", "voice"]
  max_results = 1
}

resource "cpaas_phone_number" "test" {
  number = data.cpaas_phone_numbers.sf.numbers[0].number
` + extra + `
  lifecycle {
    # The bought number leaves the search, which then offers another one.
    ignore_changes = [number]
  }
}
`
}

func TestAccPhoneNumber_buyFromSearchUpdateAndRelease(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// In real mode the search's first result is whatever is on sale when
	// the data source reads it (parallel tests buy from the same search):
	// the number is the one the resource bought.
	number := ""
	if !acctest.Real() {
		want, _ := numbertest.ExpectedSearch(t, 1, "country_iso", "US", "city", "San Francisco", "services", "sms,voice")
		number = want[0]
	}
	var lata knownvalue.Check = knownvalue.Int64Exact(722)
	if acctest.Real() {
		lata = knownvalue.NotNull()
	}
	r := "cpaas_phone_number.test"
	ownedOnly := func(s *terraform.State) error {
		if number == "" {
			number = s.RootModule().Resources[r].Primary.Attributes["number"]
		}
		if owned := env.Objects(t)["numbers"]; len(owned) != 1 || owned[0] != number {
			return fmt.Errorf("emulator account owns %v, want only %s", owned, number)
		}
		return checkOnSale(env, t, number, false)
	}
	// record checks the emulator's record: the app_id of the application
	// at appAddr ("" for none) and alias.
	record := func(appAddr, alias string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			n, err := env.Client(t).GetNumber(context.Background(), number)
			if err != nil {
				return err
			}
			app := ""
			if appAddr != "" {
				app = applicationtest.AppIDOf(s, appAddr)
			}
			if n.AppID() != app || n.AliasText() != alias {
				return fmt.Errorf("emulator record app %q alias %q, want %q %q", n.AppID(), n.AliasText(), app, alias)
			}
			return nil
		}
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkNumbersReleased(env, t, &number),
		Steps: []resource.TestStep{
			{
				Config: env.Config(applicationtest.AppHCL("first") + applicationtest.AppHCL("second") + buyFromSearchConfig(`  app_id = cpaas_application.first.app_id`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs(r, tfjsonpath.New("number"), "data.cpaas_phone_numbers.sf", tfjsonpath.New("numbers").AtSliceIndex(0).AtMapKey("number"), compare.ValuesSame()),
					statecheck.CompareValuePairs(r, tfjsonpath.New("id"), r, tfjsonpath.New("number"), compare.ValuesSame()),
					statecheck.CompareValuePairs(r, tfjsonpath.New("app_id"), "cpaas_application.first", tfjsonpath.New("app_id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("alias"), knownvalue.Null()),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("city"), knownvalue.StringExact("SAN FRANCISCO")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("region"), knownvalue.StringExact("California")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("country_iso"), knownvalue.StringExact("US")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("type"), knownvalue.StringExact("fixed")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("sub_type"), knownvalue.StringExact("local")),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("sms_enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("lata"), lata),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("added_on"), knownvalue.StringRegexp(regexpMust(`^\d{4}-\d{2}-\d{2}$`))),
					statecheck.ExpectKnownValue(r, tfjsonpath.New("resource_uri"), knownvalue.StringRegexp(regexpMust(`^/v1/Account/`+acctest.AuthID+`/Number/\d+/$`))),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: resource.ComposeAggregateTestCheckFunc(ownedOnly, record("cpaas_application.first", "")),
			},
			{
				// app_id and alias change in place: the number is kept.
				Config: env.Config(applicationtest.AppHCL("first") + applicationtest.AppHCL("second") + buyFromSearchConfig(`  app_id = cpaas_application.second.app_id
  alias  = "Support line"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: resource.ComposeAggregateTestCheckFunc(ownedOnly, record("cpaas_application.second", "Support line")),
			},
			{
				// Removing them detaches the application and clears the alias.
				Config: env.Config(applicationtest.AppHCL("first") + applicationtest.AppHCL("second") + buyFromSearchConfig("")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: resource.ComposeAggregateTestCheckFunc(ownedOnly, record("", "")),
			},
		},
	})
}

// Without ignore_changes the search moves on after the purchase, and the
// natural configuration (number from the search data source) would replace
// the number on the next plan. That plan is refused, naming the number and
// the ways out; nothing is released.
func TestAccPhoneNumber_searchMovesOnWithoutIgnoreChangesIsRefused(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// In real mode the number bought is whatever the search offered first
	// at the time (parallel tests buy from the same search): any number.
	bought := `\d+`
	if !acctest.Real() {
		first, _ := numbertest.ExpectedSearch(t, 1, "country_iso", "US", "city", "San Francisco")
		bought = first[0]
	}
	cfg := env.Config(`
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  city        = "San Francisco"
  max_results = 1
}

resource "cpaas_phone_number" "test" {
  number = data.cpaas_phone_numbers.sf.numbers[0].number
}
`)
	owned := func(*terraform.State) error {
		if got := env.Objects(t)["numbers"]; len(got) != 1 || !regexp.MustCompile(`^`+bought+`$`).MatchString(got[0]) {
			return fmt.Errorf("the account owns %v, want only %s", got, bought)
		}
		return nil
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: cfg,
			// The refresh after the apply already plans the replacement,
			// which the provider refuses.
			ExpectError: acctest.ErrorPattern(`Refusing to release phone number ` + bought + `.*release ` + bought +
				`.*search block.*ignore_changes = \[number\].*allow_release_on_replace = true`),
		}, {
			Config:      cfg,
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(`Refusing to release phone number ` + bought),
		}, {
			// One way out, ignore_changes: the number is still the one
			// bought, and the plan is empty.
			Config:           strings.Replace(cfg, "numbers[0].number\n", "numbers[0].number\n  lifecycle {\n    ignore_changes = [number]\n  }\n", 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check:            owned,
		}},
	})
}

// Buying by criteria: the search runs once, at create. The number bought
// is kept on later plans (the search now offers another first result), a
// change of the criteria is recorded in place without touching the number,
// and nothing is bought twice.
func TestAccPhoneNumber_buyBySearchKeepsTheNumber(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// bought is the number the search bought: in the emulator its first
	// result, in real mode whatever was first when it ran (parallel tests
	// buy from the same search); the later steps name it through a
	// variable read when they run.
	var first []string
	if !acctest.Real() {
		first, _ = numbertest.ExpectedSearch(t, 2, "country_iso", "US", "city", "San Francisco", "services", "voice,sms")
	}
	bought := &lateString{}
	r := "cpaas_phone_number.test"
	searchCfg := func(city string) string {
		return env.Config(fmt.Sprintf(`
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    city        = %q
    services    = ["voice", "sms"]
  }
  alias = "Support line"
}
`, city))
	}
	ownsOnly := func(*terraform.State) error {
		if got := env.Objects(t)["numbers"]; len(got) != 1 || got[0] != bought.v {
			return fmt.Errorf("the account owns %v, want only %s", got, bought.v)
		}
		return nil
	}
	var boughtNumber knownvalue.Check = knownvalue.StringRegexp(regexpMust(`^\d+$`))
	if !acctest.Real() {
		boughtNumber = knownvalue.StringExact(first[0])
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(*terraform.State) error { return checkOnSale(env, t, bought.v, true) },
		Steps: []resource.TestStep{{
			Config: searchCfg("San Francisco"),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{plancheck.ExpectUnknownValue(r, tfjsonpath.New("number"))},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(r, tfjsonpath.New("number"), boughtNumber),
				statecheck.ExpectKnownValue(r, tfjsonpath.New("city"), knownvalue.StringExact("SAN FRANCISCO")),
				statecheck.ExpectKnownValue(r, tfjsonpath.New("alias"), knownvalue.StringExact("Support line")),
			},
			Check: resource.ComposeAggregateTestCheckFunc(func(s *terraform.State) error {
				bought.v = s.RootModule().Resources[r].Primary.Attributes["number"]
				return nil
			}, ownsOnly, func(*terraform.State) error {
				// The search has moved on: its first result is another number
				// (in the emulator, its second before the purchase).
				now, _, err := env.Client(t).SearchAllPhoneNumbers(context.Background(),
					client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "voice,sms"}, 1)
				if err != nil || len(now) == 0 || now[0].Number == bought.v || (!acctest.Real() && now[0].Number != first[1]) {
					return fmt.Errorf("the search offers %v (%v), want another number than %s first", now, err, bought.v)
				}
				return nil
			}),
		}, {
			// New criteria: recorded in place, the number kept.
			Config: searchCfg("Los Angeles"),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(r, tfjsonpath.New("number"), boughtNumber),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(r, tfjsonpath.New("number"), boughtNumber),
				statecheck.ExpectKnownValue(r, tfjsonpath.New("search").AtMapKey("city"), knownvalue.StringExact("Los Angeles")),
			},
			Check: ownsOnly,
		}, {
			// Naming the owned number instead of the criteria changes nothing.
			Config: env.Config(`
variable "number" {
  type = string
}

resource "cpaas_phone_number" "test" {
  number = var.number
  alias  = "Support line"
}
`),
			ConfigVariables: config.Variables{"number": bought},
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate)},
			},
			Check: ownsOnly,
		}},
	})
}

// A search that finds nothing is an error naming it, and buys nothing.
func TestAccPhoneNumber_buyBySearchFindingNothing(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    pattern     = "999999999"
  }
}
`),
			ExpectError: acctest.ErrorPattern(`No available number in US matches the search criteria; nothing was bought`),
			Check: func(*terraform.State) error {
				if got := env.Objects(t)["numbers"]; len(got) != 0 {
					return fmt.Errorf("bought %v", got)
				}
				return nil
			},
		}},
	})
}

// phoneNumberConfigAllowRelease is phoneNumberConfig with the opt-in that
// lets a change of number release the old one.
func phoneNumberConfigAllowRelease(number string) string {
	return fmt.Sprintf(`
resource "cpaas_phone_number" "test" {
  number                   = %q
  allow_release_on_replace = true
}
`, number)
}

func phoneNumberConfig(number string) string {
	return fmt.Sprintf(`
resource "cpaas_phone_number" "test" {
  number = %q
}
`, number)
}

func TestAccPhoneNumber_replaceReleasesOld(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// In real mode two numbers the API offers, which a catalogue of the
	// emulator's cannot predict.
	two := numbersOnSale(t, env, 2, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, "country_iso", "US", "type", "toll-free")
	first, second := two[0], two[1]
	r := "cpaas_phone_number.test"
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkNumbersReleased(env, t, &first, &second),
		Steps: []resource.TestStep{
			{
				Config: env.Config(phoneNumberConfig(first)),
				Check:  func(*terraform.State) error { return checkOnSale(env, t, first, false) },
			},
			{
				// Refused without the opt-in: nothing is released.
				Config:      env.Config(phoneNumberConfig(second)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Refusing to release phone number ` + first + `.*release ` + first + ` .*and buy ` + second),
			},
			{
				Config: env.Config(phoneNumberConfigAllowRelease(second)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(*terraform.State) error {
					if owned := env.Objects(t)["numbers"]; len(owned) != 1 || owned[0] != second {
						return fmt.Errorf("after replace the account owns %v, want only %s", owned, second)
					}
					return checkOnSale(env, t, first, true)
				},
			},
		},
	})
}

func TestAccPhoneNumber_import(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	number := numbersOnSale(t, env, 1, client.PhoneNumberSearch{CountryISO: "US", Type: "local"}, "country_iso", "US", "type", "local")[0]
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkNumbersReleased(env, t, &number),
		Steps: []resource.TestStep{
			{Config: env.Config(applicationtest.AppHCL("imported") + `
resource "cpaas_phone_number" "test" {
  number = "` + number + `"
  app_id = cpaas_application.imported.app_id
  alias  = "Imported"
}
`)},
			{
				ResourceName:      "cpaas_phone_number.test",
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				ResourceName:  "cpaas_phone_number.test",
				ImportState:   true,
				ImportStateId: "+" + number,
				ExpectError:   acctest.ErrorPattern("Invalid import id"),
			},
			{
				ResourceName:  "cpaas_phone_number.test",
				ImportState:   true,
				ImportStateId: "19995550123",
				ExpectError:   acctest.ErrorPattern("Cannot import non-existent remote object"),
			},
		},
	})
}

// A number the account owns already (here a starter number; in real mode
// one the test buys first) is brought under Terraform by import; the plan
// after the import is empty.
func TestAccPhoneNumber_importOwnedThenEmptyPlan(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	owned := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "voice,sms"}, "14155550100")[0]
	starter, city := owned.Number, "SAN FRANCISCO"
	if acctest.Real() {
		city = owned.City
	}
	cfg := env.Config(`
resource "cpaas_phone_number" "test" {
  number = "` + starter + `"
}
`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(*terraform.State) error {
			// Destroy releases it: a starter number leaves the account.
			if _, err := env.Client(t).GetNumber(context.Background(), starter); !errors.Is(err, client.ErrNotFound) {
				return fmt.Errorf("starter number not released: %v", err)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config:             cfg,
				ResourceName:       "cpaas_phone_number.test",
				ImportState:        true,
				ImportStateId:      starter,
				ImportStatePersist: true,
				ImportStateCheck: func(s []*terraform.InstanceState) error {
					if len(s) != 1 || s[0].Attributes["number"] != starter || s[0].Attributes["city"] != city {
						return fmt.Errorf("imported %v", s)
					}
					return nil
				},
			},
			{
				Config:   cfg,
				PlanOnly: true,
			},
		},
	})
}

func TestAccPhoneNumber_buyingOwnedNumberSaysImport(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(phoneNumberConfig("12125550101")),
			// One error, whose "with" line carries the resource's real
			// address, and whose suggestion points at it: no "Error:"
			// before or after it, no "correct the configuration", no
			// "<address>" placeholder.
			ExpectError: regexp.MustCompile(`(?s)\A` + noErrorText + `Error: Phone number already belongs to the account` +
				noErrorText + `with cpaas_phone_number\.test,` + noErrorText +
				`terraform import cpaas_phone_number\.NAME 12125550101` + noErrorText +
				`to = cpaas_phone_number\.NAME` + noErrorText + `\z`),
		}},
	})
}

// noErrorText matches any text without "Error:" or "correct the
// configuration" or "<address>" in it (RE2 has no negative lookahead).
const noErrorText = `(?:[^Ec<]|E[^r]|Er[^r]|Err[^o]|Erro[^r]|Error[^:]|c[^o]|co[^r]|cor[^r]|corr[^e]|corre[^c]|correc[^t]|<[^a])*`

func TestAccPhoneNumber_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	number := numbersOnSale(t, env, 1, client.PhoneNumberSearch{CountryISO: "CA", Type: "local"}, "country_iso", "CA", "type", "local")[0]
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkNumbersReleased(env, t),
		Steps: []resource.TestStep{{
			Config: env.Config(phoneNumberConfig(number)),
			Check: func(*terraform.State) error {
				return env.Client(t).ReleaseNumber(context.Background(), number)
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_phone_number.test", plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccPhoneNumber_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(phoneNumberConfig("+14155550100")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute number must be 1 to 15 digits, starting with the country code, got: \+14155550100`),
			},
			{
				Config: env.Config(`
resource "cpaas_phone_number" "test" {
  number = "14155550100"
  app_id = ""
}
`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute app_id UTF-8 character count must be at least 1, got: 0`),
			},
			{
				Config: env.Config(`
resource "cpaas_phone_number" "test" {
  number = "14155550100"
  search = { country_iso = "US" }
}
`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Exactly one of these attributes must be configured: \[number,search\]`),
			},
			{
				Config:      env.Config(`resource "cpaas_phone_number" "test" {}`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Exactly one of these attributes must be configured: \[number,search\]`),
			},
			{
				Config: env.Config(`
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    pattern     = "41#5"
  }
}
`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`search\.pattern = "41#5"`),
			},
		},
	})
}

// TestAccPhoneNumber_recordedTendlcAndTollfreeFields: the number record's
// 10DLC, toll-free verification and subaccount fields (the service's recorded replies) are
// read into cpaas_phone_number and data.cpaas_account_numbers: an
// SMS-enabled US local number is UNREGISTERED with no campaign and no
// toll-free verification; a toll-free number is "unverified" with null
// 10DLC fields; both belong to the main account (sub_account null). The
// starter number, imported with its documented configuration, and the
// bought one plan nothing afterwards.
func TestAccPhoneNumber_recordedTendlcAndTollfreeFields(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	starter := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", Type: "local", Services: "sms"}, "14155550100")[0].Number
	cfg := env.Config(`
data "cpaas_phone_numbers" "tf" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 1
}
resource "cpaas_phone_number" "tollfree" {
  number = data.cpaas_phone_numbers.tf.numbers[0].number
  lifecycle {
    ignore_changes = [number]
  }
}
resource "cpaas_phone_number" "local" {
  number = "` + starter + `"
}
data "cpaas_account_numbers" "all" {
  depends_on = [cpaas_phone_number.tollfree, cpaas_phone_number.local]
}
`)
	local, tf := "cpaas_phone_number.local", "cpaas_phone_number.tollfree"
	nullChecks := func(addr string, names ...string) []statecheck.StateCheck {
		var out []statecheck.StateCheck
		for _, n := range names {
			out = append(out, statecheck.ExpectKnownValue(addr, tfjsonpath.New(n), knownvalue.Null()))
		}
		return out
	}
	checks := append(append([]statecheck.StateCheck{
		statecheck.ExpectKnownValue(local, tfjsonpath.New("tendlc_registration_status"), knownvalue.StringExact("UNREGISTERED")),
		statecheck.ExpectKnownValue(tf, tfjsonpath.New("toll_free_sms_verification"), knownvalue.StringExact("unverified")),
		statecheck.ExpectKnownValue("data.cpaas_account_numbers.all", tfjsonpath.New("numbers").AtSliceIndex(0).AtMapKey("tendlc_registration_status"), knownvalue.StringExact("UNREGISTERED")),
		statecheck.ExpectKnownValue("data.cpaas_account_numbers.all", tfjsonpath.New("numbers").AtSliceIndex(0).AtMapKey("sub_account"), knownvalue.Null()),
	}, nullChecks(local, "tendlc_campaign_id", "toll_free_sms_verification", "sub_account")...),
		nullChecks(tf, "tendlc_campaign_id", "tendlc_registration_status", "sub_account")...)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:             cfg,
				ResourceName:       local,
				ImportState:        true,
				ImportStateId:      starter,
				ImportStatePersist: true,
			},
			{
				Config:            cfg,
				ConfigStateChecks: checks,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(local, plancheck.ResourceActionNoop)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}

// what chose the number at purchase; the provider's own flag

// TestAccPhoneNumber_failedAliasKeepsTheNumberUntainted: a bought number
// whose alias cannot be set (the API fails every update) is saved with a
// warning, not tainted: the next plan sets the alias in place, and the
// number is never released and bought again.
func TestAccPhoneNumber_failedAliasKeepsTheNumberUntainted(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults")
	config := env.Config(`
data "cpaas_phone_numbers" "s" {
  country_iso = "US"
  services    = ["sms", "voice"]
  max_results = 1
}

resource "cpaas_phone_number" "test" {
  number = data.cpaas_phone_numbers.s.numbers[0].number
  alias  = "Support line ☎"
  lifecycle {
    ignore_changes = [number]
  }
}
`)
	const r = "cpaas_phone_number.test"
	var bought string
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					env.Server.SetFaults(emulator.Faults{Rules: []emulator.FaultRule{{Method: "POST", Path: "Number/{number}", Rate5xx: 1}}})
				},
				Config: config,
				// A warning, not an error: the step fails on an error,
				// and on a tainted resource the next step plans a
				// replacement.
				Check: resource.ComposeTestCheckFunc(
					func(s *terraform.State) error {
						rs := s.RootModule().Resources[r]
						if rs == nil || rs.Primary.Tainted {
							return fmt.Errorf("%s is missing or tainted after its alias failed: %+v", r, rs)
						}
						bought = rs.Primary.Attributes["number"]
						n, err := env.Client(t).GetNumber(context.Background(), bought)
						if err != nil {
							return err
						}
						if n.AliasText() != "" {
							return fmt.Errorf("the API set alias %q though every update failed", n.AliasText())
						}
						return nil
					},
				),
				ExpectNonEmptyPlan: true, // the alias is left to set
			},
			{
				PreConfig: func() { env.Server.SetFaults(emulator.Faults{}) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(r, plancheck.ResourceActionUpdate)},
				},
				Check: func(s *terraform.State) error {
					n, err := env.Client(t).GetNumber(context.Background(), bought)
					if err != nil {
						return fmt.Errorf("number %s, bought in the first step, is no longer the account's: %w", bought, err)
					}
					if n.AliasText() != "Support line ☎" {
						return fmt.Errorf("alias %q after the next apply, want %q", n.AliasText(), "Support line ☎")
					}
					if owned := withoutStandIns(env, env.Objects(t)["numbers"]); len(owned) != 1 {
						return fmt.Errorf("the account owns %v, want only %s", owned, bought)
					}
					return nil
				},
			},
		},
	})
}
