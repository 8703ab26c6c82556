package endpoint_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// endpointID reads the id of cpaas_endpoint.test from the state.
func endpointID(s *terraform.State) (string, error) {
	rs, ok := s.RootModule().Resources["cpaas_endpoint.test"]
	if !ok {
		return "", fmt.Errorf("cpaas_endpoint.test not in state")
	}
	return rs.Primary.ID, nil
}

func TestAccEndpoint_basic(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "a password the API never returns") // up front: a skip midway leaves objects behind
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointtest.EndpointConfig("alice", "s3cret-pass", "Alice desk phone")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("username"), knownvalue.StringExact("alice")),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("alias"), knownvalue.StringExact("Alice desk phone")),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("sip_username"), knownvalue.StringRegexp(regexp.MustCompile(`^alice\d{12}$`))),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("sip_uri"), knownvalue.StringRegexp(regexp.MustCompile(`^sip:alice\d{12}@sip\.cpaas\.test$`))),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("sip_registered"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^\d{14}$`))),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("app_id"), knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, err := endpointID(s)
					if err != nil {
						return err
					}
					if !env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, id, "s3cret-pass") {
						return fmt.Errorf("the emulator does not hold the configured password")
					}
					return nil
				},
			},
		},
	})
}

func TestAccEndpoint_updateInPlaceAndReplace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "a password the API never returns") // up front: a skip midway leaves objects behind
	var firstID string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointtest.EndpointConfig("bob", "first-pass", "Bob")),
				Check: func(s *terraform.State) (err error) {
					firstID, err = endpointID(s)
					return err
				},
			},
			{
				// alias, password and app_id update in place, keeping the id.
				Config: env.Config(applicationtest.AppHCL("pbx") + `
resource "cpaas_endpoint" "test" {
  username = "bob"
  password = "second-pass"
  alias    = "Bob (renamed)"
  app_id   = cpaas_application.pbx.app_id
}
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, err := endpointID(s)
					if err != nil {
						return err
					}
					if id != firstID {
						return fmt.Errorf("in-place update changed the id from %s to %s", firstID, id)
					}
					ep, err := env.Client(t).GetEndpoint(context.Background(), id)
					if err != nil {
						return err
					}
					if ep.Alias != "Bob (renamed)" || ep.AppID() != applicationtest.AppIDOf(s, "cpaas_application.pbx") || !env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, id, "second-pass") {
						return fmt.Errorf("emulator not updated: alias %q app %q, second-pass held: %v", ep.Alias, ep.AppID(), env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, id, "second-pass"))
					}
					return nil
				},
			},
			{
				// Removing app_id detaches the application, in place.
				Config: env.Config(endpointtest.EndpointConfig("bob", "second-pass", "Bob (renamed)")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := endpointID(s)
					ep, err := env.Client(t).GetEndpoint(context.Background(), id)
					if err != nil {
						return err
					}
					if ep.Application != "" {
						return fmt.Errorf("application still attached: %q", ep.Application)
					}
					return nil
				},
			},
			{
				// A new username replaces the endpoint: the old one is deleted.
				Config: env.Config(endpointtest.EndpointConfig("robert", "second-pass", "Bob (renamed)")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: func(s *terraform.State) error {
					id, _ := endpointID(s)
					ids := env.Objects(t)["endpoints"]
					if len(ids) != 1 || ids[0] != id || id == firstID {
						return fmt.Errorf("after replace the emulator holds %v; want only the new endpoint %s (old %s)", ids, id, firstID)
					}
					return nil
				},
			},
		},
	})
}

func TestAccEndpoint_import(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(endpointtest.EndpointConfig("carol", "carol-pass", "Carol"))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				ResourceName:      "cpaas_endpoint.test",
				ImportState:       true,
				ImportStateVerify: true,
				// The API never returns the password.
				ImportStateVerifyIgnore: []string{"password"},
			},
		},
	})
}

func TestAccEndpoint_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointtest.EndpointConfig("dave", "dave-pass", "Dave")),
				Check: func(s *terraform.State) error {
					id, err := endpointID(s)
					if err != nil {
						return err
					}
					return env.Client(t).DeleteEndpoint(context.Background(), id)
				},
				ExpectNonEmptyPlan: true,
			},
			{
				// The next plan re-creates it.
				Config: env.Config(endpointtest.EndpointConfig("dave", "dave-pass", "Dave")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

// TestAccEndpoint_passwordChangedElsewhereIsNotDetected: the service
// returns no password digest, so a password changed outside Terraform
// cannot be seen; the plan stays empty (no update made up from nothing),
// and changing the configured password sets it.
func TestAccEndpoint_passwordChangedElsewhereIsNotDetected(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "a password the API never returns") // up front: a skip midway leaves objects behind
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointtest.EndpointConfig("erin", "erin-pass", "Erin")),
				Check: func(s *terraform.State) error {
					id, _ := endpointID(s)
					changed := "changed-elsewhere"
					return env.Client(t).UpdateEndpoint(context.Background(), id, client.EndpointUpdate{Password: &changed})
				},
			},
			{
				Config: env.Config(endpointtest.EndpointConfig("erin", "erin-pass", "Erin")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				Config: env.Config(endpointtest.EndpointConfig("erin", "erin-new-pass", "Erin")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionUpdate)},
				},
				Check: func(s *terraform.State) error {
					id, _ := endpointID(s)
					if !env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, id, "erin-new-pass") {
						return fmt.Errorf("the changed password was not sent")
					}
					return nil
				},
			},
		},
	})
}

// TestAccEndpoint_recordedGetHasNoPasswordDigest: the service's endpoint
// GET and list carry no password digest and no api_id. The emulator
// answers so, and an endpoint created, then imported with its documented
// configuration (which holds a password the API cannot confirm), plans
// no change after the import's first apply sets the password.
func TestAccEndpoint_recordedGetHasNoPasswordDigest(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(endpointtest.EndpointConfig("gina", "gina-pass", "Gina"))
	rawKeys := func(path string) (map[string]any, error) {
		req, _ := http.NewRequest(http.MethodGet, env.URL+"/v1/Account/"+acctest.AuthID+"/"+path, nil)
		req.SetBasicAuth(acctest.AuthID, acctest.AuthToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var out map[string]any
		return out, json.NewDecoder(resp.Body).Decode(&out)
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := endpointID(s)
					get, err := rawKeys("Endpoint/" + id + "/")
					if err != nil {
						return err
					}
					list, err := rawKeys("Endpoint/")
					if err != nil {
						return err
					}
					for what, o := range map[string]map[string]any{"GET": get, "list item": list["objects"].([]any)[0].(map[string]any)} {
						for _, k := range []string{"password", "api_id"} {
							if v, present := o[k]; present {
								return fmt.Errorf("%s carries %s (%v); the recorded reply has none", what, k, v)
							}
						}
					}
					return nil
				},
			},
			{
				ResourceName:            "cpaas_endpoint.test",
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"password"},
			},
		},
	})
}

// TestAccEndpoint_registeredDeviceIsRead: a device registered with the
// endpoint (sip_contact, sip_expires, sip_user_agent, which the API
// leaves out while none is) is read by the next refresh, into the
// resource and the data source; once it leaves they are null again. No
// refresh of them ever plans a change.
func TestAccEndpoint_registeredDeviceIsRead(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "SIP registrations") // up front: a skip midway leaves objects behind
	cfg := env.Config(endpointtest.EndpointConfig("hank", "hank-pass", "Hank") + `
data "cpaas_endpoint" "test" {
  id = cpaas_endpoint.test.id
}
`)
	const res, ds = "cpaas_endpoint.test", "data.cpaas_endpoint.test"
	expiresRe := regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`)
	var id string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_contact"), knownvalue.Null()),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_expires"), knownvalue.Null()),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_user_agent"), knownvalue.Null()),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sip_contact"), knownvalue.Null()),
				},
				Check: func(s *terraform.State) error {
					id, _ = endpointID(s)
					if !env.Control(t, "SIP registrations").RegisterEndpoint(acctest.AuthID, id, emulator.SIPRegistration{Registered: true, UserAgent: "Zoiper 5"}) {
						return fmt.Errorf("no endpoint %s in the emulator", id)
					}
					return nil
				},
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_registered"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_contact"), knownvalue.StringRegexp(regexp.MustCompile(`^sip:hank\d{12}@192\.0\.2\.10:5060;ob$`))),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_expires"), knownvalue.StringRegexp(expiresRe)),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_user_agent"), knownvalue.StringExact("Zoiper 5")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sip_registered"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sip_expires"), knownvalue.StringRegexp(expiresRe)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sip_user_agent"), knownvalue.StringExact("Zoiper 5")),
				},
				Check: func(*terraform.State) error {
					env.Control(t, "SIP registrations").RegisterEndpoint(acctest.AuthID, id, emulator.SIPRegistration{Registered: false})
					return nil
				},
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_registered"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_contact"), knownvalue.Null()),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("sip_expires"), knownvalue.Null()),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sip_user_agent"), knownvalue.Null()),
				},
			},
		},
	})
}

func TestAccEndpoint_writeOnlyPassword(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "a password the API never returns") // up front: a skip midway leaves objects behind
	holds := func(s *terraform.State, password string) error {
		id, err := endpointID(s)
		if err != nil {
			return err
		}
		if !env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, id, password) {
			return fmt.Errorf("the emulator does not hold the write-only password %s was meant to set", "password_wo")
		}
		return nil
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "endpoints"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointtest.WriteOnlyConfig("wo-first-pass", 1)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("password_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("password"), knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            func(s *terraform.State) error { return holds(s, "wo-first-pass") },
			},
			{
				// A new value without a new version is not sent...
				Config:             env.Config(endpointtest.WriteOnlyConfig("wo-ignored-pass", 1)),
				PlanOnly:           true,
				ExpectNonEmptyPlan: false,
			},
			{
				// ...a new version sends it.
				Config: env.Config(endpointtest.WriteOnlyConfig("wo-second-pass", 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionUpdate)},
				},
				Check: func(s *terraform.State) error { return holds(s, "wo-second-pass") },
			},
		},
	})
}

func TestAccEndpoint_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	steps := []resource.TestStep{
		{
			Config:      env.Config(endpointtest.EndpointConfig("gina", "abcd", "Gina")),
			ExpectError: acctest.ErrorPattern(`Attribute password must be at least 5 characters long \(got 4\)`),
		},
		{
			Config:      env.Config(endpointtest.EndpointConfig("not valid!", "abcde", "Gina")),
			ExpectError: regexp.MustCompile(`(?s)Attribute username must be 1 to 50 letters, digits or underscores,.*got: not\s+valid!`),
		},
		{
			Config: env.Config(`
resource "cpaas_endpoint" "test" {
  username            = "gina"
  password            = "abcdef"
  password_wo         = "abcdefg"
  password_wo_version = 1
  alias               = "Gina"
}
`),
			ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*password.*password_wo`),
		},
		{
			Config: env.Config(`
resource "cpaas_endpoint" "test" {
  username = "gina"
  alias    = "Gina"
}
`),
			ExpectError: acctest.ErrorPattern(`Missing endpoint password.*Creating endpoint "gina" needs a password: set password_wo \(with password_wo_version\) or password`),
		},
	}
	for i := range steps {
		steps[i].PlanOnly = true
	}
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
	if ids := env.Objects(t)["endpoints"]; len(ids) != 0 {
		t.Fatalf("invalid configurations created endpoints: %v", ids)
	}
}

func TestAccEndpointDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointtest.EndpointConfig("hank", "hank-pass", "Hank") + `
data "cpaas_endpoint" "by_id" {
  id = cpaas_endpoint.test.id
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair("data.cpaas_endpoint.by_id", "sip_username", "cpaas_endpoint.test", "sip_username"),
					resource.TestCheckResourceAttrPair("data.cpaas_endpoint.by_id", "sip_uri", "cpaas_endpoint.test", "sip_uri"),
					resource.TestCheckResourceAttr("data.cpaas_endpoint.by_id", "username", "hank"),
					resource.TestCheckResourceAttr("data.cpaas_endpoint.by_id", "alias", "Hank"),
					resource.TestCheckResourceAttr("data.cpaas_endpoint.by_id", "sip_registered", "false"),
					resource.TestCheckNoResourceAttr("data.cpaas_endpoint.by_id", "password"),
				),
			},
			{
				Config: env.Config(`
data "cpaas_endpoint" "missing" {
  id = "99999999999999"
}
`),
				ExpectError: regexp.MustCompile(`(?s)Error reading endpoint.*endpoint 99999999999999.*HTTP 404`),
			},
		},
	})
}
