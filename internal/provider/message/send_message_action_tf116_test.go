package message_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
)

// What Terraform 1.16 added to actions, with cpaas_send_message: the
// on_failure modes of an action_trigger, the before_destroy and
// after_destroy events, and -invoke with -target. The tests run in the
// _TF114 pass (the newest Terraform) and skip below 1.16, which the
// configurations need.

// failingNotice fails every invocation once it has sent: a chat-app
// message with no active conversation fails with code 340 while the
// invocation waits for its delivery.
const failingNotice = `
action "cpaas_send_message" "notice" {
  config {
    src      = "14155550100"
    dst      = ["447700900340"]
    type     = "chatapp"
    text     = "Desk changed"
    wait_for = "delivered"
  }
}
`

// goodNotice is a notice that is delivered.
const goodNotice = `
action "cpaas_send_message" "notice" {
  config {
    src  = "14155550100"
    dst  = ["12125550199"]
    text = "%s"
  }
}
`

func quickMessages(o *emulator.Options) {
	o.MessageSentDelay = 10 * time.Millisecond
	o.MessageDeliveredDelay = 10 * time.Millisecond
}

// endpointTriggering is an endpoint whose lifecycle invokes the notice on
// events, with on_failure when it is not empty.
func endpointTriggering(name, events, onFailure string) string {
	mode := ""
	if onFailure != "" {
		mode = "\n      on_failure = " + onFailure
	}
	return fmt.Sprintf(`
resource "cpaas_endpoint" %[1]q {
  username = %[1]q
  password = "s3cret-Passw0rd"
  alias    = "Desk %[1]s"
  lifecycle {
    action_trigger {
      events     = [%[2]s]
      actions    = [action.cpaas_send_message.notice]%[3]s
    }
  }
}
`, name, events, mode)
}

// on_failure decides what a failed notice does to the endpoint that
// triggered it: halt (the default) fails the apply and keeps the endpoint,
// untainted; taint fails it and taints the endpoint, which the next plan
// replaces; continue turns the failure into a warning naming the code and
// the apply succeeds. Each way, the endpoint exists once on the account
// and the notice was sent once.
func TestAccSendMessageAction_onFailure_TF114(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode    string
		fails   bool
		tainted bool
	}{{"", true, false}, {"halt", true, false}, {"taint", true, true}, {"continue", false, false}} {
		t.Run("on_failure="+c.mode, func(t *testing.T) {
			t.Parallel()
			env := acctest.NewEnv(t, quickMessages)
			r := messagetest.NewTF114Runner(t, env, endpointTriggering("desk", "after_create", c.mode)+failingNotice)
			r.SkipBelow(1, 16)
			out, err := r.Try("apply", "-input=false", "-auto-approve")
			if (err != nil) != c.fails {
				t.Fatalf("apply failed: %v, want failed: %v\n%s", err != nil, c.fails, out)
			}
			if !acctest.ErrorPattern(`to 447700900340 \(destination 1\) is failed with error code 340`).MatchString(out) {
				t.Errorf("the output does not name the failed notice:\n%s", out)
			}
			if !c.fails && !strings.Contains(out, "Warning:") {
				t.Errorf("on_failure = continue: the failure is not a warning:\n%s", out)
			}
			if eps := env.Objects(t)["endpoints"]; len(eps) != 1 {
				t.Fatalf("the account holds endpoints %v, want one", eps)
			}
			if n := len(env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)); n != 1 {
				t.Errorf("%d notices sent, want 1", n)
			}
			show := r.Run("state", "show", "cpaas_endpoint.desk")
			if tainted := strings.Contains(show, "tainted"); tainted != c.tainted {
				t.Errorf("tainted: %v, want %v\n%s", tainted, c.tainted, show)
			}
			plan := r.Run("plan", "-input=false")
			replaced := strings.Contains(plan, "cpaas_endpoint.desk is tainted, so must be replaced")
			if replaced != c.tainted {
				t.Errorf("the next plan replaces the endpoint: %v, want %v\n%s", replaced, c.tainted, plan)
			}
		})
	}
}

// A notice on after_destroy: terraform destroy sends it once the endpoint
// is gone, and a notice that fails never blocks the destroy (Terraform
// turns its error into a warning). A plain apply sends nothing.
func TestAccSendMessageAction_afterDestroy_TF114(t *testing.T) {
	t.Parallel()
	t.Run("sent", func(t *testing.T) {
		t.Parallel()
		env := acctest.NewEnv(t, quickMessages)
		r := messagetest.NewTF114Runner(t, env, endpointTriggering("desk", "after_destroy", "")+fmt.Sprintf(goodNotice, "Desk endpoint removed"))
		r.SkipBelow(1, 16)
		r.Run("apply", "-input=false", "-auto-approve")
		if n := len(env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)); n != 0 {
			t.Fatalf("the apply sent %d notices, want none", n)
		}
		if code, out := r.PlanExitCode(); code != 0 {
			t.Fatalf("plan after apply: exit %d\n%s", code, out)
		}
		r.Run("destroy", "-input=false", "-auto-approve")
		if eps := env.Objects(t)["endpoints"]; len(eps) != 0 {
			t.Fatalf("endpoints after destroy: %v", eps)
		}
		messagetest.ExpectSent(t, env, "sms 14155550100->12125550199 Desk endpoint removed")
	})
	t.Run("failing", func(t *testing.T) {
		t.Parallel()
		env := acctest.NewEnv(t, quickMessages)
		r := messagetest.NewTF114Runner(t, env, endpointTriggering("desk", "after_destroy", "")+failingNotice)
		r.SkipBelow(1, 16)
		r.Run("apply", "-input=false", "-auto-approve")
		out := r.Run("destroy", "-input=false", "-auto-approve")
		if !strings.Contains(out, "Warning:") || !strings.Contains(out, "error code 340") {
			t.Errorf("the failed notice is not a warning of the destroy:\n%s", out)
		}
		if eps := env.Objects(t)["endpoints"]; len(eps) != 0 {
			t.Fatalf("endpoints after destroy: %v", eps)
		}
		if out := r.Run("state", "list"); strings.TrimSpace(out) != "" {
			t.Fatalf("the state after destroy holds %s", out)
		}
	})
}

// Two endpoints trigger the same action on update: -invoke with -target
// names the caller (Terraform 1.16), and one invocation is planned and
// sent. An invocation changes no resource, though one has an update
// pending; the plain apply after it makes the update, which invokes the
// action once more through its trigger.
func TestAccSendMessageAction_invokeWithTarget_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, quickMessages)
	notice := fmt.Sprintf(goodNotice, "Desk check")
	r := messagetest.NewTF114Runner(t, env, endpointTriggering("front", "after_update", "")+endpointTriggering("back", "after_update", "")+notice)
	r.SkipBelow(1, 16)
	r.Run("apply", "-input=false", "-auto-approve")
	messagetest.ExpectSent(t, env)
	// An update of back is pending.
	r.Edit("main.tf", `alias    = "Desk back"`, `alias    = "Back office"`)
	args := []string{"-invoke=action.cpaas_send_message.notice", "-target=cpaas_endpoint.back"}
	plan := r.PlannedInvocations(args...)
	if len(plan.ActionInvocations) != 1 || plan.ActionInvocations[0].InvokeActionTrigger == nil {
		t.Fatalf("the plan shows invocations %+v, want one from the command line", plan.ActionInvocations)
	}
	for _, rc := range plan.ResourceChanges {
		if !rc.Change.Actions.NoOp() {
			t.Errorf("an invocation plans %s: %v", rc.Address, rc.Change.Actions)
		}
	}
	r.Run("apply", "-input=false", "tfplan")
	const sent = "sms 14155550100->12125550199 Desk check"
	messagetest.ExpectSent(t, env, sent)
	if code, out := r.PlanExitCode(); code != 2 || !strings.Contains(out, "cpaas_endpoint.back will be updated in-place") {
		t.Fatalf("the update of back is no longer pending: exit %d\n%s", code, out)
	}
	r.Run("apply", "-input=false", "-auto-approve")
	messagetest.ExpectSent(t, env, sent, sent)
}
