package provider_test

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

func endpointConfig(username, password, alias string) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "test" {
  username = %q
  password = %q
  alias    = %q
}
`, username, password, alias)
}

func md5hex(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// endpointID reads the id of cpaas_endpoint.test from the state.
func endpointID(s *terraform.State) (string, error) {
	rs, ok := s.RootModule().Resources["cpaas_endpoint.test"]
	if !ok {
		return "", fmt.Errorf("cpaas_endpoint.test not in state")
	}
	return rs.Primary.ID, nil
}

// checkEndpointsDestroyed asks the emulator, not the state.
func checkEndpointsDestroyed(env *acctest.Env, t *testing.T) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if ids := env.Objects(t)["endpoints"]; len(ids) != 0 {
			return fmt.Errorf("endpoints left in the emulator after destroy: %v", ids)
		}
		return nil
	}
}

func TestAccEndpoint_basic(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkEndpointsDestroyed(env, t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointConfig("alice", "s3cret-pass", "Alice desk phone")),
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
					ep, err := env.Client(t).GetEndpoint(context.Background(), id)
					if err != nil {
						return err
					}
					if ep.Password != md5hex("s3cret-pass") {
						return fmt.Errorf("emulator holds password digest %s, want the digest of the configured password", ep.Password)
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
	var firstID string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkEndpointsDestroyed(env, t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointConfig("bob", "first-pass", "Bob")),
				Check: func(s *terraform.State) (err error) {
					firstID, err = endpointID(s)
					return err
				},
			},
			{
				// alias, password and app_id update in place, keeping the id.
				Config: env.Config(appHCL("pbx") + `
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
					if ep.Alias != "Bob (renamed)" || ep.AppID() != appIDOf(s, "cpaas_application.pbx") || ep.Password != md5hex("second-pass") {
						return fmt.Errorf("emulator not updated: alias %q app %q digest %s", ep.Alias, ep.AppID(), ep.Password)
					}
					return nil
				},
			},
			{
				// Removing app_id detaches the application, in place.
				Config: env.Config(endpointConfig("bob", "second-pass", "Bob (renamed)")),
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
				Config: env.Config(endpointConfig("robert", "second-pass", "Bob (renamed)")),
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
	cfg := env.Config(endpointConfig("carol", "carol-pass", "Carol"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkEndpointsDestroyed(env, t),
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				ResourceName:      "cpaas_endpoint.test",
				ImportState:       true,
				ImportStateVerify: true,
				// The API never returns the password, only its digest.
				ImportStateVerifyIgnore: []string{"password"},
			},
		},
	})
}

func TestAccEndpoint_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointConfig("dave", "dave-pass", "Dave")),
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
				Config: env.Config(endpointConfig("dave", "dave-pass", "Dave")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccEndpoint_passwordDrift(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(endpointConfig("erin", "erin-pass", "Erin"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					id, _ := endpointID(s)
					changed := "changed-elsewhere"
					return env.Client(t).UpdateEndpoint(context.Background(), id, client.EndpointUpdate{Password: &changed})
				},
				// The changed digest makes the refresh plan an update.
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
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
					if ep.Password != md5hex("erin-pass") {
						return fmt.Errorf("password not set back: digest %s", ep.Password)
					}
					return nil
				},
			},
		},
	})
}

func writeOnlyConfig(password string, version int) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "test" {
  username            = "frank"
  password_wo         = %q
  password_wo_version = %d
  alias               = "Frank"
}
`, password, version)
}

func TestAccEndpoint_writeOnlyPassword(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	digest := func(s *terraform.State) (string, error) {
		id, err := endpointID(s)
		if err != nil {
			return "", err
		}
		ep, err := env.Client(t).GetEndpoint(context.Background(), id)
		if err != nil {
			return "", err
		}
		return ep.Password, nil
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkEndpointsDestroyed(env, t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(writeOnlyConfig("wo-first-pass", 1)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("password_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_endpoint.test", tfjsonpath.New("password"), knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					d, err := digest(s)
					if err == nil && d != md5hex("wo-first-pass") {
						err = fmt.Errorf("digest %s is not that of the write-only password", d)
					}
					return err
				},
			},
			{
				// A new value without a new version is not sent...
				Config:             env.Config(writeOnlyConfig("wo-ignored-pass", 1)),
				PlanOnly:           true,
				ExpectNonEmptyPlan: false,
			},
			{
				// ...a new version sends it.
				Config: env.Config(writeOnlyConfig("wo-second-pass", 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionUpdate)},
				},
				Check: func(s *terraform.State) error {
					d, err := digest(s)
					if err == nil && d != md5hex("wo-second-pass") {
						err = fmt.Errorf("digest %s is not that of the new write-only password", d)
					}
					if err != nil {
						return err
					}
					// Now change it behind Terraform's back: the fingerprint
					// in private state must notice.
					id, _ := endpointID(s)
					other := "changed-elsewhere"
					return env.Client(t).UpdateEndpoint(context.Background(), id, client.EndpointUpdate{Password: &other})
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: env.Config(writeOnlyConfig("wo-second-pass", 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_endpoint.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					d, err := digest(s)
					if err == nil && d != md5hex("wo-second-pass") {
						err = fmt.Errorf("drifted password not set back: digest %s", d)
					}
					return err
				},
			},
		},
	})
}

func TestAccEndpoint_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	steps := []resource.TestStep{
		{
			Config:      env.Config(endpointConfig("gina", "abcd", "Gina")),
			ExpectError: acctest.ErrorPattern(`Attribute password must be at least 5 characters long \(got 4\)`),
		},
		{
			Config:      env.Config(endpointConfig("not valid!", "abcde", "Gina")),
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
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps:                    steps,
	})
	if ids := env.Objects(t)["endpoints"]; len(ids) != 0 {
		t.Fatalf("invalid configurations created endpoints: %v", ids)
	}
}

func TestAccEndpointDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: env.Config(endpointConfig("hank", "hank-pass", "Hank") + `
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
