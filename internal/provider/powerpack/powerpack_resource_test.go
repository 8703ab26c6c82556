package powerpack_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/powerpack/powerpacktest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
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

const usLongFirst = `
  number_priority = [
    {
      country_iso  = "US"
      service_type = "SMS"
      priority     = ["longcode", "tollfree", "shortcode"]
    },
  ]
`

// idOf is the id of addr in s, "" when it is not there.
func idOf(s *terraform.State, addr string) string {
	id, _ := tendlctest.StateID(s, addr)
	return id
}

func TestAccPowerpack_basic(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	pp := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("cpaas_powerpack.test", tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "powerpacks"),
		Steps: []resource.TestStep{{
			Config: env.Config(applicationtest.AppHCL("pool-app") + powerpacktest.PowerpackHCL("alerts-us", `
  application_type = "xml"
  application_id   = cpaas_application.pool-app.app_id
`+usLongFirst)),
			ConfigStateChecks: []statecheck.StateCheck{
				pp("name", knownvalue.StringExact("alerts-us")),
				pp("sticky_sender", knownvalue.Bool(true)),
				pp("local_connect", knownvalue.Bool(true)),
				pp("application_type", knownvalue.StringExact("xml")),
				pp("number_priority", knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
					"country_iso": knownvalue.StringExact("US"), "service_type": knownvalue.StringExact("SMS"),
					"priority": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("longcode"), knownvalue.StringExact("tollfree"), knownvalue.StringExact("shortcode")}),
				})})),
				pp("id", knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
				pp("number_pool_id", knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
				pp("created_on", knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\dT`))),
				pp("unrent_numbers_on_destroy", knownvalue.Bool(false)),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				p, err := env.Client(t).GetPowerpack(context.Background(), idOf(s, "cpaas_powerpack.test"))
				if err != nil {
					return err
				}
				pool, _ := client.PoolUUID(p)
				if p.ApplicationType != "XML" || pool == p.UUID || pool != s.RootModule().Resources["cpaas_powerpack.test"].Primary.Attributes["number_pool_id"] {
					return fmt.Errorf("powerpack in the API: %+v", p)
				}
				return nil
			},
		}},
	})
}

// Every attribute updates in place, a flag to false included; removing
// number_priority and the application reads back as removed.
func TestAccPowerpack_updateInPlace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	var id string
	inAPI := func(check func(p *client.Powerpack) error) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			p, err := env.Client(t).GetPowerpack(context.Background(), idOf(s, "cpaas_powerpack.test"))
			if err != nil {
				return err
			}
			if id == "" {
				id = p.UUID
			} else if id != p.UUID {
				return fmt.Errorf("the powerpack was replaced: %s, then %s", id, p.UUID)
			}
			return check(p)
		}
	}
	update := resource.ConfigPlanChecks{
		PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_powerpack.test", plancheck.ResourceActionUpdate)},
		PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "powerpacks"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(applicationtest.AppHCL("pool-app") + powerpacktest.PowerpackHCL("alerts", `
  application_type = "xml"
  application_id   = cpaas_application.pool-app.app_id
`+usLongFirst)),
				Check: inAPI(func(p *client.Powerpack) error {
					if !p.StickySender || !p.LocalConnect || len(p.NumberPriority) != 1 {
						return fmt.Errorf("created: %+v", p)
					}
					return nil
				}),
			},
			{
				// Both flags to false, a new name, another priority order.
				Config: env.Config(applicationtest.AppHCL("pool-app") + powerpacktest.PowerpackHCL("alerts-renamed", `
  sticky_sender    = false
  local_connect    = false
  application_type = "xml"
  application_id   = cpaas_application.pool-app.app_id
`+strings.Replace(usLongFirst, `["longcode", "tollfree", "shortcode"]`, `["tollfree", "longcode", "shortcode"]`, 1))),
				ConfigPlanChecks: update,
				Check: inAPI(func(p *client.Powerpack) error {
					if p.StickySender || p.LocalConnect || p.Name != "alerts-renamed" || p.NumberPriority[0].Priority.Priority1 != "tollfree" {
						return fmt.Errorf("after the update: %+v", p)
					}
					return nil
				}),
			},
			{
				// Removing the application and number_priority.
				Config:           env.Config(powerpacktest.PowerpackHCL("alerts-renamed", "  sticky_sender = false\n  local_connect = false\n")),
				ConfigPlanChecks: update,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_powerpack.test", tfjsonpath.New("number_priority"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_powerpack.test", tfjsonpath.New("application_id"), knownvalue.Null()),
				},
				Check: inAPI(func(p *client.Powerpack) error {
					if p.ApplicationID != "" || p.StickySender || len(p.NumberPriority) != 1 || p.NumberPriority[0].Priority.Priority1 != "shortcode" {
						return fmt.Errorf("after removing: %+v (the entry is set back to the default order)", p)
					}
					return nil
				}),
			},
			{
				// And back to true.
				Config:           env.Config(powerpacktest.PowerpackHCL("alerts-renamed", "")),
				ConfigPlanChecks: update,
				Check: inAPI(func(p *client.Powerpack) error {
					if !p.StickySender || !p.LocalConnect {
						return fmt.Errorf("flags back to true: %+v", p)
					}
					return nil
				}),
			},
		},
	})
}

func TestAccPowerpack_import(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(powerpacktest.PowerpackHCL("imported", "  local_connect = false\n"+usLongFirst))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: cfg},
			{ResourceName: "cpaas_powerpack.test", ImportState: true, ImportStateVerify: true, Config: cfg},
			{
				ResourceName: "cpaas_powerpack.test", ImportState: true, ImportStateId: "not-a-uuid", Config: cfg,
				ExpectError: regexp.MustCompile(`import id "not-a-uuid" must be a powerpack UUID`),
			},
		},
	})
}

func TestAccPowerpack_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(powerpacktest.PowerpackHCL("gone", ""))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					return env.Client(t).DeletePowerpack(context.Background(), idOf(s, "cpaas_powerpack.test"), false)
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_powerpack.test", plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccPowerpack_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	if _, err := env.Client(t).CreatePowerpack(context.Background(), client.PowerpackCreate{Name: "taken"}); err != nil {
		t.Fatal(err)
	}
	step := func(hcl, want string) resource.TestStep {
		return resource.TestStep{Config: env.Config(hcl), PlanOnly: true, ExpectError: acctest.OneErrorPattern(want)}
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			step(powerpacktest.PowerpackHCL("x", strings.Replace(usLongFirst, `"tollfree", "shortcode"]`, `"longcode", "shortcode"]`, 1)),
				`number_priority\[0\]\.priority is invalid: priority1, priority2 and priority3 must be shortcode, tollfree and longcode in some order`),
			step(powerpacktest.PowerpackHCL("x", strings.Replace(usLongFirst, `"shortcode"]`, `"mobile"]`, 1)), `priority3 "mobile" is invalid`),
			step(powerpacktest.PowerpackHCL("x", strings.Replace(usLongFirst, `"US"`, `"usa"`, 1)), `country_iso "usa" is invalid`),
			// One mistake, one error: the schema's validators speak for the
			// service type and the priority's length, and nothing repeats them.
			step(powerpacktest.PowerpackHCL("x", strings.Replace(usLongFirst, `"SMS"`, `"VOICE"`, 1)),
				`Attribute number_priority\[0\]\.service_type value must be one of: \["SMS" "MMS"\], got: "VOICE"`),
			step(powerpacktest.PowerpackHCL("x", strings.Replace(usLongFirst, `"tollfree", `, ``, 1)),
				`Attribute number_priority\[0\]\.priority must contain exactly 3 elements \(shortcode, tollfree and longcode, each once\), got: 2`),
			step(powerpacktest.PowerpackHCL("x", `
  application_type = "XML"
  application_id   = "123"
`), `application_type value must be one of: \["xml" "phlo"\], got: "XML"`),
			step(powerpacktest.PowerpackHCL("x", `  application_id = "123"`), `Attribute "application_type" must be specified when "application_id" is specified`),
			step(powerpacktest.PowerpackHCL(strings.Repeat("é", 256), ""), `name "é+" is invalid: it must be 1 to 255 characters`),
			// A check that asks the API warns at plan (it must never stop
			// the plan terraform destroy runs first) and refuses at apply,
			// before the create is sent.
			{Config: env.Config(powerpacktest.PowerpackHCL("taken", "")), ExpectError: acctest.ErrorPattern(`Powerpack .* of the account is already named "taken"`)},
		},
	})
	if ids := env.Objects(t)["powerpacks"]; len(ids) != 1 {
		t.Fatalf("a refused powerpack was created: %v", ids)
	}
}

// buyNumber buys a number of the search through the client.
func buyNumber(t *testing.T, c *client.Client, q client.PhoneNumberSearch) string {
	t.Helper()
	found, _, err := c.SearchAllPhoneNumbers(context.Background(), q, 1)
	if err != nil || len(found) != 1 {
		t.Fatalf("search %+v: %v %v", q, found, err)
	}
	if _, err := c.BuyPhoneNumber(context.Background(), found[0].Number, client.PhoneNumberBuy{}); err != nil {
		t.Fatal(err)
	}
	return found[0].Number
}

// A long code and a toll-free number join the pool and leave it; the
// pool is destroyed; the numbers stay the account's throughout.
func TestAccPowerpack_poolMembersAndDestroyKeepNumbers(t *testing.T) {
	acctest.Spend(t, acctest.SpendNumbers) // it buys numbers through the client
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	ctx := context.Background()
	local := buyNumber(t, c, client.PhoneNumberSearch{CountryISO: "US", Type: "local", Services: "sms"})
	tf := buyNumber(t, c, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free", Services: "sms"})
	member := func(name, number, extra string) string {
		return fmt.Sprintf(`
resource "cpaas_powerpack_number" %q {
  powerpack_id = cpaas_powerpack.test.id
  number       = %q
%s
}
`, name, number, extra)
	}
	poolOf := func(s *terraform.State) (local, tollfree []string, err error) {
		p, err := c.GetPowerpack(ctx, idOf(s, "cpaas_powerpack.test"))
		if err != nil {
			return nil, nil, err
		}
		pool, _ := client.PoolUUID(p)
		for _, t := range []bool{false, true} {
			ns, err := c.ListAllPoolNumbers(ctx, pool, t)
			if err != nil {
				return nil, nil, err
			}
			for _, n := range ns {
				if t {
					tollfree = append(tollfree, n.Number)
				} else {
					local = append(local, n.Number)
				}
			}
		}
		return local, tollfree, nil
	}
	owned := func() error {
		nums := env.Objects(t)["numbers"]
		if !slices.Contains(nums, local) || !slices.Contains(nums, tf) {
			return fmt.Errorf("numbers owned: %v, want %s and %s", nums, local, tf)
		}
		return nil
	}
	m := func(addr, attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(addr, tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: func(s *terraform.State) error {
			if err := env.CheckDestroyed(t, "powerpacks")(s); err != nil {
				return err
			}
			return owned()
		},
		Steps: []resource.TestStep{
			{
				Config: env.Config(powerpacktest.PowerpackHCL("pool", "") + member("local", local, `  service = "mms"`) + member("tf", tf, "")),
				ConfigStateChecks: []statecheck.StateCheck{
					m("cpaas_powerpack_number.local", "type", knownvalue.StringExact("fixed")),
					m("cpaas_powerpack_number.local", "service", knownvalue.StringExact("mms")),
					m("cpaas_powerpack_number.local", "country_iso", knownvalue.StringExact("US")),
					m("cpaas_powerpack_number.tf", "type", knownvalue.StringExact("tollfree")),
					m("cpaas_powerpack_number.tf", "service", knownvalue.StringExact("sms")),
					m("cpaas_powerpack_number.tf", "unrent_on_destroy", knownvalue.Bool(false)),
					statecheck.CompareValuePairs("cpaas_powerpack_number.tf", tfjsonpath.New("number_pool_id"), "cpaas_powerpack.test", tfjsonpath.New("number_pool_id"), compare.ValuesSame()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					l, f, err := poolOf(s)
					if err != nil || !slices.Equal(l, []string{local}) || !slices.Equal(f, []string{tf}) {
						return fmt.Errorf("pool: %v %v (%v)", l, f, err)
					}
					return nil
				},
			},
			{
				// The service changes in place.
				Config: env.Config(powerpacktest.PowerpackHCL("pool", "") + member("local", local, "") + member("tf", tf, "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_powerpack_number.local", plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{m("cpaas_powerpack_number.local", "service", knownvalue.StringExact("sms"))},
			},
			{ResourceName: "cpaas_powerpack_number.tf", ImportState: true, ImportStateVerify: true},
			{
				ResourceName: "cpaas_powerpack_number.tf", ImportState: true, ImportStateId: "x/" + tf,
				ExpectError: acctest.ErrorPattern(`The import id "x/` + tf + `" is invalid: it must be <powerpack UUID>/<number>`),
			},
			{
				// The toll-free number leaves the pool and stays owned.
				Config: env.Config(powerpacktest.PowerpackHCL("pool", "") + member("local", local, "")),
				Check: func(s *terraform.State) error {
					l, f, err := poolOf(s)
					if err != nil || len(l) != 1 || len(f) != 0 {
						return fmt.Errorf("pool after removing the toll-free number: %v %v (%v)", l, f, err)
					}
					return owned()
				},
			},
		},
	})
}

// A number the account does not own, or that is in another pool, is an
// error naming it; a send through a pool that cannot reach the
// destination is refused with the field and the reason.
func TestAccPowerpackNumber_refusals(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: it adds the emulator's starter number 12125550101 to a pool")
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	other, err := c.CreatePowerpack(context.Background(), client.PowerpackCreate{Name: "other"})
	if err != nil {
		t.Fatal(err)
	}
	pool, _ := client.PoolUUID(other)
	if _, err := c.AddPoolNumber(context.Background(), pool, "12125550101", false, "sms"); err != nil {
		t.Fatal(err)
	}
	member := func(number string) string {
		return powerpacktest.PowerpackHCL("mine", "") + fmt.Sprintf(`
resource "cpaas_powerpack_number" "n" {
  powerpack_id = cpaas_powerpack.test.id
  number       = %q
}
`, number)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: env.Config(member("19995550100")),
				ExpectError: acctest.ErrorPattern(`Number 19995550100 is not a number of the account`)},
			{Config: env.Config(member("12125550101")),
				ExpectError: acctest.ErrorPattern(`number 12125550101 is already in the pool of powerpack ` + other.UUID)},
			{
				// The pool holds only a US long code not linked to a 10DLC
				// campaign: it cannot send to the US.
				Config: env.Config(member("14155550100") + `
resource "cpaas_message" "hello" {
  powerpack_uuid = cpaas_powerpack_number.n.powerpack_id
  dst            = ["14155550111"]
  text           = "hello"
}
`),
				ExpectError: acctest.ErrorPattern(`powerpack_uuid: no number of the pool can reach 14155550111: long code 14155550100 is a US long code not linked to an ACTIVE 10DLC campaign`),
			},
		},
	})
}

// A message through the powerpack takes its source from the pool: the
// local number for its area code, the sticky one for a destination it
// wrote to before.
func TestAccPowerpack_sendThroughPool(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// The pool's numbers: the starters, or in real mode two the test buys
	// (a pool takes only the account's numbers, and the guard only the
	// test's own).
	ny := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", City: "New York", Services: "sms"}, "12125550101")[0].Number
	sf := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "sms"}, "14155550100")[0].Number
	lowest := min(ny, sf)
	cfg := func(dst string) string {
		return env.Config(powerpacktest.PowerpackHCL("send", "") + fmt.Sprintf(`
resource "cpaas_powerpack_number" "ny" {
  powerpack_id = cpaas_powerpack.test.id
  number       = %q
}

resource "cpaas_powerpack_number" "sf" {
  powerpack_id = cpaas_powerpack.test.id
  number       = %q
}

resource "cpaas_message" "hello" {
  powerpack_uuid = cpaas_powerpack.test.id
  dst            = [%q]
  text           = "hello"
  depends_on     = [cpaas_powerpack_number.ny, cpaas_powerpack_number.sf]
}
`, ny, sf, dst))
	}
	from := func(want string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			m, err := env.Client(t).GetMessage(context.Background(), idOf(s, "cpaas_message.hello"))
			if err != nil {
				return err
			}
			if m.FromNumber != want || m.PowerpackID != idOf(s, "cpaas_powerpack.test") {
				return fmt.Errorf("message from %s through %q, want from %s", m.FromNumber, m.PowerpackID, want)
			}
			return nil
		}
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			// Canadian destinations: no 10DLC rule. Toronto's 416 has no
			// number in the pool and no region match: the lowest number.
			{Config: cfg("14165550111"), Check: from(lowest)},
		},
	})
}

func TestAccPowerpackDataSources(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "short codes") // up front: a skip midway leaves objects behind
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(powerpacktest.PowerpackHCL("alerts", "  local_connect = false\n"+usLongFirst) + `
resource "cpaas_powerpack_number" "sf" {
  powerpack_id = cpaas_powerpack.test.id
  number       = "14155550100"
  service      = "mms"
}
`),
				Check: func(s *terraform.State) error {
					return env.Control(t, "short codes").AddPoolShortcode(acctest.AuthID, idOf(s, "cpaas_powerpack.test"), "444444", "US")
				},
			},
			{
				Config: env.Config(powerpacktest.PowerpackHCL("alerts", "  local_connect = false\n"+usLongFirst) + `
resource "cpaas_powerpack_number" "sf" {
  powerpack_id = cpaas_powerpack.test.id
  number       = "14155550100"
  service      = "mms"
}

data "cpaas_powerpack" "by_name" {
  name       = "alerts"
  depends_on = [cpaas_powerpack.test]
}

data "cpaas_powerpack" "by_id" {
  id = cpaas_powerpack.test.id
}

data "cpaas_powerpack_numbers" "pool" {
  powerpack_id = cpaas_powerpack_number.sf.powerpack_id
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs("data.cpaas_powerpack.by_name", tfjsonpath.New("id"), "cpaas_powerpack.test", tfjsonpath.New("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue("data.cpaas_powerpack.by_id", tfjsonpath.New("local_connect"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("data.cpaas_powerpack.by_id", tfjsonpath.New("name"), knownvalue.StringExact("alerts")),
					statecheck.ExpectKnownValue("data.cpaas_powerpack_numbers.pool", tfjsonpath.New("members"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"number": knownvalue.StringExact("14155550100"), "type": knownvalue.StringExact("fixed"),
							"service": knownvalue.StringExact("mms"), "country_iso": knownvalue.StringExact("US")}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"number": knownvalue.StringExact("444444"), "type": knownvalue.StringExact("shortcode"),
							"service": knownvalue.Null(), "country_iso": knownvalue.StringExact("US")}),
					})),
					statecheck.ExpectKnownValue("data.cpaas_powerpack_numbers.pool", tfjsonpath.New("shortcodes"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("444444")})),
				},
			},
			{
				Config:      env.Config(`data "cpaas_powerpack" "missing" { name = "nope" }`),
				ExpectError: regexp.MustCompile(`No powerpack of the account is named "nope"`),
			},
		},
	})
}

func TestAccPowerpack_adoptAfterLostReply(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults").SetFaults(provtest.DropCreates("POST", "Powerpack"))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(powerpacktest.RelPowerpackHCL(1)),
			Check: resource.ComposeTestCheckFunc(
				func(*terraform.State) error {
					if st := env.Control(t, "injected faults").FaultStats(); st.Dropped < 1 {
						return fmt.Errorf("no reply was dropped: %+v", st)
					}
					return nil
				},
				provtest.CheckExactlyStateObjects(t, env, "powerpacks", "cpaas_powerpack.p1", 1),
			),
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		}},
	})
}

// The list resources find every powerpack, and every pool member, by
// identity, with the data an import reads.
func TestAccPowerpackList_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	ctx := context.Background()
	var ids []string
	var pools []string
	for _, name := range []string{"alerts-us", "alerts-ca"} {
		p, err := c.CreatePowerpack(ctx, client.PowerpackCreate{Name: name, LocalConnect: client.Flag(false)})
		if err != nil {
			t.Fatal(err)
		}
		pool, _ := client.PoolUUID(p)
		ids, pools = append(ids, p.UUID), append(pools, pool)
	}
	if _, err := c.AddPoolNumber(ctx, pools[0], "14155550100", false, "mms"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddPoolNumber(ctx, pools[1], "12125550101", false, "sms"); err != nil {
		t.Fatal(err)
	}
	member := func(p, n string) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"powerpack_id": knownvalue.StringExact(p), "number": knownvalue.StringExact(n)}
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.ProviderConfig() + fmt.Sprintf(`
list "cpaas_powerpack" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_powerpack" "us" {
  provider = cpaas
  config {
    name = "alerts-us"
  }
}

list "cpaas_powerpack_number" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_powerpack_number" "ca" {
  provider = cpaas
  config {
    powerpack_id = %q
  }
}
`, ids[1]),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("cpaas_powerpack.all", 2),
				querycheck.ExpectIdentity("cpaas_powerpack.all", provtest.IdentityIs("uuid", ids[0])),
				querycheck.ExpectIdentity("cpaas_powerpack.all", provtest.IdentityIs("uuid", ids[1])),
				querycheck.ExpectLength("cpaas_powerpack.us", 1),
				querycheck.ExpectIdentity("cpaas_powerpack.us", provtest.IdentityIs("uuid", ids[0])),
				querycheck.ExpectResourceKnownValues("cpaas_powerpack.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("uuid", ids[1])),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact("alerts-ca")},
						{Path: tfjsonpath.New("local_connect"), KnownValue: knownvalue.Bool(false)},
						{Path: tfjsonpath.New("unrent_numbers_on_destroy"), KnownValue: knownvalue.Bool(false)},
					}),
				querycheck.ExpectLength("cpaas_powerpack_number.all", 2),
				querycheck.ExpectIdentity("cpaas_powerpack_number.all", member(ids[0], "14155550100")),
				querycheck.ExpectLength("cpaas_powerpack_number.ca", 1),
				querycheck.ExpectIdentity("cpaas_powerpack_number.ca", member(ids[1], "12125550101")),
				querycheck.ExpectResourceKnownValues("cpaas_powerpack_number.all", queryfilter.ByResourceIdentity(member(ids[0], "14155550100")),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("service"), KnownValue: knownvalue.StringExact("mms")},
						{Path: tfjsonpath.New("type"), KnownValue: knownvalue.StringExact("fixed")},
					}),
			},
		}},
	})
}

// The Python recording of a pool's toll-free list carries the number
// under "tollfree" only (no number, no type): the emulator answers so,
// and the member resource, its import and cpaas_powerpack_numbers read
// the number and its type (they read "" for both).
func TestAccPowerpack_recordedTollfreeUnderTollfreeKey(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, func(o *emulator.Options) { o.TollfreeMembersUnderTollfreeKey = true })
	tf := buyNumber(t, env.Client(t), client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free", Services: "sms"})
	cfg := env.Config(powerpacktest.PowerpackHCL("pool", "") + fmt.Sprintf(`
resource "cpaas_powerpack_number" "tf" {
  powerpack_id = cpaas_powerpack.test.id
  number       = %q
}

data "cpaas_powerpack_numbers" "pool" {
  powerpack_id = cpaas_powerpack_number.tf.powerpack_id
}
`, tf))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "powerpacks"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_powerpack_number.tf", tfjsonpath.New("number"), knownvalue.StringExact(tf)),
					statecheck.ExpectKnownValue("cpaas_powerpack_number.tf", tfjsonpath.New("type"), knownvalue.StringExact("tollfree")),
					statecheck.ExpectKnownValue("data.cpaas_powerpack_numbers.pool", tfjsonpath.New("members"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"number": knownvalue.StringExact(tf), "type": knownvalue.StringExact("tollfree")}),
					})),
					statecheck.ExpectKnownValue("data.cpaas_powerpack_numbers.pool", tfjsonpath.New("tollfree"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(tf)})),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					// The emulator answered in the recorded shape.
					p, err := env.Client(t).GetPowerpack(context.Background(), idOf(s, "cpaas_powerpack.test"))
					if err != nil {
						return err
					}
					pool, _ := client.PoolUUID(p)
					req, _ := http.NewRequest(http.MethodGet, env.URL+"/v1/Account/"+acctest.AuthID+"/NumberPool/"+pool+"/Tollfree/", nil)
					req.SetBasicAuth(acctest.AuthID, acctest.AuthToken)
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						return err
					}
					defer resp.Body.Close()
					body, _ := io.ReadAll(resp.Body)
					if !strings.Contains(string(body), `"tollfree":"`+tf+`"`) || strings.Contains(string(body), `"number":`) || strings.Contains(string(body), `"type":`) {
						return fmt.Errorf("the emulator's toll-free list is not in the Python recording's shape: %s", body)
					}
					return nil
				},
			},
			// The recorded shape has no service: an import cannot read it.
			{ResourceName: "cpaas_powerpack_number.tf", ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"service"}},
		},
	})
}

// Removing a member uses the pool the state holds (number_pool_id): the
// delete makes no GET of the powerpack (it read the powerpack again only
// to learn the pool).
func TestAccPowerpackNumber_deleteUsesStatePool(t *testing.T) {
	t.Parallel()
	var log provtest.RequestLog
	env := acctest.NewEnv(t, log.Option)
	p, err := env.Client(t).CreatePowerpack(context.Background(), client.PowerpackCreate{Name: "kept"})
	if err != nil {
		t.Fatal(err)
	}
	pool, err := client.PoolUUID(p)
	if err != nil {
		t.Fatal(err)
	}
	member := fmt.Sprintf(`
resource "cpaas_powerpack_number" "sf" {
  powerpack_id = %q
  number       = "14155550100"
}
`, p.UUID)
	powerpackGets := regexp.MustCompile(`^Powerpack/` + p.UUID)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: env.Config(member)},
			{
				PreConfig: log.Reset,
				Config:    env.Config(`# the member is removed`),
				Check: func(*terraform.State) error {
					onMember := log.Matching(regexp.MustCompile(`^NumberPool/[^/]+/Number/14155550100/$`))
					if !slices.Contains(onMember, "DELETE NumberPool/"+pool+"/Number/14155550100/") {
						return fmt.Errorf("the requests on the member: %v, want its DELETE", onMember)
					}
					if gets := log.Matching(powerpackGets); len(gets) != 0 {
						return fmt.Errorf("the removal read the powerpack again: %v", gets)
					}
					return nil
				},
			},
		},
	})
}
