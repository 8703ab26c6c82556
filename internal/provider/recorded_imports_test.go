package provider_test

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/callerid/calleridtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// Adopting objects as the service's recorded replies hold them: each test
// makes an object with the values of a recorded GET reply (through the
// client, and the emulator's control for a value today's create rules
// refuse), then imports it with the configuration that says those values.
// The import plan must import and nothing else (no update, no replacement,
// no error), change nothing on the account, and the next plan is empty.
// The 10DLC kinds, the endpoint and the number have theirs beside their
// other tests (tendlc_recorded_test.go and the resources' tests).

// testRecordedImport imports ids (address, import id) with hcl, the
// configuration of the recorded values, and checks the plan imports only.
// more are further steps on the adopted objects.
func testRecordedImport(t *testing.T, env *acctest.Env, hcl string, ids [][2]string, checks []statecheck.StateCheck, more ...resource.TestStep) {
	t.Helper()
	before := env.Objects(t)
	steps := []resource.TestStep{
		{
			Config: env.Config(hcl + provtest.ImportBlocks(ids)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: len(ids), Strict: true}},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: checks,
			Check: func(*terraform.State) error {
				if after := env.Objects(t); !reflect.DeepEqual(before, after) {
					return fmt.Errorf("the import changed the account's objects: %v, before it: %v", after, before)
				}
				return nil
			},
		},
		// A refresh brings nothing new either.
		{Config: env.Config(hcl + provtest.ImportBlocks(ids)), PlanOnly: true},
	}
	acctest.Test(t, resource.TestCase{Steps: append(steps, more...)})
}

// The recorded application (GET Application/{app_id}/) is named
// "0.8522478089992022": a dot, which today's create rule (letters,
// digits, hyphens, underscores) refuses. Its empty fallback_answer_url
// and message_url are no URL. The import plans nothing; an update of
// another argument keeps the name (an update sends a name only when it
// changes); a new name is judged by today's rule, at plan, naming app_name.
func TestAccApplication_recordedImportPlansNothing(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	ctl := env.Control(t, "records made under older rules") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	const recordedName, google = "0.8522478089992022", "http://www.google.com/"
	post := "POST"
	app, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: "recorded", ApplicationSettings: client.ApplicationSettings{
		AnswerURL: new(google), AnswerMethod: &post, HangupURL: new(google), HangupMethod: &post, FallbackMethod: &post, MessageMethod: &post}})
	if err != nil {
		t.Fatal(err)
	}
	if err := ctl.SetLegacyApplicationName(acctest.AuthID, app.AppID, recordedName); err != nil {
		t.Fatal(err)
	}
	hcl := func(name, answerURL string) string {
		return fmt.Sprintf(`
resource "cpaas_application" "recorded" {
  app_name   = %q
  answer_url = %q
  hangup_url = %q
}
`, name, answerURL, google)
	}
	ids := [][2]string{{"cpaas_application.recorded", app.AppID}}
	testRecordedImport(t, env, hcl(recordedName, google), ids,
		[]statecheck.StateCheck{
			statecheck.ExpectKnownValue("cpaas_application.recorded", tfjsonpath.New("app_name"), knownvalue.StringExact(recordedName)),
			statecheck.ExpectKnownValue("cpaas_application.recorded", tfjsonpath.New("fallback_answer_url"), knownvalue.Null()),
			statecheck.ExpectKnownValue("cpaas_application.recorded", tfjsonpath.New("message_url"), knownvalue.Null()),
		},
		resource.TestStep{
			// Another argument changes: the name the service holds is kept.
			Config: env.Config(hcl(recordedName, "https://www.google.com/") + provtest.ImportBlocks(ids)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("cpaas_application.recorded", plancheck.ResourceActionUpdate)}},
			Check: func(*terraform.State) error {
				got, err := c.GetApplication(context.Background(), app.AppID)
				if err == nil && (got.AppName != recordedName || got.AnswerURL != "https://www.google.com/") {
					err = fmt.Errorf("after the update the application is named %q and answers at %q", got.AppName, got.AnswerURL)
				}
				return err
			},
		},
		resource.TestStep{
			Config:      env.Config(hcl("0.9", "https://www.google.com/") + provtest.ImportBlocks(ids)),
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(regexp.QuoteMeta(`app_name "0.9" is invalid: it must be one or more letters, digits, hyphens or underscores`)),
		},
	)
	// A new application with such a name is refused at plan.
	acctest.Test(t, resource.TestCase{Steps: []resource.TestStep{{
		Config:      env.Config(hcl(recordedName, google)),
		PlanOnly:    true,
		ExpectError: acctest.ErrorPattern(regexp.QuoteMeta(`app_name "` + recordedName + `" is invalid`)),
	}}})
}

// The recorded masking session (GET Masking/Session/{uuid}/): Indian
// parties, a 6,000 s session (its expiry_time less its created_time),
// the longest call time limit and ring timeout the rules take, GET
// callbacks, recording off with an mp3 format and a recording callback,
// and play URLs of .xml files, which today's create rule refuses.
func TestAccMaskingSession_recordedImportPlansNothing(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	ctl := env.Control(t, "records made under older rules")
	c := env.Client(t)
	const callback, play = "https://s3.amazonaws.com/static.plivo.com/callback.xml", "https://s3.amazonaws.com/plivosamplexml/play_url.xml"
	no := false
	s, err := c.CreateMaskingSession(context.Background(), client.MaskingSessionCreate{
		FirstParty: "917708772011", SecondParty: "919976106830", SessionExpiry: new(int64(6000)), CallTimeLimit: new(int64(14400)),
		RingTimeout: new(int64(120)), Record: &no, RecordFileFormat: "mp3", RecordingCallbackURL: callback, RecordingCallbackMethod: "GET",
		InitiateCallToFirstParty: &no, CallbackURL: callback, CallbackMethod: "GET",
	})
	if err != nil {
		t.Fatal(err)
	}
	u := play
	if err := ctl.SetLegacyPlayURLs(acctest.AuthID, s.SessionUUID, emulator.LegacyPlayURLs{FirstPartyPlayURL: &u, SecondPartyPlayURL: &u}); err != nil {
		t.Fatal(err)
	}
	testRecordedImport(t, env, fmt.Sprintf(`
resource "cpaas_masking_session" "recorded" {
  first_party  = "917708772011"
  second_party = "919976106830"

  session_expiry  = 6000
  call_time_limit = 14400
  ring_timeout    = 120

  record                    = false
  record_file_format        = "mp3"
  recording_callback_url    = %[1]q
  recording_callback_method = "GET"

  callback_url    = %[1]q
  callback_method = "GET"

  first_party_play_url  = %[2]q
  second_party_play_url = %[2]q
}
`, callback, play), [][2]string{{"cpaas_masking_session.recorded", s.SessionUUID}},
		[]statecheck.StateCheck{
			statecheck.ExpectKnownValue("cpaas_masking_session.recorded", tfjsonpath.New("second_party_play_url"), knownvalue.StringExact(play)),
			statecheck.ExpectKnownValue("cpaas_masking_session.recorded", tfjsonpath.New("ring_timeout"), knownvalue.Int64Exact(120)),
		})
}

// The recorded powerpack (GET Powerpack/{uuid}/): no number_priority, an
// XML application written in upper case, sticky_sender and no
// local_connect.
func TestAccPowerpack_recordedImportPlansNothing(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	app := applicationtest.DocsApplication(t, c, "vishnu_app", "https://voice.example.com/answer")
	p, err := c.CreatePowerpack(context.Background(), client.PowerpackCreate{Name: "vishnu_sep_01", StickySender: client.Flag(true),
		LocalConnect: client.Flag(false), ApplicationType: "XML", ApplicationID: app})
	if err != nil {
		t.Fatal(err)
	}
	testRecordedImport(t, env, fmt.Sprintf(`
resource "cpaas_powerpack" "recorded" {
  name          = "vishnu_sep_01"
  sticky_sender = true
  local_connect = false

  application_type = "xml"
  application_id   = %q
}
`, app), [][2]string{{"cpaas_powerpack.recorded", p.UUID}},
		[]statecheck.StateCheck{
			statecheck.ExpectKnownValue("cpaas_powerpack.recorded", tfjsonpath.New("application_type"), knownvalue.StringExact("xml")),
		})
}

// The recorded verified caller ID (GET VerifiedCallerId/{number}): an
// Indian number, alias "test", an empty subaccount (the main account's).
func TestAccVerifiedCallerID_recordedImportPlansNothing(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+919768368718", "test")
	testRecordedImport(t, env, `
resource "cpaas_verified_caller_id" "recorded" {
  phone_number = "+919768368718"
  alias        = "test"
}
`, [][2]string{{"cpaas_verified_caller_id.recorded", "+919768368718"}},
		[]statecheck.StateCheck{
			statecheck.ExpectKnownValue("cpaas_verified_caller_id.recorded", tfjsonpath.New("country"), knownvalue.StringExact("IN")),
			statecheck.ExpectKnownValue("cpaas_verified_caller_id.recorded", tfjsonpath.New("subaccount"), knownvalue.Null()),
		})
}

// The recorded India compliance application (GET
// PhoneNumber/Compliance/{id}/) is still "submitted": no reviewer has
// decided. Its reply carries neither the end user nor the documents. The
// import, with the configuration that made it, plans nothing and waits for
// no review.
func TestAccPhoneNumberCompliance_recordedImportPlansNothing(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, func(o *emulator.Options) { o.ComplianceReviewDelay = time.Hour })
	c := env.Client(t)
	reg, bill, files := compliancetest.DocsComplianceFiles(t)
	id, err := c.CreateCompliance(context.Background(), client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: "TestBiz-100ac06f",
		EndUser: &client.ComplianceEndUser{Type: "business", Name: "TestBiz", Email: "compliance@testbiz.example",
			AddressLine1: "12 Marine Drive", City: "Mumbai", PostalCode: "400002", Country: "IN"},
		Documents: []client.ComplianceDocumentData{
			{DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01", DataFields: map[string]string{"business_name": "TestBiz Private Limited"}},
			{DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02", DataFields: map[string]string{"address_line_1": "12 Marine Drive", "city": "Mumbai", "postal_code": "400002"}},
		},
		CallbackURL: "https://example.com/webhook", CallbackMethod: "POST"}, files)
	if err != nil {
		t.Fatal(err)
	}
	testRecordedImport(t, env, fmt.Sprintf(`
resource "cpaas_phone_number_compliance" "recorded" {
  alias       = "TestBiz-100ac06f"
  country_iso = "IN"
  number_type = "local"

  end_user = {
    type          = "business"
    name          = "TestBiz"
    email         = "compliance@testbiz.example"
    address_line1 = "12 Marine Drive"
    city          = "Mumbai"
    postal_code   = "400002"
    country       = "IN"
  }

  documents = [
    {
      document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01"
      data_fields      = { business_name = "TestBiz Private Limited" }
      file             = %q
    },
    {
      document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02"
      data_fields      = { address_line_1 = "12 Marine Drive", city = "Mumbai", postal_code = "400002" }
      file             = %q
    },
  ]

  callback_url    = "https://example.com/webhook"
  callback_method = "POST"
}
`, reg, bill), [][2]string{{"cpaas_phone_number_compliance.recorded", id}},
		[]statecheck.StateCheck{
			statecheck.ExpectKnownValue("cpaas_phone_number_compliance.recorded", tfjsonpath.New("status"), knownvalue.StringExact("submitted")),
		})
}
