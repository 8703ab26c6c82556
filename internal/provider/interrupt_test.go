package provider_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// interruptConfig declares n endpoints and numbers numbers, each bought
// by the resource's own search (as a user buys a pool with for_each), the
// objects an interrupt used to orphan or taint.
func interruptConfig(url string, n, numbers int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, provtest.ChaosProviderSrc)
	b.WriteString(provtest.RelProvider(url, 3))
	b.WriteString(provtest.RepeatHCL(n, endpointtest.RelEndpointHCL))
	if numbers > 0 {
		fmt.Fprintf(&b, `
resource "cpaas_phone_number" "pool" {
  for_each = toset([for i in range(%d) : "n${i}"])
  search = {
    country_iso = "US"
    services    = ["sms", "voice"]
  }
  alias = "pool ${each.key}"
}
`, numbers)
	}
	return b.String()
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
	tf := provtest.NewTFRunner(t)
	env := acctest.NewEnv(t)
	env.Control(t, "injected latency and the interrupt's timing")
	tf.Write(interruptConfig(env.URL, n, n))
	tf.Run("init", "-input=false")
	env.Server.SetFaults(emulator.Faults{Rules: []emulator.FaultRule{
		{Method: "POST", Path: "Endpoint", Latency: 400 * time.Millisecond},
		{Method: "POST", Path: "PhoneNumber/{number}", Latency: 400 * time.Millisecond},
	}})

	cmd := exec.Command(tf.Bin, "apply", "-auto-approve", "-input=false", "-no-color", "-parallelism=10")
	cmd.Dir, cmd.Env = tf.Dir, tf.Env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Ctrl-C once the first creates are on their way.
	if !acctest.Eventually(t, 60*time.Second, func() bool { return env.Server.FaultStats().Delayed >= 6 }) {
		_ = cmd.Process.Kill()
		t.Fatalf("no create reached the API\n%s", out.String())
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		t.Logf("the interrupted apply ended: %v", err) // it fails: what it left is checked below
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
	for _, r := range tf.StateInstances() {
		if r.Mode == "managed" && r.Tainted {
			t.Errorf("%s is tainted after the interrupt: the next apply would replace it", r.Address)
		}
	}
	orphans := provtest.OrphansOf(tf, objects, "endpoints", "numbers")
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
	applied := tf.Run("apply", "-auto-approve", "-input=false")
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
	if code, plan := tf.PlanExitCode(); code != 0 {
		t.Errorf("the plan after converging is not empty (exit %d):\n%s", code, plan)
	}
	tf.Run("destroy", "-auto-approve", "-input=false")
}

// childrenOf lists the processes whose parent is pid (Linux: /proc).
func childrenOf(t *testing.T, pid int) []int {
	t.Helper()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var kids []int
	for _, f := range stats {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		fields := statFields(data)
		if len(fields) < 2 || fields[1] != strconv.Itoa(pid) {
			continue
		}
		if kid, err := strconv.Atoi(filepath.Base(filepath.Dir(f))); err == nil {
			kids = append(kids, kid)
		}
	}
	return kids
}

func processGone(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	if p.Signal(syscall.Signal(0)) != nil {
		return true
	}
	// A zombie (ended, not yet reaped by its new parent) has ended too.
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	fields := statFields(data)
	return len(fields) > 0 && fields[0] == "Z"
}

// statFields are the fields of a /proc/<pid>/stat after the command's
// name ("pid (comm) state ppid ..."): comm may hold spaces, not ")".
func statFields(data []byte) []string {
	rest := string(data)
	if i := strings.LastIndexByte(rest, ')'); i >= 0 {
		rest = rest[i+1:]
	}
	return strings.Fields(rest)
}

// killMidApply starts an apply of the released binary (from the local
// mirror, not reattached: the provider is Terraform's own child process),
// and once two creates are on their way kills Terraform, and the provider
// too when both is set. It returns the provider's pids and how long each
// took to exit.
func killMidApply(t *testing.T, r *provtest.TfRunner, env *acctest.Env, both bool) (pids []int, exited time.Duration) {
	t.Helper()
	cmd := exec.Command(r.Bin, "apply", "-auto-approve", "-input=false", "-no-color", "-parallelism=4")
	cmd.Dir, cmd.Env = r.Dir, r.Env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	if !acctest.Eventually(t, 60*time.Second, func() bool { return env.Server.FaultStats().Delayed >= 2 }) {
		_ = cmd.Process.Kill()
		t.Fatalf("no create reached the API\n%s", out.String())
	}
	pids = childrenOf(t, cmd.Process.Pid)
	if len(pids) == 0 {
		_ = cmd.Process.Kill()
		t.Fatalf("terraform (pid %d) has no provider process", cmd.Process.Pid)
	}
	if both {
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	_ = cmd.Process.Kill()
	killed := time.Now()
	if err := <-waited; err == nil {
		t.Fatalf("terraform, killed, exited 0\n%s", out.String())
	}
	for _, pid := range pids {
		if !acctest.Eventually(t, 30*time.Second, func() bool { return processGone(pid) }) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the provider (pid %d) still ran 30 s after Terraform was killed", pid)
		}
	}
	return pids, time.Since(killed)
}

// newKillRunner is a runner of the provider that make install-local
// builds, with a cache directory (its journal of creates) of its own.
func newKillRunner(t *testing.T, env *acctest.Env, n, numbers int) *provtest.TfRunner {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	if runtime.GOOS != "linux" {
		t.Skip("finds the provider's process in /proc")
	}
	acctest.PreCheck(t)
	env.Control(t, "injected latency and the kill's timing")
	m := installLocal(t)
	r := newMirrorRunner(t, m)
	r.Env = append(withoutVars(r.Env, "XDG_CACHE_HOME"), "XDG_CACHE_HOME="+t.TempDir())
	r.Write(interruptConfig(env.URL, n, numbers))
	r.InitFromMirror(m)
	env.Server.SetFaults(emulator.Faults{Rules: []emulator.FaultRule{
		{Method: "POST", Path: "Endpoint", Latency: time.Second},
		{Method: "POST", Path: "PhoneNumber/{number}", Latency: time.Second},
	}})
	return r
}

// convergesAdopting applies again once the API has carried out what it
// received: every object the killed run made is adopted, with a warning
// naming it, and the account ends with exactly n of each.
func convergesAdopting(t *testing.T, r *provtest.TfRunner, env *acctest.Env, n, numbers int) {
	t.Helper()
	time.Sleep(1500 * time.Millisecond) // the API finishes the creates it received
	before := env.Objects(t)
	orphans := provtest.OrphansOf(r, before, "endpoints", "numbers")
	if len(orphans) == 0 {
		t.Fatalf("the killed run left every object it made in the state: the test checked nothing (account: %v)", before)
	}
	env.Server.SetFaults(emulator.Faults{})
	// The plan says what the killed run left, before the apply adopts it.
	if plan := numbertest.Flat(r.Run("plan", "-input=false")); !strings.Contains(plan, "Warning: A killed run") {
		t.Errorf("the plan after the kill does not warn of what the killed run left:\n%s", plan)
	}
	out := r.Run("apply", "-auto-approve", "-input=false")
	// Terraform shows one of several warnings of the same summary, with
	// "and N more similar warnings": each adopted object is in the state.
	if !strings.Contains(out, "Adopted what an interrupted run created") || !strings.Contains(out, " was created by an earlier run") {
		t.Errorf("the apply after the kill did not say it adopted what the killed run made:\n%s", out)
	}
	after := env.Objects(t)
	inState := r.StateIDs(after)
	for _, o := range orphans {
		kind, id, _ := strings.Cut(o, " ")
		if !slices.Contains(inState[kind], id) {
			t.Errorf("%s %s, made by the killed run, is not in the state after the next apply", kind, id)
		}
	}
	if len(after["endpoints"]) != n || len(after["numbers"]) != numbers {
		t.Errorf("after the apply that follows the kill the account holds %d endpoints and %d numbers, want %d and %d (orphans before it: %v)",
			len(after["endpoints"]), len(after["numbers"]), n, numbers, orphans)
	}
	for _, num := range before["numbers"] {
		if !slices.Contains(after["numbers"], num) {
			t.Errorf("number %s, bought by the killed run, was released", num)
		}
	}
	if code, plan := r.PlanExitCode(); code != 0 {
		t.Errorf("the plan after converging is not empty (exit %d):\n%s", code, plan)
	}
	t.Logf("the killed run left %d objects outside the state, each adopted: %v", len(orphans), orphans)
	r.Run("destroy", "-auto-approve", "-input=false")
}

// TestAccInterrupt_killedTerraformLosesNothing kills Terraform alone
// (SIGKILL, as a CI runner that dies) while numbers are being bought by
// search: the provider notices, finishes the purchases it sent, records
// them and exits; the next apply adopts each number (the search would
// find another) and sets the alias the killed run never set.
func TestAccInterrupt_killedTerraformLosesNothing(t *testing.T) {
	const numbers = 6
	env := acctest.NewEnv(t)
	r := newKillRunner(t, env, 0, numbers)
	pids, exited := killMidApply(t, r, env, false)
	t.Logf("the provider (pids %v) exited %v after Terraform was killed (purchases take 1 s)", pids, exited.Round(10*time.Millisecond))
	convergesAdopting(t, r, env, 0, numbers)
}

// TestAccInterrupt_killedEverythingLosesNothing kills Terraform and the
// provider at once, creates on their way: the journal knows a create was
// sent but not its id, and the next apply finds each object by what
// identifies it (an endpoint's username) and adopts it.
func TestAccInterrupt_killedEverythingLosesNothing(t *testing.T) {
	const n = 8
	env := acctest.NewEnv(t)
	r := newKillRunner(t, env, n, 0)
	killMidApply(t, r, env, true)
	convergesAdopting(t, r, env, n, 0)
}

// TestAccInterrupt_killedEverythingAdoptsSearchBoughtNumbers kills
// Terraform and the provider at once while numbers are being bought by
// search. A search offers other numbers once one is bought, so the next
// apply cannot find the killed run's purchases by the search: the journal
// names the number each purchase aimed at before it was sent, and the next
// apply adopts each the account owns instead of buying another.
func TestAccInterrupt_killedEverythingAdoptsSearchBoughtNumbers(t *testing.T) {
	const numbers = 6
	env := acctest.NewEnv(t)
	r := newKillRunner(t, env, 0, numbers)
	killMidApply(t, r, env, true)
	convergesAdopting(t, r, env, 0, numbers)
}
