package provider_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// interruptConfig declares n endpoints and n numbers bought from a search,
// the objects an interrupt used to orphan or taint.
func interruptConfig(url string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, chaosProviderSrc)
	b.WriteString(relProvider(url, 3))
	b.WriteString(repeatHCL(n, relEndpointHCL))
	b.WriteString(relNumbersHCL(n))
	b.WriteString(repeatHCL(n, func(i int) string { return relPhoneNumberHCL(i - 1) }))
	return b.String()
}

// stateInstance is one resource instance of `terraform show -json`.
type stateInstance struct {
	Address string         `json:"address"`
	Mode    string         `json:"mode"`
	Type    string         `json:"type"`
	Tainted bool           `json:"tainted"`
	Values  map[string]any `json:"values"`
}

func (r *tfRunner) stateInstances() []stateInstance {
	r.t.Helper()
	var shown struct {
		Values struct {
			RootModule struct {
				Resources []stateInstance `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	out := r.run("show", "-json")
	if err := json.Unmarshal([]byte(out), &shown); err != nil {
		r.t.Fatalf("terraform show -json: %v\n%s", err, out)
	}
	return shown.Values.RootModule.Resources
}

// TestAccInterrupt_ctrlCLosesNothing presses Ctrl-C (SIGINT to Terraform,
// which stops the provider) while creates are on their way to an API that
// takes 400 ms a create. Every object the account then holds is in the
// state, none tainted, and the next apply converges: no duplicate, no
// orphan, no number released.
func TestAccInterrupt_ctrlCLosesNothing(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	const n = 8
	tf := newTFRunner(t)
	env := acctest.NewEnv(t)
	env.Control(t, "injected latency and the interrupt's timing")
	tf.write(interruptConfig(env.URL, n))
	tf.run("init", "-input=false")
	env.Server.SetFaults(emulator.Faults{Rules: []emulator.FaultRule{
		{Method: "POST", Path: "Endpoint", Latency: 400 * time.Millisecond},
		{Method: "POST", Path: "PhoneNumber/{number}", Latency: 400 * time.Millisecond},
	}})

	cmd := exec.Command(tf.bin, "apply", "-auto-approve", "-input=false", "-no-color", "-parallelism=4")
	cmd.Dir, cmd.Env = tf.dir, tf.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Ctrl-C once the first creates are on their way.
	if !acctest.Eventually(t, 60*time.Second, func() bool { return env.Server.FaultStats().Delayed >= 2 }) {
		_ = cmd.Process.Kill()
		t.Fatalf("no create reached the API\n%s", out.String())
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		t.Fatalf("terraform did not stop after the interrupt\n%s", out.String())
	}
	interrupted := out.String()
	if strings.Contains(interrupted, "context canceled") && !strings.Contains(interrupted, "interrupted") {
		t.Errorf("a bare \"context canceled\" reached the user:\n%s", interrupted)
	}

	// Everything the account holds is in the state, untainted. The API
	// first finishes what it received (a create takes 400 ms).
	time.Sleep(time.Second)
	objects := env.Objects(t)
	inState := map[string]bool{}
	for _, r := range tf.stateInstances() {
		if r.Mode != "managed" {
			continue
		}
		if r.Tainted {
			t.Errorf("%s is tainted after the interrupt: the next apply would replace it", r.Address)
		}
		for _, k := range []string{"id", "endpoint_id", "number"} {
			if v, ok := r.Values[k].(string); ok && v != "" {
				inState[v] = true
			}
		}
	}
	var orphans []string
	for _, kind := range []string{"endpoints", "numbers"} {
		for _, id := range objects[kind] {
			if !inState[id] {
				orphans = append(orphans, kind+" "+id)
			}
		}
	}
	if len(orphans) > 0 {
		t.Errorf("the account holds %d objects the state does not: %v\nthe interrupted apply printed:\n%s", len(orphans), orphans, interrupted)
	}
	if len(objects["endpoints"])+len(objects["numbers"]) == 0 {
		t.Fatalf("the interrupt came before any create was carried out: the test checked nothing\n%s", interrupted)
	}
	t.Logf("after the interrupt: %d endpoints and %d numbers on the account; the interrupted apply printed:\n%s",
		len(objects["endpoints"]), len(objects["numbers"]), interrupted)
	bought := slices.Clone(objects["numbers"])

	// The next apply converges: exactly n of each, every number bought
	// before the interrupt still the account's, and then nothing to do.
	env.Server.SetFaults(emulator.Faults{})
	applied := tf.run("apply", "-auto-approve", "-input=false")
	if strings.Contains(applied, "destroyed") && !strings.Contains(applied, "0 destroyed") {
		t.Errorf("the apply after the interrupt destroyed something:\n%s", applied)
	}
	objects = env.Objects(t)
	if len(objects["endpoints"]) != n || len(objects["numbers"]) != n {
		t.Errorf("after the next apply the account holds %d endpoints and %d numbers, want %d each",
			len(objects["endpoints"]), len(objects["numbers"]), n)
	}
	for _, num := range bought {
		if !slices.Contains(objects["numbers"], num) {
			t.Errorf("number %s, bought before the interrupt, was released", num)
		}
	}
	if code, plan := tf.planExitCode(); code != 0 {
		t.Errorf("the plan after converging is not empty (exit %d):\n%s", code, plan)
	}
	tf.run("destroy", "-auto-approve", "-input=false")
}
