package provider_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

const forgetHead = `
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`

// forgetObjects are a number bought by search and a subaccount: what a
// user stops managing without releasing or deleting it.
func forgetObjects(lifecycle string) string {
	return fmt.Sprintf(`
resource "cpaas_subaccount" "team" {
  name = "kept team"
  %[1]s
}

resource "cpaas_phone_number" "line" {
  search = {
    country_iso = "US"
    services    = ["sms", "voice"]
  }
  alias = "kept line"
  %[1]s
}
`, lifecycle)
}

// appliedForget applies the objects with lifecycle in their blocks and
// returns the runner, the number bought and the subaccount's auth_id.
func appliedForget(t *testing.T, env *acctest.Env, lifecycle string, minMinor int) (*provtest.TfRunner, string, string) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	// In real mode the objects this test forgets would stay on the
	// account, outside any state and any sweep.
	env.Control(t, "it leaves a number and a subaccount on the account on purpose")
	tf := provtest.NewTFRunner(t)
	tf.SkipBelow(1, minMinor)
	tf.Write(fmt.Sprintf(forgetHead, provtest.ChaosProviderSrc) + provtest.RelProvider(env.URL, 3) + forgetObjects(lifecycle))
	tf.Run("init", "-input=false")
	tf.Run("apply", "-auto-approve", "-input=false")
	var number, sub string
	for _, r := range tf.StateInstances() {
		switch r.Address {
		case "cpaas_phone_number.line":
			number, _ = r.Values["number"].(string)
		case "cpaas_subaccount.team":
			sub, _ = r.Values["auth_id"].(string)
		}
	}
	if number == "" || sub == "" {
		t.Fatalf("the apply left no number or no subaccount in the state: %+v", tf.StateInstances())
	}
	return tf, number, sub
}

// keptAndForgotten checks that the account still holds the number and
// the subaccount, that the state holds neither, and that out announced
// no release.
func keptAndForgotten(t *testing.T, tf *provtest.TfRunner, env *acctest.Env, out, number, sub string) {
	t.Helper()
	if numbertest.ReleaseWarned(out, number) || strings.Contains(numbertest.Flat(out), "will be released") {
		t.Errorf("forgetting the number announced its release:\n%s", out)
	}
	objs := env.Objects(t)
	if !slices.Contains(objs["numbers"], number) {
		t.Errorf("number %s is no longer the account's after it was forgotten (account: %v)", number, objs["numbers"])
	}
	if !slices.Contains(objs["subaccounts"], sub) {
		t.Errorf("subaccount %s was deleted when it was forgotten (account: %v)", sub, objs["subaccounts"])
	}
	if list, err := tf.Try("state", "list"); strings.TrimSpace(list) != "" && err == nil {
		t.Errorf("the state still holds %q after the objects were forgotten", list)
	}
}

// TestAccForget_removedBlock: a removed block with
// lifecycle { destroy = false } (Terraform 1.7+, and every CLI the suite
// runs with) stops managing a bought number and a subaccount: the account
// keeps both, the state forgets them, and the plan announces no release.
func TestAccForget_removedBlock(t *testing.T) {
	env := acctest.NewEnv(t)
	tf, number, sub := appliedForget(t, env, "", 7)
	tf.Write(fmt.Sprintf(forgetHead, provtest.ChaosProviderSrc) + provtest.RelProvider(env.URL, 3) + `
removed {
  from = cpaas_phone_number.line
  lifecycle {
    destroy = false
  }
}

removed {
  from = cpaas_subaccount.team
  lifecycle {
    destroy = false
  }
}
`)
	plan := tf.Run("plan", "-input=false")
	if !strings.Contains(numbertest.Flat(plan), "will no longer be managed by") {
		t.Errorf("the plan does not say the objects are forgotten:\n%s", plan)
	}
	out := plan + tf.Run("apply", "-auto-approve", "-input=false")
	keptAndForgotten(t, tf, env, out, number, sub)
}

// TestAccForget_lifecycleDestroyFalse_TF114: lifecycle { destroy = false }
// in the resource blocks (Terraform 1.15+) makes terraform destroy forget
// the number and the subaccount instead of releasing and deleting them.
func TestAccForget_lifecycleDestroyFalse_TF114(t *testing.T) {
	env := acctest.NewEnv(t)
	tf, number, sub := appliedForget(t, env, "lifecycle {\n    destroy = false\n  }", 15)
	out := tf.Run("destroy", "-auto-approve", "-input=false")
	keptAndForgotten(t, tf, env, out, number, sub)
}
