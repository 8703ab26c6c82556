package message_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// fastLifecycle runs the lifecycle on the real clock in a few milliseconds,
// for tests of wait_for (the provider polls; the test never sleeps).
func fastLifecycle(o *emulator.Options) {
	o.MessageSentDelay = 10 * time.Millisecond
	o.MessageDeliveredDelay = 10 * time.Millisecond
}

// messageCount is how many message records the emulator holds.
func messageCount(t *testing.T, env *acctest.Env) int {
	return len(env.Objects(t)["messages"])
}

// expectMessages checks the number of records in the emulator: destroy
// only forgets, so they must all still be there, and nothing was sent
// that the plan did not announce.
func expectMessages(t *testing.T, env *acctest.Env, n int) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if got := messageCount(t, env); got != n {
			return fmt.Errorf("emulator holds %d messages, want %d", got, n)
		}
		return nil
	}
}

func TestAccMessage_smsTwoDestinations(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	text := strings.Repeat("Release 2.4 is out. ", 9) // 180 GSM characters: 2 units
	acctest.Test(t, resource.TestCase{
		CheckDestroy: expectMessages(t, env, 2),
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
resource "cpaas_message" "test" {
  src  = "+1 (415) 555-0100"
  dst  = ["+1 212 555 0199", "44 7700 900123"]
  text = %q
}
`, text)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("cpaas_message.test", plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("units"), knownvalue.Int64Exact(2)),
					plancheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("encoding"), knownvalue.StringExact("GSM")),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("message_uuids"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringRegexp(uuidRE), knownvalue.StringRegexp(uuidRE),
				})),
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("message_states"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("queued"), knownvalue.StringExact("queued"),
				})),
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("type"), knownvalue.StringExact("sms")),
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("wait_for"), knownvalue.StringExact("queued")),
			},
			Check: resource.ComposeTestCheckFunc(
				expectMessages(t, env, 2),
				func(s *terraform.State) error {
					rs := s.RootModule().Resources["cpaas_message.test"].Primary
					if rs.ID != rs.Attributes["message_uuids.0"] {
						return fmt.Errorf("id %s is not the first message UUID", rs.ID)
					}
					for i, want := range []string{"12125550199", "447700900123"} {
						m, err := env.Client(t).GetMessage(context.Background(), rs.Attributes["message_uuids."+strconv.Itoa(i)])
						if err != nil {
							return err
						}
						if m.ToNumber != want || m.FromNumber != "14155550100" || m.Units != 2 {
							return fmt.Errorf("record %d: to %s from %s units %d", i, m.ToNumber, m.FromNumber, m.Units)
						}
					}
					return nil
				},
			),
		}},
	})
}

func TestAccMessage_changeSendsAgain(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	config := func(text, waitFor, release string) string {
		return env.Config(fmt.Sprintf(`
resource "cpaas_message" "test" {
  src      = "14155550100"
  dst      = ["447700900123"]
  text     = %q
  wait_for = %q
  triggers = { release = %q }
}
`, text, waitFor, release))
	}
	var firstID string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: expectMessages(t, env, 3),
		Steps: []resource.TestStep{
			{
				Config: config("on-call test", "queued", "1"),
				Check: resource.ComposeTestCheckFunc(expectMessages(t, env, 1), func(s *terraform.State) error {
					firstID = s.RootModule().Resources["cpaas_message.test"].Primary.ID
					return nil
				}),
			},
			{
				// A changed text is a new message: the plan shows a replacement.
				Config: config("on-call test, second round", "queued", "1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("cpaas_message.test", plancheck.ResourceActionReplace),
						plancheck.ExpectUnknownValue("cpaas_message.test", tfjsonpath.New("id")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: resource.ComposeTestCheckFunc(expectMessages(t, env, 2), func(s *terraform.State) error {
					if s.RootModule().Resources["cpaas_message.test"].Primary.ID == firstID {
						return fmt.Errorf("replacement kept the old message UUID")
					}
					return nil
				}),
			},
			{
				// wait_for is not part of the message: it updates in place and sends nothing.
				Config: config("on-call test, second round", "sent", "1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_message.test", plancheck.ResourceActionUpdate)},
				},
				Check: expectMessages(t, env, 2),
			},
			{
				// triggers send again on purpose.
				Config: config("on-call test, second round", "queued", "2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_message.test", plancheck.ResourceActionReplace)},
				},
				Check: expectMessages(t, env, 3),
			},
		},
	})
}

// mediaServer serves files of a size given in the path, with a Content-Length.
func mediaServer(t *testing.T) *httptest.Server {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		w.Header().Set("Content-Type", "image/jpeg")
		w.Header().Set("Content-Length", strconv.Itoa(n))
		if r.Method == http.MethodGet {
			_, _ = w.Write(make([]byte, n))
		}
	}))
	t.Cleanup(hs.Close)
	return hs
}

func TestAccMessage_mms(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	media := mediaServer(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
resource "cpaas_message" "test" {
  src        = "14155550100"
  dst        = ["12125550199"]
  type       = "mms"
  text       = "Floor plan attached"
  media_urls = ["%[1]s/2048", "%[1]s/4096"]
}
`, media.URL)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("units"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("encoding"), knownvalue.Null()),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				id := s.RootModule().Resources["cpaas_message.test"].Primary.ID
				media, err := env.Client(t).ListMessageMedia(context.Background(), id)
				if err != nil {
					return err
				}
				if len(media.Objects) != 2 || media.Objects[0].Size != 2048 || media.Objects[1].Size != 4096 {
					return fmt.Errorf("media %+v", media.Objects)
				}
				return nil
			},
		}},
	})
}

func TestAccMessage_mmsTooLargeFails120(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, fastLifecycle)
	media := mediaServer(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
resource "cpaas_message" "test" {
  src        = "14155550100"
  dst        = ["12125550199"]
  type       = "mms"
  media_urls = ["%[1]s/%[2]d", "%[1]s/1"]
  wait_for   = "sent"
}
`, media.URL, messagerules.MaxMMSTotalBytes)),
			ExpectError: acctest.ErrorPattern(`is failed with error code 120: Total MMS size exceeds 5MB`),
		}},
	})
}

func TestAccMessage_chatAppTemplateDelivered(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, fastLifecycle)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "cpaas_message" "test" {
  src  = "14155550100"
  dst  = ["447700900555"]
  type = "chatapp"
  template = {
    name     = "order_update"
    language = "en_US"
    components = [
      { type = "header", parameters = [{ type = "text", text = "Order 42" }] },
      { type = "body", parameters = [{ type = "text", text = "has shipped" }] },
      { type = "button", sub_type = "url", index = 0, parameters = [{ type = "text", text = "track/42" }] },
    ]
  }
  wait_for = "delivered"
  timeouts {
    create = "1m"
  }
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("message_states"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("delivered")})),
				statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("error_codes"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("000")})),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		}},
	})
}

func TestAccMessage_failuresSurfaceTheirCode(t *testing.T) {
	t.Parallel()
	t.Run("chatapp freeform without conversation: 340", func(t *testing.T) {
		t.Parallel()
		env := acctest.NewEnv(t, fastLifecycle)
		acctest.Test(t, resource.TestCase{
			Steps: []resource.TestStep{{
				Config: env.Config(`
resource "cpaas_message" "test" {
  src      = "14155550100"
  dst      = ["447700900555"]
  type     = "chatapp"
  text     = "Hi there"
  wait_for = "delivered"
}
`),
				ExpectError: acctest.ErrorPattern(`is failed with error code 340: Freeform chat-app message sent with no active conversation`),
			}},
		})
	})
	t.Run("incomplete DLT pair: 160", func(t *testing.T) {
		t.Parallel()
		env := acctest.NewEnv(t, fastLifecycle)
		acctest.Test(t, resource.TestCase{
			Steps: []resource.TestStep{{
				Config: env.Config(`
resource "cpaas_message" "test" {
  src           = "14155550100"
  dst           = ["919876543210"]
  text          = "OTP 123456"
  dlt_entity_id = "1201159123456789012"
  wait_for      = "sent"
}
`),
				ExpectError: acctest.ErrorPattern(`is failed with error code 160: DLT entity ID or DLT template ID passed incorrectly`),
			}},
		})
	})
	t.Run("undelivered destination", func(t *testing.T) {
		t.Parallel()
		env := acctest.NewEnv(t, fastLifecycle)
		if err := env.Control(t, "delivery outcomes").SetDestinationOutcome(acctest.AuthID, "447700900999", emulator.DestinationOutcome{Outcome: emulator.OutcomeUndelivered, ErrorCode: "451"}); err != nil {
			t.Fatal(err)
		}
		acctest.Test(t, resource.TestCase{
			Steps: []resource.TestStep{{
				Config: env.Config(`
resource "cpaas_message" "test" {
  src      = "14155550100"
  dst      = ["447700900123", "447700900999"]
  text     = "Pager test"
  wait_for = "delivered"
}
`),
				ExpectError: acctest.ErrorPattern(`\(destination 2\) is undelivered with error code 451`),
			}},
		})
	})
}

// A record that is masked (log = false) or gone never changes the plan: a
// refresh must not lead to sending again.
func TestAccMessage_refreshOfMaskedOrMissingRecord(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	env.Control(t, "time travel") // up front: a skip midway leaves objects behind
	config := env.Config(`
resource "cpaas_message" "test" {
  src  = "14155550100"
  dst  = ["12125550199"]
  text = "Your code is 123456"
  log  = "false"
}
`)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					m, err := env.Client(t).GetMessage(context.Background(), s.RootModule().Resources["cpaas_message.test"].Primary.ID)
					if err != nil {
						return err
					}
					if m.ToNumber != "12125XXXXXX" || m.FromNumber != "14155XXXXXX" {
						return fmt.Errorf("record not masked: %s %s", m.FromNumber, m.ToNumber)
					}
					return nil
				},
			},
			{
				// The clock moves (the message is delivered) and then the
				// record disappears: the state keeps what it knew.
				PreConfig: func() {
					env.Control(t, "time travel").Clock().Advance(time.Minute)
				},
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("message_states"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("delivered")})),
				},
			},
			{
				PreConfig:        func() { env.Control(t, "resetting the account").Reset() },
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("message_states"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("delivered")})),
				},
				Check: expectMessages(t, env, 0),
			},
		},
	})
}

func TestAccMessage_import(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	config := env.Config(`
resource "cpaas_message" "test" {
  src  = "14155550100"
  dst  = ["+44 7700 900123"]
  text = "Imported"
}
`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: expectMessages(t, env, 1),
		Steps: []resource.TestStep{
			{Config: config},
			{
				ResourceName:      "cpaas_message.test",
				ImportState:       true,
				ImportStateVerify: true,
				// A record holds neither the text nor the number as written;
				// the first plan adopts them in place.
				ImportStateVerifyIgnore: []string{"text", "dst", "encoding"},
			},
			{
				ResourceName:  "cpaas_message.test",
				ImportState:   true,
				ImportStateId: "not-a-uuid",
				ExpectError:   acctest.ErrorPattern(`Import a message by its message UUID`),
			},
		},
	})
}

func TestAccMessage_planTimeValidation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cases := []struct {
		name, body, want string
	}{
		{"gsm too long", fmt.Sprintf(`src = "14155550100"
  dst = ["447700900123"]
  text = %q`, strings.Repeat("a", 1601)), `text: must be at most 1600 GSM characters, is 1601`},
		{"ucs-2 too long", fmt.Sprintf(`src = "14155550100"
  dst = ["447700900123"]
  text = %q`, strings.Repeat("ж", 738)), `text: must be at most 737 UCS-2 characters, is 738`},
		{"dst too long", `src = "14155550100"
  dst = ["447700900123", "+44 7700 900123 456"]
  text = "x"`, `dst\[1\]: sanitised number "447700900123456" must be at most 14 characters`},
		{"dst without its country code", `src = "14155550100"
  dst = ["447700900123", "555-0101"]
  text = "x"`, `dst\[1\]: sanitised number "5550101" is no possible phone number: after country code 55 a number has`},
		{"src no possible number", `src = "1415555010"
  dst = ["447700900123"]
  text = "x"`, `src: sanitised number "1415555010" is no possible phone number: after country code 1 a number has 10 digits, this has 9`},
		{"dst with separator", `src = "14155550100"
  dst = ["447700900123<447700900124"]
  text = "x"`, `dst\[0\]: must hold one number; list several destinations as separate elements`},
		{"src and powerpack", `src = "14155550100"
  powerpack_uuid = "0b6b1c8e-0f0a-4d8e-9b7a-2f7a1c1d2e3f"
  dst = ["447700900123"]
  text = "x"`, `powerpack_uuid: cannot be combined with src`},
		{"alphanumeric too long", `src = "ACME Widgets Ltd"
  dst = ["447700900123"]
  text = "x"`, `src: sanitised alphanumeric sender ID "ACMEWidgetsLtd" must be at most 11 characters`},
		{"neither src nor powerpack", `dst = ["447700900123"]
  text = "x"`, `src: exactly one of src or powerpack_uuid is required`},
		{"sms needs text", `src = "14155550100"
  dst = ["447700900123"]`, `text: is required for type sms`},
		{"message_expiry", `src = "14155550100"
  dst = ["447700900123"]
  text = "x"
  message_expiry = 10800`, `Attribute message_expiry value must be between 5 and 10799, got: 10800`},
		{"log", `src = "14155550100"
  dst = ["447700900123"]
  text = "x"
  log = "sometimes"`, `Attribute log value must be one of:`},
		{"mms needs media", `src = "14155550100"
  dst = ["447700900123"]
  type = "mms"`, `media_urls: is required for type mms`},
		{"mms media count", fmt.Sprintf(`src = "14155550100"
  dst = ["447700900123"]
  type = "mms"
  media_urls = [%s]`, strings.TrimSuffix(strings.Repeat(`"https://m.example/a.png",`, 11), ",")), `media_urls: must hold at most 10 URLs for type mms, holds 11`},
		{"template button index", `src = "14155550100"
  dst = ["447700900123"]
  type = "chatapp"
  template = {
    name = "t"
    language = "en"
    components = [{ type = "button", sub_type = "url", index = "10", parameters = [{ type = "text", text = "x" }] }]
  }`, `template.components\[0\].index: is required for a button and must be 0 to 9`},
		{"template with text", `src = "14155550100"
  dst = ["447700900123"]
  type = "chatapp"
  text = "hi"
  template = { name = "t", language = "en_US" }`, `text: cannot be combined with template`},
		{"chatapp caption", fmt.Sprintf(`src = "14155550100"
  dst = ["447700900123"]
  type = "chatapp"
  media_urls = ["https://m.example/a.png"]
  text = %q`, strings.Repeat("c", 1025)), `text: must be at most 1024 characters as a caption with media, is 1025`},
		{"wait_for", `src = "14155550100"
  dst = ["447700900123"]
  text = "x"
  wait_for = "read"`, `Attribute wait_for value must be one of:`},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config:      env.Config("resource \"cpaas_message\" \"test\" {\n  " + tc.body + "\n}\n"),
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(tc.want),
		})
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: expectMessages(t, env, 0),
		Steps:        steps,
	})
}

// A rule that needs the account is checked by the API at apply time: a 400
// naming the field, and nothing is sent.
func TestAccMessage_apiRejection(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: expectMessages(t, env, 0),
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "cpaas_message" "test" {
  src  = "447700900999"
  dst  = ["12125550199"]
  text = "hello"
}
`),
			ExpectError: acctest.ErrorPattern(`sending to the US or Canada \(dst "12125550199"\) needs a phone number of this account as src`),
		}},
	})
}

// A message sent outside Terraform (or whose send reply was lost) is
// adopted by import: the first plan updates in place and sends nothing.
func TestAccMessage_importAdoptsWithoutSending(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	sent, err := env.Client(t).SendMessage(context.Background(), messagerules.Message{Src: "14155550100", Dst: "447700900123", Text: "Sent by a script"})
	if err != nil {
		t.Fatal(err)
	}
	config := env.Config(`
resource "cpaas_message" "test" {
  src  = "+1 415 555 0100"
  dst  = ["+44 7700 900123"]
  text = "Sent by a script"
}
`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: expectMessages(t, env, 2),
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       "cpaas_message.test",
				ImportState:        true,
				ImportStateId:      sent.MessageUUID[0],
				ImportStatePersist: true,
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_message.test", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("id"), knownvalue.StringExact(sent.MessageUUID[0])),
					statecheck.ExpectKnownValue("cpaas_message.test", tfjsonpath.New("encoding"), knownvalue.StringExact("GSM")),
				},
				Check: expectMessages(t, env, 1),
			},
			{
				// After the adoption, a change is a new message as usual.
				Config: env.Config(`
resource "cpaas_message" "test" {
  src  = "+1 415 555 0100"
  dst  = ["+44 7700 900123"]
  text = "Sent by Terraform"
}
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_message.test", plancheck.ResourceActionReplace)},
				},
				Check: expectMessages(t, env, 2),
			},
		},
	})
}

// A destination known only after apply is checked by the API then; every
// known argument is still checked at plan time, and the unknown one raises
// no false error.
func TestAccMessage_planTimeValidationWithUnknownValues(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	config := func(text string) string {
		return env.Config(fmt.Sprintf(`
resource "terraform_data" "number" {
  input = "447700900123"
}

resource "cpaas_message" "test" {
  src  = "14155550100"
  dst  = [terraform_data.number.output]
  text = %q
}
`, text))
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      config(strings.Repeat("a", 1601)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`text: must be at most 1600 GSM characters, is 1601`),
			},
			{
				Config: config("fine"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectUnknownValue("cpaas_message.test", tfjsonpath.New("dst").AtSliceIndex(0))},
				},
				Check: expectMessages(t, env, 1),
			},
		},
	})
}
