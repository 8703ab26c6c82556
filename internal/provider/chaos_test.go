package provider_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// The chaos test applies a configuration of every resource type with more
// than a fifth of all requests faulted on every route, and re-applies it,
// as a user would, until a plan is empty. It drives the Terraform CLI
// itself (the provider runs in-process, reattached) because the number of
// rounds that fail is not known in advance. It then asks the emulator:
// no duplicate, no orphan, no message sent twice; and destroys, with the
// faults still on, until the state is empty.

const (
	chaosMaxRounds   = 8
	chaosRetries     = 12
	chaosProviderSrc = "registry.terraform.io/cpaas-dev/cpaas"
)

// chaosFaults: 8% 429 (Retry-After 0), 8% 500/502/503, 6% dropped replies
// on every route, every request delayed 2ms.
func chaosFaults(seed uint64) emulator.Faults {
	return emulator.Faults{Seed: seed, Rules: []emulator.FaultRule{{
		Latency: 2 * time.Millisecond, Rate429: 0.08, Rate5xx: 0.08, RateDrop: 0.06, RetryAfter: emulator.RetryNow,
	}}}
}

// chaosRateLimit is the account's rate limit during the chaos rounds, on
// top of the random faults: the client must learn it while random 429s,
// 5xx and dropped replies go on.
var chaosRateLimit = emulator.RateLimit{Rate: 30, Burst: 10}

// chaosPart is one resource type's share of the chaos configuration: its
// HCL and how many objects of each emulator kind (emulator.Control(t, "the emulator's object inventory (what exists, by kind)").Objects)
// that HCL makes. Parts may refer to each other's resources.
type chaosPart struct {
	hcl  string
	want map[string]int
	// setup makes, before the first apply, what hcl adopts rather than
	// creates (a verified caller ID needs a code no apply has).
	setup func(t *testing.T, env *acctest.Env)
}

// chaosPart adds the part of a resource type to the chaos test (the
// tables' chaosParts); TestChaosCoversEveryResource fails for a resource
// type without one.
func (r *testTables) chaosPart(resourceType string, part func() chaosPart) {
	registerIn(r.chaosParts, "chaos part", resourceType, part)
}

// chaosConfig returns the configuration of every registered part and how
// many objects of each emulator kind it declares.
func chaosConfig(url string) (string, map[string]int) {
	var b strings.Builder
	// The source is the full address the reattached provider serves: a
	// short "cpaas-dev/cpaas" means registry.opentofu.org/... to OpenTofu,
	// which would then try to download it.
	fmt.Fprintf(&b, `
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, chaosProviderSrc)
	b.WriteString(relProvider(url, chaosRetries))
	want := map[string]int{}
	for _, typ := range slices.Sorted(maps.Keys(tables.chaosParts)) {
		p := tables.chaosParts[typ]()
		b.WriteString(p.hcl)
		for kind, n := range p.want {
			want[kind] += n
		}
	}
	return b.String(), want
}

// TestChaosCoversEveryResource: every resource type the provider serves
// takes part in the chaos test.
func TestChaosCoversEveryResource(t *testing.T) {
	p := provider.New("test")()
	for _, newResource := range p.Resources(context.Background()) {
		var resp fwresource.MetadataResponse
		newResource().Metadata(context.Background(), fwresource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
		if _, ok := tables.chaosParts[resp.TypeName]; !ok {
			t.Errorf("%s has no part in the chaos test: add one to its family's tables (chaosPart)", resp.TypeName)
		}
	}
}

func TestAccChaos_convergesWithoutDuplicatesOrOrphans(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	tf := newTFRunner(t)
	env := acctest.NewEnv(t, fastRegistry)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	for _, part := range tables.chaosParts {
		if p := part(); p.setup != nil {
			p.setup(t, env)
		}
	}
	config, want := chaosConfig(env.URL)
	total := 0
	for _, n := range want {
		total += n
	}
	if total < 50 {
		t.Fatalf("the chaos configuration declares %d resources, want at least 50", total)
	}
	tf.write(config)
	tf.run("init", "-input=false")

	start := time.Now()
	env.Control(t, "injected faults").SetFaults(chaosFaults(20260101))
	if err := env.Control(t, "a rate limit").SetRateLimit(chaosRateLimit); err != nil {
		t.Fatal(err)
	}
	rounds, converged := 0, false
	// The first rounds are interrupted (Ctrl-C) at points drawn from a
	// seeded generator: an interrupt, like a fault, may lose nothing.
	interrupts := rand.New(rand.NewPCG(20260101, 56))
	for rounds < chaosMaxRounds && !converged {
		rounds++
		var out string
		var err error
		if rounds <= chaosInterruptedRounds {
			after := time.Duration(200+interrupts.IntN(1800)) * time.Millisecond
			out, err = tf.tryInterrupted(after, "apply", "-auto-approve", "-input=false", "-parallelism=10")
			t.Logf("round %d: interrupted %v into the apply", rounds, after)
			if err == nil {
				continue // it finished before the interrupt: the next round checks the plan
			}
		} else {
			out, err = tf.try("apply", "-auto-approve", "-input=false", "-parallelism=10")
		}
		if err != nil {
			t.Logf("round %d: apply failed (expected under faults): %s", rounds, firstErrors(out))
			continue
		}
		code, out := tf.planExitCode()
		switch code {
		case 0:
			converged = true
		case 2:
			t.Logf("round %d: apply succeeded but the plan still has changes:\n%s", rounds, out)
		default:
			t.Logf("round %d: plan failed: %s", rounds, firstErrors(out))
		}
	}
	applyStats := env.Control(t, "injected faults").FaultStats()
	if !converged {
		t.Fatalf("not converged after %d rounds (faults %+v)", rounds, applyStats)
	}
	if applyStats.Faulted*5 < applyStats.Requests {
		t.Fatalf("only %d of %d requests were faulted, want at least 20%%", applyStats.Faulted, applyStats.Requests)
	}
	if applyStats.RateLimited == 0 {
		t.Fatalf("the rate limit of %v requests a second refused nothing: it was not exercised", chaosRateLimit.Rate)
	}

	// Ask the emulator, with the faults off so the questions get answers.
	env.Control(t, "injected faults").SetFaults(emulator.Faults{})
	_ = env.Control(t, "a rate limit").SetRateLimit(emulator.RateLimit{})
	objs := env.Objects(t)
	stateIDs := tf.stateIDs(objs)
	if ghosts := stateIDs[notInEmulator]; len(ghosts) != 0 {
		t.Errorf("the state holds ids the emulator does not: %v", ghosts)
	}
	duplicates, orphans := 0, 0
	for kind, n := range want {
		got, inState := objs[kind], stateIDs[kind]
		if len(got) != n {
			duplicates += max(len(got)-n, 0)
			t.Errorf("%s: the emulator holds %d, the configuration declares %d: %v", kind, len(got), n, got)
		}
		for _, id := range got {
			if !slices.Contains(inState, id) {
				orphans++
				t.Errorf("%s %s exists in the emulator but not in the state (orphan)", kind, id)
			}
		}
		if len(inState) != n {
			t.Errorf("%s: the state holds %d, want %d", kind, len(inState), n)
		}
	}
	// No message sent twice: one record per destination.
	msgs, err := env.Client(t).ListAllMessages(context.Background(), client.MessageFilter{Direction: "outbound"})
	if err != nil {
		t.Fatal(err)
	}
	perDst := map[string]int{}
	for _, m := range msgs {
		perDst[m.ToNumber]++
	}
	sentTwice := 0
	for dst, n := range perDst {
		if n != 1 {
			sentTwice++
			t.Errorf("%d messages were sent to %s, want 1", n, dst)
		}
	}
	if len(perDst) != want["messages"] {
		t.Errorf("messages went to %d destinations, want %d", len(perDst), want["messages"])
	}
	t.Logf("CHAOS apply: %d resources converged in %d rounds (%s); %d requests, %d faulted (%.0f%%: %d 429, %d 5xx, %d dropped replies), "+
		"%d refused by the rate limit of %v/s; duplicates %d, orphans %d, messages sent twice %d",
		total, rounds, time.Since(start).Round(time.Second), applyStats.Requests, applyStats.Faulted,
		100*float64(applyStats.Faulted)/float64(applyStats.Requests), applyStats.Refused, applyStats.Failed, applyStats.Dropped,
		applyStats.RateLimited, chaosRateLimit.Rate, duplicates, orphans, sentTwice)

	// Destroy with the faults on again, re-run until the state is empty.
	env.Control(t, "injected faults").SetFaults(chaosFaults(20260102))
	_ = env.Control(t, "a rate limit").SetRateLimit(chaosRateLimit)
	destroyRounds := 0
	for destroyRounds < chaosMaxRounds {
		destroyRounds++
		if out, err := tf.try("destroy", "-auto-approve", "-input=false", "-parallelism=10"); err != nil {
			t.Logf("destroy round %d failed (expected under faults): %s", destroyRounds, firstErrors(out))
			continue
		}
		break
	}
	destroyStats := env.Control(t, "injected faults").FaultStats()
	env.Control(t, "injected faults").SetFaults(emulator.Faults{})
	_ = env.Control(t, "a rate limit").SetRateLimit(emulator.RateLimit{})
	if left := tf.stateIDs(nil); len(left) != 0 {
		t.Fatalf("state not empty after %d destroy rounds: %v", destroyRounds, left)
	}
	objs = env.Objects(t)
	for kind, ids := range objs {
		switch kind {
		case "messages", "masking_sessions_expired":
			// Sent messages cannot be unsent; ended sessions stay readable
			// as expired. Neither is a live object.
			continue
		case "account":
			// The account itself: destroying cpaas_account_settings forgets
			// it, and the API cannot delete it.
			continue
		case "starter_numbers":
			// The numbers the account came with: no resource made them.
			continue
		}
		if len(ids) != 0 {
			t.Errorf("after destroy the account still holds %s: %v", kind, ids)
		}
	}
	if n := len(objs["messages"]); n != want["messages"] {
		t.Errorf("after destroy the emulator holds %d messages, want the %d sent", n, want["messages"])
	}
	t.Logf("CHAOS destroy (faults and rate limit on): %d rounds; %d requests, %d faulted, %d refused by the rate limit; account left with its starter numbers only",
		destroyRounds, destroyStats.Requests, destroyStats.Faulted, destroyStats.RateLimited)
}

// chaosInterruptedRounds are the chaos test's first apply rounds, each
// interrupted with Ctrl-C at a seeded random point.
const chaosInterruptedRounds = 2

// tryInterrupted runs the CLI as try does and sends it SIGINT (Ctrl-C)
// after the given time; Terraform stops the provider's calls and saves
// what they return.
func (r *tfRunner) tryInterrupted(after time.Duration, args ...string) (string, error) {
	cmd := exec.Command(r.bin, append(args, "-no-color")...)
	cmd.Dir, cmd.Env = r.dir, r.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	timer := time.AfterFunc(after, func() { _ = cmd.Process.Signal(os.Interrupt) })
	err := cmd.Wait()
	timer.Stop()
	return out.String(), err
}

// firstErrors keeps the "Error:" lines of Terraform's output.
func firstErrors(out string) string {
	var errs []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "Error: ") {
			errs = append(errs, strings.TrimSpace(strings.Trim(l, "│ ")))
		}
	}
	sort.Strings(errs)
	errs = slices.Compact(errs)
	return fmt.Sprintf("%d distinct errors: %s", len(errs), strings.Join(errs, "; "))
}

// tfRunner runs the Terraform CLI in a temporary directory against the
// provider served in-process.
type tfRunner struct {
	t   *testing.T
	bin string
	dir string
	env []string
}

func newTFRunner(t *testing.T) *tfRunner {
	t.Helper()
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("the chaos test needs the terraform CLI")
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	reattachCh := make(chan *plugin.ReattachConfig, 1)
	closeCh := make(chan struct{})
	serveErr := make(chan error, 1)
	go func() {
		serveErr <- tf6server.Serve(chaosProviderSrc, provider.NewServer("test"),
			tf6server.WithDebug(ctx, reattachCh, closeCh),
			tf6server.WithGoPluginLogger(hclog.NewNullLogger()),
			tf6server.WithLoggingSink(t))
	}()
	var rc *plugin.ReattachConfig
	select {
	case rc = <-reattachCh:
	case err := <-serveErr:
		cancel()
		t.Fatalf("serving the provider: %v", err)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatal("the provider did not start")
	}
	t.Cleanup(func() {
		cancel()
		<-closeCh
	})
	served := map[string]any{
		"Protocol": string(rc.Protocol), "ProtocolVersion": rc.ProtocolVersion, "Pid": rc.Pid, "Test": true,
		"Addr": map[string]string{"Network": rc.Addr.Network(), "String": rc.Addr.String()},
	}
	// Also under OpenTofu's name for a short source = "cpaas-dev/cpaas", as
	// the guides' configurations write it.
	reattach, _ := json.Marshal(map[string]any{chaosProviderSrc: served, "registry.opentofu.org/cpaas-dev/cpaas": served})
	cliConfig := filepath.Join(acctest.RepoRoot(t), ".ci", "empty.tfrc")
	env := append(os.Environ(), "TF_REATTACH_PROVIDERS="+string(reattach), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1",
		"TF_CLI_CONFIG_FILE="+cliConfig)
	return &tfRunner{t: t, bin: bin, dir: t.TempDir(), env: env}
}

func (r *tfRunner) write(config string) {
	acctest.SpendOn(r.t, config)
	if err := os.WriteFile(filepath.Join(r.dir, "main.tf"), []byte(config), 0o600); err != nil {
		r.t.Fatal(err)
	}
}

// try runs the CLI: on success it returns what the command printed on
// stdout, which callers parse (output -json, show -json), and on failure
// stdout and stderr, where the errors are. Stderr is kept apart on success:
// TF_LOG, which the tests keep from the shell (acctest.Hermetic), writes
// the log there, and must change no result.
func (r *tfRunner) try(args ...string) (string, error) {
	cmd := exec.Command(r.bin, append(args, "-no-color")...)
	cmd.Dir, cmd.Env = r.dir, r.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	if len(args) > 0 && args[0] == "apply" {
		acctest.CountApply(r.t.Name(), r.configText(), args, time.Since(start))
	}
	if err != nil {
		return stdout.String() + stderr.String(), err
	}
	return stdout.String(), nil
}

// configText is the configuration in the runner's directory: its .tf and
// .tfvars files in name order, for the run's apply count.
func (r *tfRunner) configText() string {
	var b strings.Builder
	for _, pattern := range []string{"*.tf", "*.tfvars"} {
		files, _ := filepath.Glob(filepath.Join(r.dir, pattern))
		for _, f := range files {
			text, _ := os.ReadFile(f)
			b.WriteString(filepath.Base(f) + ": " + string(text) + "\n")
		}
	}
	return b.String()
}

func (r *tfRunner) run(args ...string) string {
	r.t.Helper()
	out, err := r.try(args...)
	if err != nil {
		r.t.Fatalf("terraform %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// planExitCode runs plan -detailed-exitcode: 0 no changes, 2 changes, 1 error.
func (r *tfRunner) planExitCode() (int, string) {
	out, err := r.try("plan", "-input=false", "-detailed-exitcode")
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), out
	}
	if err != nil {
		return 1, out
	}
	return 0, out
}

// notInEmulator is the kind stateIDs gives ids the emulator does not hold.
const notInEmulator = "not in the emulator"

// stateIDs maps emulator object kinds to the ids the state holds, finding
// each managed resource's id in the emulator's inventory objs (by kind). A
// resource that stands for several objects lists them in a *_uuids
// attribute (a message, one per destination), which counts instead.
func (r *tfRunner) stateIDs(objs map[string][]string) map[string][]string {
	r.t.Helper()
	var st struct {
		Values *struct {
			RootModule struct {
				Resources []struct {
					Mode   string         `json:"mode"`
					Type   string         `json:"type"`
					Values map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(r.run("show", "-json")), &st); err != nil {
		r.t.Fatal(err)
	}
	kindOf := map[string]string{}
	for kind, ids := range objs {
		for _, id := range ids {
			kindOf[id] = kind
		}
	}
	out := map[string][]string{}
	if st.Values == nil {
		return out
	}
	for _, res := range st.Values.RootModule.Resources {
		if res.Mode != "managed" {
			continue
		}
		ids := []string{}
		for name, v := range res.Values {
			if list, ok := v.([]any); ok && strings.HasSuffix(name, "_uuids") {
				for _, u := range list {
					ids = append(ids, u.(string))
				}
			}
		}
		if len(ids) == 0 {
			ids = append(ids, res.Values["id"].(string))
		}
		for _, id := range ids {
			kind, ok := kindOf[id]
			if !ok {
				kind = notInEmulator
			}
			out[kind] = append(out[kind], id)
		}
	}
	return out
}
