package application_test

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/config"
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

func applicationConfig(name, answerURL string) string {
	return fmt.Sprintf(`
resource "cpaas_application" "test" {
  app_name   = %q
  answer_url = %q
}
`, name, answerURL)
}

// applicationID reads the id of cpaas_application.test from the state.
func applicationID(s *terraform.State) (string, error) {
	rs, ok := s.RootModule().Resources["cpaas_application.test"]
	if !ok {
		return "", fmt.Errorf("cpaas_application.test not in state")
	}
	return rs.Primary.ID, nil
}

// TestAccApplication_basicUpdateImport applies the basic configuration
// once for what TestAccApplication_basic, _updateInPlace and _import
// checked, each of which applied it (or the full one) itself: the basic
// configuration's values, every attribute updated in place to the full
// configuration, its import, and the optional values set back.
func TestAccApplication_basicUpdateImport(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	app := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("cpaas_application.test", tfjsonpath.New(attr), v)
	}
	var firstID string
	get := func(s *terraform.State) (*client.Application, error) {
		id, err := applicationID(s)
		if err != nil {
			return nil, err
		}
		if id != firstID {
			return nil, fmt.Errorf("an in-place update changed the id from %s to %s", firstID, id)
		}
		return env.Client(t).GetApplication(context.Background(), id)
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "applications"),
		Steps: []resource.TestStep{
			acctest.Shared("TestAccApplication_basic", resource.TestStep{
				Config: env.Config(applicationConfig("support-line", "https://voice.example.com/answer")),
				ConfigStateChecks: []statecheck.StateCheck{
					app("app_name", knownvalue.StringExact("support-line")),
					app("answer_url", knownvalue.StringExact("https://voice.example.com/answer")),
					app("answer_method", knownvalue.StringExact("POST")),
					app("hangup_url", knownvalue.Null()),
					app("hangup_method", knownvalue.StringExact("POST")),
					app("fallback_answer_url", knownvalue.Null()),
					app("message_url", knownvalue.Null()),
					app("default_number_app", knownvalue.Bool(false)),
					app("default_endpoint_app", knownvalue.Bool(false)),
					app("log_incoming_messages", knownvalue.Bool(true)),
					app("public_uri", knownvalue.Bool(false)),
					app("id", knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))),
					app("sip_uri", knownvalue.StringRegexp(regexp.MustCompile(`^sip:\d+@app\.sip\.cpaas\.test$`))),
					statecheck.CompareValuePairs("cpaas_application.test", tfjsonpath.New("id"), "cpaas_application.test", tfjsonpath.New("app_id"), compare.ValuesSame()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) (err error) {
					if firstID, err = applicationID(s); err != nil {
						return err
					}
					a, err := env.Client(t).GetApplication(context.Background(), firstID)
					if err != nil {
						return err
					}
					if a.AppName != "support-line" || a.AnswerURL != "https://voice.example.com/answer" {
						return fmt.Errorf("emulator holds %+v", a)
					}
					return nil
				},
			}),
			{
				// Every attribute, the name included, updates in place: the
				// API changes each one, so nothing forces a replacement.
				Config: env.Config(applicationFullConfig),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_application.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					a, err := get(s)
					if err != nil {
						return err
					}
					want := client.Application{
						AnswerMethod: "GET", AnswerURL: "https://voice.example.com/answer/v2", AppID: firstID, AppName: "support_line-2",
						DefaultEndpointApp: true, Enabled: true, FallbackAnswerURL: "http://backup.example.com:8080/answer", FallbackMethod: "GET",
						HangupMethod: "POST", HangupURL: "https://voice.example.com/hangup", MessageMethod: "GET",
						MessageURL: "https://voice.example.com/message", PublicURI: true, ResourceURI: a.ResourceURI, SIPURI: a.SIPURI,
					}
					if *a != want {
						return fmt.Errorf("emulator holds\n%+v\nwant\n%+v", *a, want)
					}
					return nil
				},
			},
			// The full configuration's import, and a malformed id's error.
			acctest.Shared("TestAccApplication_import", resource.TestStep{ResourceName: "cpaas_application.test", ImportState: true, ImportStateVerify: true}),
			acctest.Shared("TestAccApplication_import", resource.TestStep{
				ResourceName:  "cpaas_application.test",
				ImportState:   true,
				ImportStateId: "not-an-id",
				ExpectError:   acctest.ErrorPattern(`Invalid import id.*The import id "not-an-id" is invalid: an application id is digits`),
			}),
			{
				// Removing optional URLs and flags sets them back in place.
				Config: env.Config(applicationConfig("support-line", "https://voice.example.com/answer")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_application.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					a, err := get(s)
					if err != nil {
						return err
					}
					if a.HangupURL != "" || a.FallbackAnswerURL != "" || a.MessageURL != "" || a.AnswerMethod != "POST" || !a.LogIncomingMessages ||
						a.DefaultEndpointApp || a.PublicURI || a.AppName != "support-line" {
						return fmt.Errorf("not set back: %+v", *a)
					}
					return nil
				},
			},
		},
	})
}

const applicationFullConfig = `
resource "cpaas_application" "test" {
  app_name              = "support_line-2"
  answer_url            = "https://voice.example.com/answer/v2"
  answer_method         = "GET"
  hangup_url            = "https://voice.example.com/hangup"
  fallback_answer_url   = "http://backup.example.com:8080/answer"
  fallback_method       = "GET"
  message_url           = "https://voice.example.com/message"
  message_method        = "GET"
  default_endpoint_app  = true
  log_incoming_messages = false
  public_uri            = true
}
`

func TestAccApplication_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(applicationConfig("gone", "https://voice.example.com/answer"))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					id, err := applicationID(s)
					if err != nil {
						return err
					}
					return env.Client(t).DeleteApplication(context.Background(), id, client.ApplicationDelete{})
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_application.test", plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccApplication_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	steps := []resource.TestStep{
		{
			Config:      env.Config(applicationConfig("two words", "https://voice.example.com/answer")),
			ExpectError: acctest.ErrorPattern(`Attribute app_name "two words" is invalid: it must be one or more letters, digits, hyphens or underscores`),
		},
		{
			// Letters means ASCII letters: a multi-byte name is refused,
			// naming it whole.
			Config:      env.Config(applicationConfig("Zürich", "https://voice.example.com/answer")),
			ExpectError: acctest.ErrorPattern(`Attribute app_name "Zürich" is invalid`),
		},
		{
			Config:      env.Config(applicationConfig("ok", "/answer")),
			ExpectError: acctest.ErrorPattern(`Attribute answer_url "/answer" is invalid: it must be a fully qualified http:// or https:// URL`),
		},
		{
			Config: env.Config(`
resource "cpaas_application" "test" {
  app_name   = "ok"
  answer_url = "https://voice.example.com/answer"
  hangup_url = "ftp://voice.example.com/hangup"
}
`),
			ExpectError: acctest.ErrorPattern(`Attribute hangup_url "ftp://voice.example.com/hangup" is invalid`),
		},
		{
			Config: env.Config(`
resource "cpaas_application" "test" {
  app_name       = "ok"
  answer_url     = "https://voice.example.com/answer"
  message_method = "PUT"
}
`),
			ExpectError: acctest.ErrorPattern(`Attribute message_method "PUT" is invalid: it must be one of GET, POST`),
		},
	}
	for i := range steps {
		steps[i].PlanOnly = true
	}
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
	if ids := env.Objects(t)["applications"]; len(ids) != 0 {
		t.Fatalf("invalid configurations created applications: %v", ids)
	}
}

func TestAccApplication_adoptAfterLostReply(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults").SetFaults(provtest.DropCreates("POST", "Application"))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(applicationtest.RelApplicationHCL(1)),
			Check: resource.ComposeTestCheckFunc(
				func(*terraform.State) error {
					if st := env.Control(t, "injected faults").FaultStats(); st.Dropped < 1 {
						return fmt.Errorf("no reply was dropped: %+v", st)
					}
					return nil
				},
				provtest.CheckExactlyStateObjects(t, env, "applications", "cpaas_application.a1", 1),
			),
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		}},
	})
}

// Destroying an application keeps the endpoints that use it: one made
// outside Terraform and one Terraform manages elsewhere (another
// configuration) both survive, detached.
func TestAccApplication_destroyKeepsEndpoints(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	var appID string
	var endpoints []string
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(applicationConfig("pbx", "https://voice.example.com/answer")),
				Check: func(s *terraform.State) error {
					var err error
					if appID, err = applicationID(s); err != nil {
						return err
					}
					for _, u := range []string{"desk", "lobby"} {
						e, err := env.Client(t).CreateEndpoint(context.Background(), client.EndpointCreate{Username: u, Password: "secret-" + u, Alias: u, AppID: appID})
						if err != nil {
							return err
						}
						endpoints = append(endpoints, e.EndpointID)
					}
					return nil
				},
			},
			{
				// The application leaves the configuration: it is destroyed.
				Config: env.Config(""),
				Check: func(*terraform.State) error {
					if apps := env.Objects(t)["applications"]; len(apps) != 0 {
						return fmt.Errorf("application not destroyed: %v", apps)
					}
					for _, id := range endpoints {
						e, err := env.Client(t).GetEndpoint(context.Background(), id)
						if err != nil {
							return fmt.Errorf("endpoint %s did not survive its application's destruction: %w", id, err)
						}
						if e.AppID() != "" {
							return fmt.Errorf("endpoint %s still names application %s", id, e.AppID())
						}
					}
					return nil
				},
			},
		},
	})
}

// The docs example adopts what exists: the application it shows, made
// outside Terraform, is imported next to that very configuration
// (testtables.TestImportDocsExample): the plan only imports, the apply leaves the
// account as it was, the next plan is empty.
func TestAccApplication_docsExampleImports(t *testing.T) {
	t.Parallel()
	testtables.TestImportDocsExample(t, provtest.ImportDocsCase{Typ: "cpaas_application", Make: makeDocsApplication}, false)
}

// makeDocsApplication makes the application of the docs example.
func makeDocsApplication(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
	t.Helper()
	str := func(s string) *string { return &s }
	app, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: "support-line", ApplicationSettings: client.ApplicationSettings{
		AnswerURL: str("https://voice.example.com/support/answer"), AnswerMethod: str("GET"),
		HangupURL: str("https://voice.example.com/support/hangup"), MessageURL: str("https://voice.example.com/support/message"),
	}})
	if err != nil {
		t.Fatal(err)
	}
	return [][2]string{{"cpaas_application.support", app.AppID}}, nil
}

// The same adoption, the import block naming the application by its
// identity; the identity is in the state after apply and after a refresh.
func TestAccApplication_importByIdentity_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	ids, _ := makeDocsApplication(t, env, env.Client(t))
	id := ids[0][1]
	before := env.Objects(t)
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{
			{
				Config: env.Config(provtest.ExampleConfig(t, "cpaas_application") + fmt.Sprintf(`
import {
  to = cpaas_application.support
  identity = {
    app_id = %q
  }
}
`, id)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectIdentity("cpaas_application.support", map[string]knownvalue.Check{"app_id": knownvalue.StringExact(id)}),
				},
				Check: func(*terraform.State) error {
					if after := env.Objects(t); !reflect.DeepEqual(before, after) {
						return fmt.Errorf("the apply changed the account:\nbefore %v\nafter  %v", before, after)
					}
					return nil
				},
			},
			{
				// An identity without its app_id is refused, naming it.
				Config: env.Config(provtest.ExampleConfig(t, "cpaas_application") + `
import {
  to = cpaas_application.other
  identity = {
    app_id = ""
  }
}

resource "cpaas_application" "other" {
  app_name   = "other"
  answer_url = "https://voice.example.com/other"
}
`),
				ExpectError: acctest.ErrorPattern(`Missing identity attribute.*Importing by identity needs app_id`),
			},
		},
	})
}

// The list resource finds every application, or those of one name, by
// identity, with the data an import reads.
func TestAccApplicationList_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	ids := map[string][]string{}
	for i, name := range []string{"ivr", "ivr", "support-line"} {
		answer := fmt.Sprintf("https://voice.example.com/%d", i)
		a, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: name, ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer}})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = append(ids[name], a.AppID)
	}
	checks := []querycheck.QueryResultCheck{
		querycheck.ExpectLength("cpaas_application.all", 3),
		querycheck.ExpectLength("cpaas_application.ivr", 2),
		querycheck.ExpectIdentity("cpaas_application.ivr", provtest.IdentityIs("app_id", ids["ivr"][0])),
		querycheck.ExpectIdentity("cpaas_application.ivr", provtest.IdentityIs("app_id", ids["ivr"][1])),
		querycheck.ExpectResourceKnownValues("cpaas_application.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("app_id", ids["support-line"][0])),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("app_name"), KnownValue: knownvalue.StringExact("support-line")},
				{Path: tfjsonpath.New("answer_url"), KnownValue: knownvalue.StringExact("https://voice.example.com/2")},
				{Path: tfjsonpath.New("hangup_url"), KnownValue: knownvalue.Null()},
				{Path: tfjsonpath.New("log_incoming_messages"), KnownValue: knownvalue.Bool(true)},
			}),
	}
	for _, id := range append(append([]string{}, ids["ivr"]...), ids["support-line"]...) {
		checks = append(checks, querycheck.ExpectIdentity("cpaas_application.all", provtest.IdentityIs("app_id", id)))
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.ProviderConfig() + `
list "cpaas_application" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_application" "ivr" {
  provider = cpaas
  config {
    app_name = "ivr"
  }
}
`,
			QueryResultChecks: checks,
		}},
	})
}

// appStateMatchesAPI checks that every attribute of the applications in
// the state is what the API's GET reports (applyApplication's mapping):
// nothing a create derived differs from what a refresh reads.
func appStateMatchesAPI(t *testing.T, env *acctest.Env, s *terraform.State, want int) error {
	t.Helper()
	c := env.Client(t)
	n := 0
	orNull := func(v string) string {
		if v == "" {
			return "<null>"
		}
		return v
	}
	for addr, rs := range s.RootModule().Resources {
		if rs.Type != "cpaas_application" {
			continue
		}
		n++
		a, err := c.GetApplication(context.Background(), rs.Primary.ID)
		if err != nil {
			return err
		}
		got := rs.Primary.Attributes
		for attr, v := range map[string]string{
			"app_id": a.AppID, "app_name": a.AppName, "answer_url": a.AnswerURL, "answer_method": a.AnswerMethod,
			"hangup_url": orNull(a.HangupURL), "hangup_method": a.HangupMethod, "fallback_answer_url": orNull(a.FallbackAnswerURL),
			"fallback_method": a.FallbackMethod, "message_url": orNull(a.MessageURL), "message_method": a.MessageMethod,
			"default_number_app": fmt.Sprint(a.DefaultApp), "default_endpoint_app": fmt.Sprint(a.DefaultEndpointApp),
			"log_incoming_messages": fmt.Sprint(a.LogIncomingMessages), "public_uri": fmt.Sprint(a.PublicURI), "sip_uri": a.SIPURI,
		} {
			s, ok := got[attr]
			if !ok {
				s = "<null>"
			}
			if s != v {
				return fmt.Errorf("%s: %s is %q in the state, the API reports %q", addr, attr, s, v)
			}
		}
	}
	if n != want {
		return fmt.Errorf("%d applications in the state, want %d", n, want)
	}
	return nil
}

// A create is the POST alone once the client knows the applications' SIP
// domain (from the first application it reads back): 1 + 6 applications,
// half with every setting away from its default, cost 7 POSTs and one GET.
// What the state then holds is what the API reports (the emulator answers
// in the recorded shapes): the plan after apply is empty and a refresh
// changes nothing.
func TestAccApplication_createIsOneRequestOnceDomainKnown(t *testing.T) {
	t.Parallel()
	log := &provtest.RequestLog{}
	env := acctest.NewEnv(t, log.Option)
	hcl := `
resource "cpaas_application" "first" {
  app_name   = "first"
  answer_url = "https://voice.example.com/first/answer"
}

resource "cpaas_application" "more" {
  count                 = 6
  depends_on            = [cpaas_application.first]
  app_name              = "more-${count.index}"
  answer_url            = "https://voice.example.com/${count.index}/answer"
  answer_method         = count.index % 2 == 0 ? "GET" : null
  hangup_url            = count.index % 2 == 0 ? "https://voice.example.com/${count.index}/hangup" : null
  fallback_answer_url   = count.index % 2 == 0 ? "https://backup.example.com/${count.index}/answer" : null
  fallback_method       = count.index % 2 == 0 ? "GET" : null
  message_url           = count.index % 2 == 0 ? "https://voice.example.com/${count.index}/message" : null
  message_method        = count.index % 2 == 0 ? "GET" : null
  log_incoming_messages = count.index % 2 == 0 ? false : null
  public_uri            = count.index % 2 == 0 ? true : null
}
`
	var before map[string]map[string]string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "applications"),
		Steps: []resource.TestStep{
			{
				PreConfig: log.Reset,
				Config:    env.Config(hcl),
				Check: func(s *terraform.State) error {
					var posts []string
					for _, line := range log.Matching(regexp.MustCompile(`^Application/$`)) {
						if strings.HasPrefix(line, "POST ") {
							posts = append(posts, line)
						}
					}
					gets := log.Gets(regexp.MustCompile(`^Application/\d+/$`))
					if len(posts) != 7 || len(gets) != 1 {
						return fmt.Errorf("7 applications made %d POSTs and %d GETs, want 7 and 1: %v", len(posts), len(gets), log.Lines)
					}
					before = map[string]map[string]string{}
					for addr, rs := range s.RootModule().Resources {
						before[addr] = rs.Primary.Attributes
					}
					return appStateMatchesAPI(t, env, s, 7)
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				RefreshState: true,
				Check: func(s *terraform.State) error {
					for addr, rs := range s.RootModule().Resources {
						if !reflect.DeepEqual(rs.Primary.Attributes, before[addr]) {
							return fmt.Errorf("%s: the refresh changed the state:\n%v\nafter the apply:\n%v", addr, rs.Primary.Attributes, before[addr])
						}
					}
					return nil
				},
			},
		},
	})
}
