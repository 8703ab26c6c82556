package subaccount_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount/subaccounttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
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

func subaccountID(s *terraform.State) string {
	if rs, ok := s.RootModule().Resources["cpaas_subaccount.test"]; ok {
		return rs.Primary.ID
	}
	return "<cpaas_subaccount.test not in state>"
}

// checkNoSubaccountToken fails when any attribute of any resource in the
// state holds a subaccount's auth_token, as the emulator knows them.
func checkNoSubaccountToken(env *acctest.Env, t *testing.T) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		subs, err := env.Client(t).ListAllSubaccounts(context.Background())
		if err != nil {
			return err
		}
		for _, sub := range subs {
			for addr, rs := range s.RootModule().Resources {
				for k, v := range rs.Primary.Attributes {
					if strings.Contains(v, sub.AuthToken) {
						return fmt.Errorf("%s.%s holds subaccount %s's auth_token", addr, k, sub.AuthID)
					}
				}
			}
		}
		return nil
	}
}

var dateOnly = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

func TestAccSubaccount_basic(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	sub := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("cpaas_subaccount.test", tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "subaccounts"),
		Steps: []resource.TestStep{{
			Config: env.Config(subaccounttest.SubaccountConfig("Payments team", "")),
			ConfigStateChecks: []statecheck.StateCheck{
				sub("name", knownvalue.StringExact("Payments team")),
				sub("enabled", knownvalue.Bool(true)),
				sub("cascade_on_destroy", knownvalue.Bool(false)),
				sub("auth_id", knownvalue.StringRegexp(regexp.MustCompile(`^SA[A-Z0-9]{18}$`))),
				sub("created", knownvalue.StringRegexp(dateOnly)),
				statecheck.CompareValuePairs("cpaas_subaccount.test", tfjsonpath.New("id"), "cpaas_subaccount.test", tfjsonpath.New("auth_id"), compare.ValuesSame()),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: resource.ComposeTestCheckFunc(checkNoSubaccountToken(env, t), func(s *terraform.State) error {
				got, err := env.Client(t).GetSubaccount(context.Background(), subaccountID(s))
				if err != nil {
					return err
				}
				if got.Name != "Payments team" || !got.Enabled {
					return fmt.Errorf("emulator holds %+v", got)
				}
				return nil
			}),
		}},
	})
}

// Name and enabled update in place; cascade_on_destroy changes no object.
func TestAccSubaccount_updateInPlace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	var id string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "subaccounts"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(subaccounttest.SubaccountConfig("Team one", "")),
				Check:  func(s *terraform.State) error { id = subaccountID(s); return nil },
			},
			{
				Config: env.Config(subaccounttest.SubaccountConfig("Team one, renamed", "  enabled = false\n  cascade_on_destroy = true")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_subaccount.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					got, err := env.Client(t).GetSubaccount(context.Background(), id)
					switch {
					case err != nil:
						return err
					case subaccountID(s) != id:
						return fmt.Errorf("replaced: %s became %s", id, subaccountID(s))
					case got.Name != "Team one, renamed" || got.Enabled || got.Modified == nil:
						return fmt.Errorf("emulator holds %+v", got)
					}
					return nil
				},
			},
		},
	})
}

func TestAccSubaccount_import(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "subaccounts"),
		Steps: []resource.TestStep{
			{Config: env.Config(subaccounttest.SubaccountConfig("Imported", "  enabled = false"))},
			{ResourceName: "cpaas_subaccount.test", ImportState: true, ImportStateVerify: true},
			{
				ResourceName:  "cpaas_subaccount.test",
				ImportState:   true,
				ImportStateId: "MA2025RK4E639VJFZAGV",
				ExpectError:   acctest.ErrorPattern(`Invalid import id.*import id "MA2025RK4E639VJFZAGV" must be a subaccount's auth_id, SA followed by 18 upper-case letters or digits`),
			},
		},
	})
}

func TestAccSubaccount_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(subaccounttest.SubaccountConfig("Gone", ""))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					return env.Client(t).DeleteSubaccount(context.Background(), subaccountID(s), false)
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_subaccount.test", plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccSubaccount_validation(t *testing.T) {
	acctest.SkipReal(t, "creates a subaccount named at the 100-character limit, which the tfacc- prefix would push over")
	t.Parallel()
	env := acctest.NewEnv(t)
	steps := []resource.TestStep{
		{
			Config:      env.Config(subaccounttest.SubaccountConfig("", "")),
			ExpectError: acctest.ErrorPattern(`Attribute name must be 1 to 100 characters, got 0 characters`),
		},
		{
			// Characters, not bytes: 101 two-byte letters are refused...
			Config:      env.Config(subaccounttest.SubaccountConfig(strings.Repeat("é", 101), "")),
			ExpectError: acctest.ErrorPattern(`Attribute name must be 1 to 100 characters, got 101 characters`),
		},
		{
			Config:      env.Config(`data "cpaas_subaccount" "x" { auth_id = "MA2025RK4E639VJFZAGV" }`),
			ExpectError: acctest.ErrorPattern(`Attribute auth_id must be SA followed by 18 upper-case letters or digits, got "MA2025RK4E639VJFZAGV"`),
		},
	}
	for i := range steps {
		steps[i].PlanOnly = true
	}
	// ...and 100 are taken.
	steps = append(steps, resource.TestStep{Config: env.Config(subaccounttest.SubaccountConfig(strings.Repeat("é", 100), ""))})
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "subaccounts"),
		Steps:        steps,
	})
}

func TestAccSubaccount_adoptAfterLostReply(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults").SetFaults(provtest.DropCreates("POST", "Subaccount"))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(subaccounttest.RelSubaccountHCL(1)),
			Check: resource.ComposeTestCheckFunc(
				func(*terraform.State) error {
					if st := env.Control(t, "injected faults").FaultStats(); st.Dropped < 1 {
						return fmt.Errorf("no reply was dropped: %+v", st)
					}
					return nil
				},
				provtest.CheckExactlyStateObjects(t, env, "subaccounts", "cpaas_subaccount.s1", 1),
			),
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		}},
	})
}

// cascade_on_destroy = true deletes the subaccount's objects with it.
func TestAccSubaccount_cascadeOnDestroy(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: it moves the emulator's starter number 14155550100")
	t.Parallel()
	env := acctest.NewEnv(t)
	var sub string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(*terraform.State) error {
			if objs := env.Objects(t); len(objs["applications"]) != 0 || len(objs["subaccounts"]) != 0 {
				return fmt.Errorf("cascade kept %v", objs)
			}
			if _, err := env.Client(t).GetNumber(context.Background(), "14155550100"); err == nil {
				return fmt.Errorf("cascade kept the subaccount's number")
			}
			return nil
		},
		Steps: []resource.TestStep{{
			Config: env.Config(subaccounttest.SubaccountConfig("Doomed", "  cascade_on_destroy = true")),
			Check: func(s *terraform.State) error {
				sub = subaccountID(s)
				c := env.Client(t)
				answer := "https://voice.example.com/a"
				if _, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: "doomed",
					ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer, Subaccount: &sub}}); err != nil {
					return err
				}
				return c.UpdateNumber(context.Background(), "14155550100", client.NumberUpdate{Subaccount: &sub})
			},
		}},
	})
}

func TestAccSubaccountDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(subaccounttest.SubaccountConfig("Read me", "  enabled = false") + `
data "cpaas_subaccount" "test" {
  auth_id = cpaas_subaccount.test.auth_id
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.cpaas_subaccount.test", tfjsonpath.New("name"), knownvalue.StringExact("Read me")),
					statecheck.ExpectKnownValue("data.cpaas_subaccount.test", tfjsonpath.New("enabled"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("data.cpaas_subaccount.test", tfjsonpath.New("created"), knownvalue.StringRegexp(dateOnly)),
					statecheck.ExpectKnownValue("data.cpaas_subaccount.test", tfjsonpath.New("modified"), knownvalue.Null()),
				},
				Check: checkNoSubaccountToken(env, t),
			},
			{
				Config:      env.Config(`data "cpaas_subaccount" "x" { auth_id = "SAZZZZZZZZZZZZZZZZZZ" }`),
				ExpectError: acctest.ErrorPattern(`Error reading subaccount.*subaccount SAZZZZZZZZZZZZZZZZZZ`),
			},
		},
	})
}

func TestAccSubaccount_importByIdentity_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	enabled := true
	created, err := env.Client(t).CreateSubaccount(context.Background(), client.SubaccountCreate{Name: "payments-team", Enabled: client.FlagOf(&enabled)})
	if err != nil {
		t.Fatal(err)
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(provtest.ExampleConfig(t, "cpaas_subaccount") + fmt.Sprintf(`
import {
  to = cpaas_subaccount.payments
  identity = {
    auth_id = %q
  }
}
`, created.AuthID)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectIdentity("cpaas_subaccount.payments", map[string]knownvalue.Check{"auth_id": knownvalue.StringExact(created.AuthID)}),
			},
		}},
	})
}

func TestAccSubaccountList_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	ids := map[string][]string{}
	for _, name := range []string{"ops", "ops", "sales"} {
		s, err := c.CreateSubaccount(context.Background(), client.SubaccountCreate{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = append(ids[name], s.AuthID)
	}
	checks := []querycheck.QueryResultCheck{
		querycheck.ExpectLength("cpaas_subaccount.all", 3),
		querycheck.ExpectLength("cpaas_subaccount.ops", 2),
		querycheck.ExpectIdentity("cpaas_subaccount.ops", provtest.IdentityIs("auth_id", ids["ops"][0])),
		querycheck.ExpectIdentity("cpaas_subaccount.ops", provtest.IdentityIs("auth_id", ids["ops"][1])),
		querycheck.ExpectIdentity("cpaas_subaccount.all", provtest.IdentityIs("auth_id", ids["sales"][0])),
		querycheck.ExpectResourceKnownValues("cpaas_subaccount.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("auth_id", ids["sales"][0])),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact("sales")},
				{Path: tfjsonpath.New("enabled"), KnownValue: knownvalue.Bool(false)},
			}),
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.ProviderConfig() + `
list "cpaas_subaccount" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_subaccount" "ops" {
  provider = cpaas
  config {
    name = "ops"
  }
}
`,
			QueryResultChecks: checks,
		}},
	})
}
