package message_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

func checkSent(t *testing.T, env *acctest.Env, want ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if got := messagetest.SentMessages(env); !slices.Equal(got, want) {
			return fmt.Errorf("the emulator received %d messages:\n  %s\nwant %d:\n  %s", len(got), strings.Join(got, "\n  "), len(want), strings.Join(want, "\n  "))
		}
		return nil
	}
}

const notifyAction = `
action "cpaas_send_message" "notify" {
  config {
    src  = "+1 (415) 555-0100"
    dst  = ["+1 212 555 0199"]
    text = "Endpoint ready — Grüße ✓"
  }
}
`

// A resource's lifecycle invokes the action: once after it is created,
// once after each in-place update, never on a plan without a change, and
// the plan shows each invocation.
func TestAccSendMessageAction_actionTrigger_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	config := func(alias string) string {
		return env.Config(fmt.Sprintf(`
resource "cpaas_endpoint" "desk" {
  username = "alice"
  password = "s3cret-Passw0rd"
  alias    = %q
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.cpaas_send_message.notify]
    }
  }
}
`, alias) + notifyAction)
	}
	const sent = "sms 14155550100->12125550199 Endpoint ready — Grüße ✓"
	invoked := func(event string) []plancheck.PlanCheck {
		return []plancheck.PlanCheck{messagetest.ExpectActionInvocations{Want: []messagetest.ActionInvocation{{Address: "action.cpaas_send_message.notify", Trigger: "cpaas_endpoint.desk", Event: event}}}}
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		CheckDestroy:           checkSent(t, env, sent, sent),
		Steps: []resource.TestStep{{
			Config: config("Alice"),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             invoked("AfterCreate"),
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			Check: checkSent(t, env, sent),
		}, {
			// The same configuration: nothing to do, nothing sent.
			Config: config("Alice"),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), messagetest.ExpectActionInvocations{}},
			},
			Check: checkSent(t, env, sent),
		}, {
			Config: config("Alice (desk)"),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: append(invoked("AfterUpdate"), plancheck.ExpectResourceAction("cpaas_endpoint.desk", plancheck.ResourceActionUpdate)),
			},
			Check: checkSent(t, env, sent, sent),
		}},
	})
}

// A message the rules refuse fails at plan time, naming the attribute and
// the rule; the resource that would trigger it is not created and nothing
// is sent. The rules run when the invocation is planned (the action's
// ModifyPlan), so a plan that invokes nothing refuses nothing:
// TestAccSendMessageAction_refusedWhenInvoked_TF114.
func TestAccSendMessageAction_refusedAtPlan_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			// 738 UCS-2 characters (1,476 bytes): one more than an SMS may hold.
			Config: env.Config(fmt.Sprintf(`
resource "cpaas_endpoint" "desk" {
  username = "alice"
  password = "s3cret-Passw0rd"
  alias    = "Alice"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cpaas_send_message.notify]
    }
  }
}

action "cpaas_send_message" "notify" {
  config {
    src  = "14155550100"
    dst  = ["12125550199"]
    text = %q
  }
}
`, strings.Repeat("Ж", 738))),
			ExpectError: acctest.ErrorPattern(`text: must be at most 737 UCS-2 characters, is 738`),
		}, {
			Config:      env.Config(messagetest.NotifyWithLeadingZeroHCL),
			ExpectError: acctest.ErrorPattern(`dst: sanitised number "012125550199" must begin with the country code, not 0`),
		}, {
			PreConfig: func() {
				messagetest.ExpectSent(t, env)
				if n := len(env.Objects(t)["endpoints"]); n != 0 {
					t.Fatalf("%d endpoints created by a refused plan", n)
				}
			},
			Config:   env.Config(notifyAction),
			PlanOnly: true,
		}},
	})
}

// An action nothing invokes is not planned, and its mistake stops no
// plan of the configuration's other objects; the plan that invokes it
// (-invoke) names the mistake, and `terraform validate`, which plans
// nothing, names it too.
func TestAccSendMessageAction_refusedWhenInvoked_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	r := messagetest.NewTF114Runner(t, env, `
action "cpaas_send_message" "notify" {
  config {
    src  = "14155550100"
    dst  = ["012125550199"]
    text = "hello"
  }
}
`)
	const refused = `dst: sanitised number "012125550199" must begin with the country code, not 0`
	if code, out := r.PlanExitCode(); code != 0 {
		t.Errorf("a plan that invokes nothing: exit %d, want 0 (no changes)\n%s", code, out)
	}
	out, err := r.Try("plan", "-input=false", "-invoke=action.cpaas_send_message.notify")
	if err == nil || !strings.Contains(provtest.Unwrapped(out), refused) {
		t.Errorf("plan -invoke: err %v, want the refusal %q:\n%s", err, refused, out)
	}
	messagetest.ExpectSent(t, env)
}

// The action invoked from the command line: the plan shows the invocation
// and sends nothing; each apply -invoke sends the configured message once
// per destination; a plan or apply without -invoke sends nothing.
func TestAccSendMessageAction_invokeFromCLI_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	r := messagetest.NewTF114Runner(t, env, `
action "cpaas_send_message" "alert" {
  config {
    src  = "+1 (415) 555-0100"
    dst  = ["+1 212 555 0199", "44 7700 900123"]
    text = "Deploy 2.4 done — 🚀 Grüße"
  }
}
`)
	const invoke = "-invoke=action.cpaas_send_message.alert"
	plan := r.PlannedInvocations(invoke)
	if err := messagetest.CheckInvocations(plan, []messagetest.ActionInvocation{{Address: "action.cpaas_send_message.alert", Trigger: "invoke", Event: ""}}); err != nil {
		t.Fatal(err)
	}
	if cfg, _ := plan.ActionInvocations[0].ConfigValues.(map[string]any); cfg["text"] != "Deploy 2.4 done — 🚀 Grüße" {
		t.Errorf("the plan shows the config %v", plan.ActionInvocations[0].ConfigValues)
	}
	messagetest.ExpectSent(t, env) // planning sends nothing

	out := r.Run("apply", "-input=false", "tfplan")
	once := []string{
		"sms 14155550100->12125550199 Deploy 2.4 done — 🚀 Grüße",
		"sms 14155550100->447700900123 Deploy 2.4 done — 🚀 Grüße",
	}
	messagetest.ExpectSent(t, env, once...)
	for _, m := range env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID) {
		if !strings.Contains(out, "message "+m.UUID+" to "+map[string]string{"12125550199": "+1 212 555 0199", "447700900123": "44 7700 900123"}[m.To]+": queued") {
			t.Errorf("the apply output does not report message %s to %s as queued:\n%s", m.UUID, m.To, out)
		}
	}

	r.Run("apply", "-input=false", "-auto-approve", invoke)
	messagetest.ExpectSent(t, env, append(once, once...)...)

	// Without -invoke nothing is planned and nothing is sent.
	if code, out := r.PlanExitCode(); code != 0 {
		t.Fatalf("plan without -invoke: exit %d\n%s", code, out)
	}
	if plan := r.PlannedInvocations(); len(plan.ActionInvocations) != 0 {
		t.Fatalf("plan without -invoke shows invocations: %+v", plan.ActionInvocations)
	}
	r.Run("apply", "-input=false", "-auto-approve")
	messagetest.ExpectSent(t, env, append(once, once...)...)
}

// wait_for: the invocation reports each destination's change of state as
// progress and ends when every message reached the state.
func TestAccSendMessageAction_waitForDelivered_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, func(o *emulator.Options) {
		o.MessageSentDelay = 300 * time.Millisecond
		o.MessageDeliveredDelay = 2 * time.Second
	})
	r := messagetest.NewTF114Runner(t, env, `
action "cpaas_send_message" "alert" {
  config {
    src      = "14155550100"
    dst      = ["12125550199", "447700900123"]
    text     = "Pager test"
    wait_for = "delivered"
  }
}
`)
	out := r.Run("apply", "-input=false", "-auto-approve", "-invoke=action.cpaas_send_message.alert")
	sent := env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)
	if len(sent) != 2 {
		t.Fatalf("the emulator received %d messages, want 2", len(sent))
	}
	for _, m := range sent {
		if m.State != emulator.MessageDelivered {
			t.Errorf("message to %s is %s when the invocation ended, want delivered", m.To, m.State)
		}
		for _, state := range []string{"queued", "sent", "delivered"} {
			re := regexp.MustCompile(`(?m)message ` + m.UUID + ` to ` + m.To + `: ` + state + `\s*$`)
			if !re.MatchString(out) {
				t.Errorf("no progress line %q in the output:\n%s", re, out)
			}
		}
	}
}

// A message that fails while the invocation waits fails the apply with
// the code, its meaning and the destinations concerned; it is sent once
// and not again.
func TestAccSendMessageAction_failureCodes_TF114(t *testing.T) {
	t.Parallel()
	// Messages leave the queue after 6 s: one allowed 5 s expires (420).
	env := acctest.NewEnv(t, func(o *emulator.Options) {
		o.MessageSentDelay = 6 * time.Second
		o.MessageDeliveredDelay = 10 * time.Millisecond
	})
	media := mediaServer(t)
	r := messagetest.NewTF114Runner(t, env, fmt.Sprintf(`
action "cpaas_send_message" "c120" {
  config {
    src        = "14155550100"
    dst        = ["12125550120"]
    type       = "mms"
    media_urls = ["%[1]s/%[2]d", "%[1]s/1"]
    wait_for   = "sent"
  }
}

action "cpaas_send_message" "c160" {
  config {
    src           = "14155550100"
    dst           = ["919876543210", "919876543211"]
    text          = "OTP 123456"
    dlt_entity_id = "1201159123456789012"
    wait_for      = "sent"
  }
}

action "cpaas_send_message" "c340" {
  config {
    src      = "14155550100"
    dst      = ["447700900340"]
    type     = "chatapp"
    text     = "Hi there"
    wait_for = "delivered"
  }
}

action "cpaas_send_message" "c420" {
  config {
    src            = "14155550100"
    dst            = ["12125550420"]
    text           = "Expires"
    message_expiry = 5
    wait_for       = "sent"
  }
}
`, media.URL, 5*1024*1024))
	cases := []struct {
		action string
		sent   int
		want   []string
	}{
		{"c120", 1, []string{`Message \S+ to 12125550120 \(destination 1\) is failed with error code 120: Total MMS size exceeds 5MB`}},
		{"c160", 2, []string{
			`Message \S+ to 919876543210 \(destination 1\) is failed with error code 160: DLT entity ID or DLT template ID passed incorrectly`,
			`Message \S+ to 919876543211 \(destination 2\) is failed with error code 160: DLT entity ID or DLT template ID passed incorrectly`,
		}},
		{"c340", 1, []string{`Message \S+ to 447700900340 \(destination 1\) is failed with error code 340: Freeform chat-app message sent with no active conversation`}},
		{"c420", 1, []string{`Message \S+ to 12125550420 \(destination 1\) is failed with error code 420: Message stayed in the queue longer than message_expiry`}},
	}
	total := 0
	for _, c := range cases {
		out, err := r.Try("apply", "-input=false", "-auto-approve", "-invoke=action.cpaas_send_message."+c.action)
		if err == nil {
			t.Errorf("%s: the apply succeeded:\n%s", c.action, out)
		}
		for _, want := range c.want {
			if !acctest.ErrorPattern(want).MatchString(out) {
				t.Errorf("%s: the output does not match %q:\n%s", c.action, want, out)
			}
		}
		total += c.sent
		if n := len(env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)); n != total {
			t.Errorf("%s: the emulator holds %d messages, want %d: a failed message is never sent again", c.action, n, total)
		}
	}
}

// A message the API refuses (a rule the plan cannot check: alphanumeric
// senders are off for the account) fails the apply with the API's
// message naming the field; nothing is sent.
func TestAccSendMessageAction_refusedByAPI_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	r := messagetest.NewTF114Runner(t, env, `
action "cpaas_send_message" "alert" {
  config {
    src  = "OnCall"
    dst  = ["12125550199"]
    text = "Pager test"
  }
}
`)
	out, err := r.Try("apply", "-input=false", "-auto-approve", "-invoke=action.cpaas_send_message.alert")
	if err == nil {
		t.Fatalf("the apply succeeded:\n%s", out)
	}
	if !acctest.ErrorPattern(`src: alphanumeric sender IDs are disabled for this account`).MatchString(out) {
		t.Errorf("the error does not name src and the rule:\n%s", out)
	}
	messagetest.ExpectSent(t, env)
}
