package messagetest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
)

// Tests of the cpaas_send_message action. Actions need Terraform 1.14+: the
// names end in _TF114, so make test runs them with such a CLI.

// SentMessages is what the emulator received, as "type from->to text" lines.
func SentMessages(env *acctest.Env) []string {
	var out []string
	for _, m := range env.Control(nil, "the messages the emulator sent").SentMessages(acctest.AuthID) {
		out = append(out, fmt.Sprintf("%s %s->%s %s", m.Type, m.From, m.To, m.Text))
	}
	return out
}

// ExpectSent checks that the emulator received exactly want, in order.
func ExpectSent(t *testing.T, env *acctest.Env, want ...string) {
	t.Helper()
	if got := SentMessages(env); !slices.Equal(got, want) {
		t.Fatalf("the emulator received %d messages:\n  %s\nwant %d:\n  %s", len(got), strings.Join(got, "\n  "), len(want), strings.Join(want, "\n  "))
	}
}

// ExpectActionInvocations checks the plan's action invocations: their
// addresses, in order, and for each the event of the resource that
// triggers it ("" for an invocation from the command line).
type ExpectActionInvocations struct {
	Want []ActionInvocation
}

type ActionInvocation struct{ Address, Trigger, Event string }

func (e ExpectActionInvocations) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = CheckInvocations(req.Plan, e.Want)
}

func CheckInvocations(plan *tfjson.Plan, want []ActionInvocation) error {
	var got []ActionInvocation
	for _, ai := range plan.ActionInvocations {
		inv := ActionInvocation{Address: ai.Address}
		switch {
		case ai.LifecycleActionTrigger != nil:
			inv.Trigger, inv.Event = ai.LifecycleActionTrigger.TriggeringResourceAddress, ai.LifecycleActionTrigger.ActionTriggerEvent
		case ai.InvokeActionTrigger != nil:
			inv.Trigger = "invoke"
		}
		got = append(got, inv)
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("plan's action invocations: %+v, want %+v", got, want)
	}
	return nil
}

// NewTF114Runner is provtest.NewTFRunner for tests that need Terraform 1.14+: it
// skips below that version, as TerraformVersionChecks does for the others
// (make test never runs them with an older CLI).
func NewTF114Runner(t *testing.T, env *acctest.Env, body string) *provtest.TfRunner {
	t.Helper()
	r := provtest.NewTFRunner(t)
	r.SkipBelowTF114()
	r.Write(fmt.Sprintf(`
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, provtest.ChaosProviderSrc) + env.ProviderConfig() + body)
	r.Run("init", "-input=false")
	return r
}

// NotifyWithLeadingZeroHCL is an endpoint whose creation triggers
// cpaas_send_message with a destination that starts with 0: a mistake only
// a planned invocation of the action finds.
const NotifyWithLeadingZeroHCL = `
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
    dst  = ["012125550199"]
    text = "hello"
  }
}
`
