package trunking_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/trunking/trunkingtest"
)

// interruptTrunkingN is how many objects of each SIP trunking kind the
// configuration declares (a trunk also makes its own IP access list).
const interruptTrunkingN = 3

// interruptTrunkingConfig declares every SIP trunking kind: IP access
// lists, credentials lists, origination URIs with authentication (an
// adopted one is given its password after the create) and trunks.
func interruptTrunkingConfig(url string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, provtest.ChaosProviderSrc)
	b.WriteString(provtest.RelProvider(url, 3))
	b.WriteString(provtest.RepeatHCL(interruptTrunkingN, trunkingtest.RelSIPIPACLHCL))
	b.WriteString(provtest.RepeatHCL(interruptTrunkingN, trunkingtest.RelSIPCredentialListHCL))
	b.WriteString(provtest.RepeatHCL(interruptTrunkingN, func(i int) string {
		return fmt.Sprintf(`
resource "cpaas_sip_origination_uri" "auth%[1]d" {
  name                  = "int-uri-%[1]d"
  uri                   = "pbx%[1]d.example.com:5061"
  authentication_needed = true
  username              = "int_user_%[1]d"
  password_wo           = "int-secret-%[1]d"
  password_wo_version   = 1
}
`, i)
	}))
	b.WriteString(provtest.RepeatHCL(interruptTrunkingN, trunkingtest.RelSIPTrunkHCL))
	return b.String()
}

// interruptTrunkingFaults: every trunking create takes 400 ms, half the
// replies of credentials lists' and origination URIs' creates are lost
// (the create is carried out), and their listings take 300 ms: a lost
// reply's look-up, and what an adopted object needs after it (its
// password), then straddle the interrupt.
func interruptTrunkingFaults(seed uint64) emulator.Faults {
	const create, list = 400 * time.Millisecond, 300 * time.Millisecond
	return emulator.Faults{Seed: seed, Rules: []emulator.FaultRule{
		{Method: "POST", Path: "Zentrunk/Credential", Latency: create, RateDrop: 0.5},
		{Method: "POST", Path: "Zentrunk/URI", Latency: create, RateDrop: 0.5},
		{Method: "POST", Path: "Zentrunk/IPAccessControlList", Latency: create},
		{Method: "POST", Path: "Zentrunk/Trunk", Latency: create},
		{Method: "GET", Path: "Zentrunk/Credential", Latency: list},
		{Method: "GET", Path: "Zentrunk/URI", Latency: list},
	}}
}

// TestAccInterrupt_trunkingCtrlCLeavesNoOrphan presses Ctrl-C at points
// from 0.3 s to 2.5 s into an apply of every SIP trunking kind, whose
// creates are slow and whose replies are often lost: each object the
// account then holds is in the state, and the next apply converges with
// exactly the declared objects, none twice, none orphaned.
func TestAccInterrupt_trunkingCtrlCLeavesNoOrphan(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	const n = interruptTrunkingN
	want := map[string]int{"sip_ip_acls": 2 * n, "sip_credential_lists": n, "sip_origination_uris": n, "sip_trunks": n}
	kinds := []string{"sip_ip_acls", "sip_credential_lists", "sip_origination_uris", "sip_trunks"}
	for ms := 300; ms <= 2500; ms += 200 {
		after := time.Duration(ms) * time.Millisecond
		t.Run(after.String(), func(t *testing.T) {
			tf := provtest.NewTFRunner(t)
			env := acctest.NewEnv(t, provtest.FastRegistry)
			env.Control(t, "injected latency, lost replies and the interrupt's timing")
			tf.Write(interruptTrunkingConfig(env.URL))
			tf.Run("init", "-input=false")
			env.Server.SetFaults(interruptTrunkingFaults(uint64(ms)))

			out, err := tf.TryInterrupted(after, "apply", "-auto-approve", "-input=false", "-parallelism=10")
			stats := env.Server.FaultStats()
			t.Logf("interrupted %v into the apply (finished anyway: %v); %d lost replies", after, err == nil, stats.Dropped)
			// The API finishes what it received (a create takes 400 ms).
			time.Sleep(time.Second)
			env.Server.SetFaults(emulator.Faults{})
			if orphans := provtest.OrphansOf(tf, env.Objects(t), kinds...); len(orphans) > 0 {
				t.Errorf("after the interrupt the account holds %d objects the state does not: %v\nthe interrupted apply printed:\n%s",
					len(orphans), orphans, out)
			}

			tf.Run("apply", "-auto-approve", "-input=false")
			objects := env.Objects(t)
			for _, kind := range kinds {
				if len(objects[kind]) != want[kind] {
					t.Errorf("after the next apply the account holds %d %s, want %d", len(objects[kind]), kind, want[kind])
				}
			}
			if orphans := provtest.OrphansOf(tf, objects, kinds...); len(orphans) > 0 {
				t.Errorf("after the next apply the account holds objects the state does not: %v", orphans)
			}
			if code, plan := tf.PlanExitCode(); code != 0 {
				t.Errorf("the plan after converging is not empty (exit %d):\n%s", code, plan)
			}
			tf.Run("destroy", "-auto-approve", "-input=false")
		})
	}
}
