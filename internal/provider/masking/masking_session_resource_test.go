package masking_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const maskingRes = "cpaas_masking_session.test"

var (
	sessionTimeRe = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})? \+0000 UTC$`)
	uuidRe        = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
)

func maskingConfig(first, second, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_masking_session" "test" {
  first_party  = %q
  second_party = %q
%s
}
`, first, second, extra)
}

func sessionID(s *terraform.State) (string, error) {
	rs, ok := s.RootModule().Resources[maskingRes]
	if !ok {
		return "", fmt.Errorf("%s not in state", maskingRes)
	}
	return rs.Primary.ID, nil
}

// checkSessionsEnded asks the emulator: no session may still be active.
func checkSessionsEnded(env *acctest.Env, t *testing.T) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if ids := env.Objects(t)["masking_sessions"]; len(ids) != 0 {
			return fmt.Errorf("masking sessions still active after destroy: %v", ids)
		}
		return nil
	}
}

func getSession(t *testing.T, env *acctest.Env, s *terraform.State) (*client.MaskingSession, error) {
	id, err := sessionID(s)
	if err != nil {
		return nil, err
	}
	return env.Client(t).GetMaskingSession(context.Background(), id)
}

// TestAccMaskingSession_basicReplaceAndPINs applies the basic session once
// for what TestAccMaskingSession_basic, _noPINPlansNullPINs and
// _replaceOnPartyChange checked, each of which applied it itself: the
// session's values and null PINs, a party change and a create-only option
// replacing it, and generate_pin leaving the PINs unknown until the API
// makes them.
func TestAccMaskingSession_basicReplaceAndPINs(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	var firstID string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			acctest.Shared("TestAccMaskingSession_basic", acctest.Shared("TestAccMaskingSession_noPINPlansNullPINs", resource.TestStep{
				Config: env.Config(maskingConfig("14155551234", "14155555678", "")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("id"), knownvalue.StringRegexp(uuidRe)),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("virtual_number"), knownvalue.StringExact("12125550101")),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("status"), knownvalue.StringExact("active")),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("session_expiry"), knownvalue.Int64Exact(3600)),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("ring_timeout"), knownvalue.Int64Exact(45)),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("callback_method"), knownvalue.StringExact("POST")),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("callback_url"), knownvalue.Null()),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("first_party_pin"), knownvalue.Null()),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("created_time"), knownvalue.StringRegexp(sessionTimeRe)),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("expiry_time"), knownvalue.StringRegexp(sessionTimeRe)),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{
					// Without PINs asked for, the plan holds null PINs.
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionCreate),
						plancheck.ExpectKnownValue(maskingRes, tfjsonpath.New("first_party_pin"), knownvalue.Null()),
						plancheck.ExpectKnownValue(maskingRes, tfjsonpath.New("second_party_pin"), knownvalue.Null()),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) (err error) {
					if firstID, err = sessionID(s); err != nil {
						return err
					}
					sess, err := getSession(t, env, s)
					if err != nil {
						return err
					}
					created, _ := maskingrules.ParseTime(sess.CreatedTime)
					expiry, _ := maskingrules.ParseTime(sess.ExpiryTime)
					if sess.Status != "active" || expiry.Sub(created) != time.Hour {
						return fmt.Errorf("emulator session: status %s, created %s, expiry %s", sess.Status, sess.CreatedTime, sess.ExpiryTime)
					}
					return resource.TestCheckResourceAttr(maskingRes, "expiry_time", sess.ExpiryTime)(s)
				},
			})),
			{
				Config: env.Config(maskingConfig("14155551234", "14155550000", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := sessionID(s)
					objs := env.Objects(t)
					if id == firstID || fmt.Sprint(objs["masking_sessions"]) != fmt.Sprint([]string{id}) || fmt.Sprint(objs["masking_sessions_expired"]) != fmt.Sprint([]string{firstID}) {
						return fmt.Errorf("after replace: state %s, emulator %v (old %s)", id, objs, firstID)
					}
					return nil
				},
			},
			{
				// A create-only option replaces too.
				Config: env.Config(maskingConfig("14155551234", "14155550000", `  initiate_call_to_first_party = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionDestroyBeforeCreate)},
				},
			},
			acctest.Shared("TestAccMaskingSession_noPINPlansNullPINs", resource.TestStep{
				// With generate_pin the PINs stay unknown until the API makes
				// them (the only change from the step before).
				Config: env.Config(maskingConfig("14155551234", "14155550000", `  initiate_call_to_first_party = true
  is_pin_authentication_required = true
  generate_pin                   = true
`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectUnknownValue(maskingRes, tfjsonpath.New("first_party_pin")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("first_party_pin"), knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))),
				},
			}),
		},
	})
}

func TestAccMaskingSession_updateInPlace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "time travel") // up front: a skip midway leaves objects behind
	var firstID, firstExpiry string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			{
				Config: env.Config(maskingConfig("14155551234", "14155555678", `  callback_url = "https://hooks.example/masking"`)),
				Check: func(s *terraform.State) error {
					sess, err := getSession(t, env, s)
					if err != nil {
						return err
					}
					firstID, firstExpiry = sess.SessionUUID, sess.ExpiryTime
					return nil
				},
			},
			{
				// Options other than session_expiry keep expiry_time.
				Config: env.Config(maskingConfig("14155551234", "14155555678", `
  callback_url          = "https://hooks.example/masking"
  callback_method       = "GET"
  record                = true
  record_file_format    = "wav"
  ring_timeout          = 30
  call_time_limit       = 600
  first_party_play_url  = "https://audio.example/connecting.mp3"
  recording_callback_url = "https://hooks.example/recordings"
`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(maskingRes, tfjsonpath.New("expiry_time"), knownvalue.NotNull()),
						plancheck.ExpectUnknownValue(maskingRes, tfjsonpath.New("modified_time")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					sess, err := getSession(t, env, s)
					if err != nil {
						return err
					}
					if sess.SessionUUID != firstID || sess.ExpiryTime != firstExpiry {
						return fmt.Errorf("id %s->%s expiry %s->%s: want both kept", firstID, sess.SessionUUID, firstExpiry, sess.ExpiryTime)
					}
					if sess.CallbackMethod != "GET" || !sess.Record || sess.RecordFileFormat != "wav" || sess.RingTimeout != 30 ||
						sess.CallTimeLimit != 600 || sess.FirstPartyPlayURL != "https://audio.example/connecting.mp3" ||
						sess.RecordingCallbackURL != "https://hooks.example/recordings" {
						return fmt.Errorf("emulator not updated: %+v", sess)
					}
					return nil
				},
			},
			{
				// session_expiry updates in place and restarts the time:
				// expiry_time is unknown in the plan, then known.
				PreConfig: func() { env.Control(t, "time travel").Clock().Advance(10 * time.Minute) },
				Config:    env.Config(maskingConfig("14155551234", "14155555678", `  session_expiry = 7200`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(maskingRes, tfjsonpath.New("expiry_time")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					sess, err := getSession(t, env, s)
					if err != nil {
						return err
					}
					modified, _ := maskingrules.ParseTime(sess.ModifiedTime)
					expiry, _ := maskingrules.ParseTime(sess.ExpiryTime)
					if sess.SessionUUID != firstID || expiry.Sub(modified) != 2*time.Hour || sess.ExpiryTime == firstExpiry {
						return fmt.Errorf("after session_expiry update: id %s modified %s expiry %s", sess.SessionUUID, sess.ModifiedTime, sess.ExpiryTime)
					}
					// Removed options went back to the API's defaults or were unset.
					if sess.CallbackURL != "" || sess.FirstPartyPlayURL != "" || sess.RecordingCallbackURL != "" || sess.Record ||
						sess.RingTimeout != 45 || sess.CallbackMethod != "POST" || sess.RecordFileFormat != "mp3" {
						return fmt.Errorf("removed options not reset: %+v", sess)
					}
					return resource.TestCheckResourceAttr(maskingRes, "expiry_time", sess.ExpiryTime)(s)
				},
			},
		},
	})
}

func TestAccMaskingSession_expiryRecreates(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "time travel") // up front: a skip midway leaves objects behind
	cfg := env.Config(maskingConfig("14155551234", "14155555678", `  session_expiry = 600`))
	var firstID string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) (err error) {
					firstID, err = sessionID(s)
					// Drive the emulator's clock past the expiry: the
					// refresh after this step finds the session expired.
					env.Control(t, "time travel").Clock().Advance(601 * time.Second)
					return err
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := sessionID(s)
					old, err := env.Client(t).GetMaskingSession(context.Background(), firstID)
					if err != nil {
						return err
					}
					if id == firstID || old.Status != "expired" {
						return fmt.Errorf("not re-created: new id %s, old %s is %s", id, firstID, old.Status)
					}
					return nil
				},
			},
			{
				// Ending the session outside Terraform has the same effect.
				Config: cfg,
				Check: func(s *terraform.State) error {
					id, _ := sessionID(s)
					return env.Client(t).DeleteMaskingSession(context.Background(), id)
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

func TestAccMaskingSession_import(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			{Config: env.Config(maskingConfig("14155551234", "14155555678", `
  is_pin_authentication_required = true
  first_party_pin                = "4321"
  second_party_pin               = "8765"
  pin_retry_wait                 = 12
  callback_url                   = "https://hooks.example/masking"
  record                         = true
`))},
			{
				ResourceName:      maskingRes,
				ImportState:       true,
				ImportStateVerify: true,
			},
		},
	})
}

func TestAccMaskingSession_generatedPINs(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	pinRe := regexp.MustCompile(`^\d{6}$`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{{
			Config: env.Config(maskingConfig("14155551234", "14155555678", `
  is_pin_authentication_required = true
  generate_pin                   = true
  generate_pin_length            = 6
`)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("first_party_pin"), knownvalue.StringRegexp(pinRe)),
				statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("second_party_pin"), knownvalue.StringRegexp(pinRe)),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				sess, err := getSession(t, env, s)
				if err != nil {
					return err
				}
				if sess.FirstPartyPIN == sess.SecondPartyPIN {
					return fmt.Errorf("generated PINs are equal")
				}
				return resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr(maskingRes, "first_party_pin", sess.FirstPartyPIN),
					resource.TestCheckResourceAttr(maskingRes, "second_party_pin", sess.SecondPartyPIN),
				)(s)
			},
		}},
	})
}

// A session without PINs plans its PINs as null, not as "(sensitive
// value)" to be known after apply: nothing secret is coming.
func TestAccMaskingSession_poolExhausted(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// Every account has three voice-enabled starter numbers: a fourth
	// session with the same party finds none free.
	cfg := env.Config(`
resource "cpaas_masking_session" "a" {
  first_party  = "14155551234"
  second_party = "14155550001"
}
resource "cpaas_masking_session" "b" {
  first_party  = "14155551234"
  second_party = "14155550002"
  depends_on   = [cpaas_masking_session.a]
}
resource "cpaas_masking_session" "c" {
  first_party  = "14155551234"
  second_party = "14155550003"
  depends_on   = [cpaas_masking_session.b]
}
resource "cpaas_masking_session" "d" {
  first_party  = "14155550004"
  second_party = "14155551234"
  depends_on   = [cpaas_masking_session.c]
}
`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{{
			Config:      cfg,
			ExpectError: acctest.ErrorPattern("Error creating masking session .* HTTP 400: " + regexp.QuoteMeta(maskingrules.MsgPoolExhausted)),
		}},
	})
}

func TestAccMaskingSession_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cases := []struct{ cfg, msg string }{
		{maskingConfig("+14155551234", "14155555678", ""), `Attribute first_party must be a phone number with country code`},
		{maskingConfig("14155551234", "14155551234", ""), `Attribute second_party "14155551234" must differ from first_party`},
		{maskingConfig("14155551234", "14155555678", `  session_expiry = 30`), `Attribute session_expiry value must be between 60 and 604800, got: 30`},
		{maskingConfig("14155551234", "14155555678", "  is_pin_authentication_required = true\n  generate_pin = true\n  generate_pin_length = 3"),
			`Attribute generate_pin_length value must be between 4 and 15, got: 3`},
		{maskingConfig("14155551234", "14155555678", "  is_pin_authentication_required = true\n  generate_pin = true\n  generate_pin_length = 16"),
			`Attribute generate_pin_length value must be between 4 and 15, got: 16`},
		{maskingConfig("14155551234", "14155555678", "  is_pin_authentication_required = true\n  first_party_pin = \"1234\""),
			`Attribute second_party_pin is required when is_pin_authentication_required is true and generate_pin is false`},
		{maskingConfig("14155551234", "14155555678", "  is_pin_authentication_required = true\n  first_party_pin = \"1234\"\n  second_party_pin = \"1234\""),
			`Attribute second_party_pin must differ from first_party_pin`},
		{maskingConfig("14155551234", "14155555678", "  is_pin_authentication_required = true\n  first_party_pin = \"12\"\n  second_party_pin = \"1234\""),
			`Attribute first_party_pin must be 4 to 15 digits (got 2 characters)`},
		{maskingConfig("14155551234", "14155555678", "  generate_pin = true"),
			`Attribute generate_pin can only be true when is_pin_authentication_required is true`},
		{maskingConfig("14155551234", "14155555678", `  first_party_play_url = "https://audio.example/hello.ogg"`),
			`Attribute first_party_play_url "https://audio.example/hello.ogg" is invalid: it must be the URL of an .mp3 or .wav file`},
		{maskingConfig("14155551234", "14155555678", `  callback_url = ""`), `Attribute callback_url must not be empty`},
		{maskingConfig("14155551234", "14155555678", `  callback_method = "PUT"`), `Attribute callback_method value must be one of`},
	}
	var steps []resource.TestStep
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: env.Config(c.cfg), PlanOnly: true, ExpectError: acctest.ErrorPattern(regexp.QuoteMeta(c.msg))})
	}
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
	objs := env.Objects(t)
	if len(objs["masking_sessions"])+len(objs["masking_sessions_expired"]) != 0 {
		t.Fatalf("invalid configurations created sessions: %v", objs)
	}
}

// After an import, unknown_caller_play (which the API never returns) is
// adopted from the configuration instead of forcing a replacement; a real
// change of it still replaces the session.
func TestAccMaskingSession_importAdoptsUnknownCallerPlay(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := func(url string) string {
		return env.Config(maskingConfig("14155551234", "14155555678", fmt.Sprintf(`  unknown_caller_play = %q`, url)))
	}
	var id string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			{
				// A session made outside Terraform, then imported.
				PreConfig: func() {
					created, err := env.Client(t).CreateMaskingSession(context.Background(), client.MaskingSessionCreate{
						FirstParty: "14155551234", SecondParty: "14155555678", UnknownCallerPlay: "https://audio.example/who.mp3",
					})
					if err != nil {
						t.Fatal(err)
					}
					id = created.SessionUUID
				},
				Config:             cfg("https://audio.example/who.mp3"),
				ResourceName:       maskingRes,
				ImportState:        true,
				ImportStateIdFunc:  func(*terraform.State) (string, error) { return id, nil },
				ImportStatePersist: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].ID != id || states[0].Attributes["unknown_caller_play"] != "" {
						return fmt.Errorf("imported %v", states)
					}
					return nil
				},
			},
			{
				Config: cfg("https://audio.example/who.mp3"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					got, _ := sessionID(s)
					if got != id {
						return fmt.Errorf("adoption replaced the session: %s -> %s", id, got)
					}
					return resource.TestCheckResourceAttr(maskingRes, "unknown_caller_play", "https://audio.example/who.mp3")(s)
				},
			},
			{
				Config: cfg("https://audio.example/stranger.mp3"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(maskingRes, plancheck.ResourceActionDestroyBeforeCreate)},
				},
			},
		},
	})
}

// adoptSession makes a session outside Terraform (made returns its id),
// imports it next to cfg, and requires the plan after the import to be
// empty: nothing replaced, nothing updated.
func adoptSession(t *testing.T, env *acctest.Env, cfg string, made func() string, checks ...statecheck.StateCheck) {
	t.Helper()
	var id string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			{
				PreConfig:          func() { id = made() },
				Config:             env.Config(cfg),
				ResourceName:       maskingRes,
				ImportState:        true,
				ImportStateIdFunc:  func(*terraform.State) (string, error) { return id, nil },
				ImportStatePersist: true,
			},
			{
				Config: env.Config(cfg),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: checks,
				Check: func(s *terraform.State) error {
					if got, _ := sessionID(s); got != id {
						return fmt.Errorf("adoption replaced the session: %s -> %s", id, got)
					}
					return nil
				},
			},
		},
	})
}

// TestAccMaskingSession_importWithoutPinPlansNoReplacement: the service's
// GET of a session without PIN authentication leaves generate_pin_length,
// pin_retry and pin_retry_wait out; adopting such a session with the
// documented configuration (which leaves the PIN options to their
// defaults) plans nothing, where reading them as 0 planned three forced
// replacements.
func TestAccMaskingSession_importWithoutPinPlansNoReplacement(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	adoptSession(t, env, maskingConfig("14155551234", "14155555678", `  session_expiry = 7200
  record         = true`), func() string {
		expiry, rec := int64(7200), true
		created, err := env.Client(t).CreateMaskingSession(context.Background(), client.MaskingSessionCreate{
			FirstParty: "14155551234", SecondParty: "14155555678", SessionExpiry: &expiry, Record: &rec,
		})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := env.Client(t).GetMaskingSession(context.Background(), created.SessionUUID); got.PINRetry != nil {
			t.Fatalf("the emulator returned pin_retry %d for a session without PIN authentication", *got.PINRetry)
		}
		return created.SessionUUID
	},
		statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("generate_pin_length"), knownvalue.Int64Exact(maskingrules.DefaultGeneratePINLength)),
		statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("pin_retry"), knownvalue.Int64Exact(maskingrules.DefaultPINRetry)),
		statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("pin_retry_wait"), knownvalue.Int64Exact(maskingrules.DefaultPINRetryWait)),
		statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("created_time"), knownvalue.StringRegexp(sessionTimeRe)))
}

// TestAccMaskingSession_createdWithoutPinPlansNoChange: a session created
// without PIN authentication, whose replies leave the PIN options out,
// keeps the configured ones and plans nothing afterwards.
func TestAccMaskingSession_createdWithoutPinPlansNoChange(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cfg := env.Config(maskingConfig("14155551234", "14155555678", `  pin_retry = 3`))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkSessionsEnded(env, t),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("pin_retry"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("generate_pin_length"), knownvalue.Int64Exact(maskingrules.DefaultGeneratePINLength)),
				},
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// TestAccMaskingSession_adoptsPlayURLEndingInXML: older sessions of the
// service hold a play URL ending in .xml, which today's create rule
// refuses. Writing the URL the session holds adopts it: the rule is
// checked only for a URL the apply sends, so the import plans nothing;
// a new session with such a URL is still refused at plan time.
func TestAccMaskingSession_adoptsPlayURLEndingInXML(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "records made under older rules") // up front: a skip midway leaves objects behind
	const xml = "https://audio.example.com/greeting.xml"
	adoptSession(t, env, maskingConfig("14155551234", "14155555678", fmt.Sprintf(`  first_party_play_url = %q`, xml)), func() string {
		created, err := env.Client(t).CreateMaskingSession(context.Background(), client.MaskingSessionCreate{FirstParty: "14155551234", SecondParty: "14155555678"})
		if err != nil {
			t.Fatal(err)
		}
		u := xml
		if err := env.Control(t, "records made under older rules").SetLegacyPlayURLs(acctest.AuthID, created.SessionUUID, emulator.LegacyPlayURLs{FirstPartyPlayURL: &u}); err != nil {
			t.Fatal(err)
		}
		return created.SessionUUID
	}, statecheck.ExpectKnownValue(maskingRes, tfjsonpath.New("first_party_play_url"), knownvalue.StringExact(xml)))

	fresh := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      fresh.Config(maskingConfig("14155551234", "14155555678", fmt.Sprintf(`  first_party_play_url = %q`, xml))),
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(regexp.QuoteMeta(`Attribute first_party_play_url "` + xml + `" is invalid: it must be the URL of an .mp3 or .wav file`)),
		}},
	})
}
