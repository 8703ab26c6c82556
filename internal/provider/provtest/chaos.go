package provtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// The chaos test applies a configuration of every resource type with more
// than a fifth of all requests faulted on every route, and re-applies it,
// as a user would, until a plan is empty. It drives the Terraform CLI
// itself (the provider runs in-process, reattached) because the number of
// rounds that fail is not known in advance. It then asks the emulator:
// no duplicate, no orphan, no message sent twice; and destroys, with the
// faults still on, until the state is empty.

const (
	ChaosMaxRounds   = 8
	ChaosRetries     = 12
	ChaosProviderSrc = "registry.terraform.io/cpaas-dev/cpaas"
)

// ChaosPart is one resource type's share of the chaos configuration: its
// HCL and how many objects of each emulator kind (emulator.Control(t, "the emulator's object inventory (what exists, by kind)").Objects)
// that HCL makes. Parts may refer to each other's resources.
type ChaosPart struct {
	HCL  string
	Want map[string]int
	// setup makes, before the first apply, what hcl adopts rather than
	// creates (a verified caller ID needs a code no apply has).
	Setup func(t *testing.T, env *acctest.Env)
}

// ChaosPart adds the part of a resource type to the chaos test (the
// tables' ChaosParts); TestChaosCoversEveryResource fails for a resource
// type without one.
func (r *Tables) ChaosPart(resourceType string, part func() ChaosPart) {
	registerIn(r.ChaosParts, "chaos part", resourceType, part)
}

// tryInterrupted runs the CLI as try does and sends it SIGINT (Ctrl-C)
// after the given time; Terraform stops the provider's calls and saves
// what they return.
func (r *TfRunner) TryInterrupted(after time.Duration, args ...string) (string, error) {
	cmd := exec.Command(r.Bin, append(args, "-no-color")...)
	cmd.Dir, cmd.Env = r.Dir, r.Env
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

// TfRunner runs the Terraform CLI in a temporary directory against the
// provider served in-process.
type TfRunner struct {
	T   *testing.T
	Bin string
	Dir string
	Env []string
}

func NewTFRunner(t *testing.T) *TfRunner {
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
		serveErr <- tf6server.Serve(ChaosProviderSrc, provider.NewServer("test"),
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
	reattach, _ := json.Marshal(map[string]any{ChaosProviderSrc: served, "registry.opentofu.org/cpaas-dev/cpaas": served})
	cliConfig := filepath.Join(acctest.RepoRoot(t), ".ci", "empty.tfrc")
	env := append(os.Environ(), "TF_REATTACH_PROVIDERS="+string(reattach), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1",
		"TF_CLI_CONFIG_FILE="+cliConfig)
	return &TfRunner{T: t, Bin: bin, Dir: t.TempDir(), Env: env}
}

func (r *TfRunner) Write(config string) {
	acctest.SpendOn(r.T, config)
	if err := os.WriteFile(filepath.Join(r.Dir, "main.tf"), []byte(config), 0o600); err != nil {
		r.T.Fatal(err)
	}
}

// try runs the CLI: on success it returns what the command printed on
// stdout, which callers parse (output -json, show -json), and on failure
// stdout and stderr, where the errors are. Stderr is kept apart on success:
// TF_LOG, which the tests keep from the shell (acctest.Hermetic), writes
// the log there, and must change no result.
func (r *TfRunner) Try(args ...string) (string, error) {
	cmd := exec.Command(r.Bin, append(args, "-no-color")...)
	cmd.Dir, cmd.Env = r.Dir, r.Env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	if len(args) > 0 && args[0] == "apply" {
		acctest.CountApply(r.T.Name(), r.configText(), args, time.Since(start))
	}
	if err != nil {
		return stdout.String() + stderr.String(), err
	}
	return stdout.String(), nil
}

// configText is the configuration in the runner's directory: its .tf and
// .tfvars files in name order, for the run's apply count.
func (r *TfRunner) configText() string {
	var b strings.Builder
	for _, pattern := range []string{"*.tf", "*.tfvars"} {
		files, _ := filepath.Glob(filepath.Join(r.Dir, pattern))
		for _, f := range files {
			text, _ := os.ReadFile(f)
			b.WriteString(filepath.Base(f) + ": " + string(text) + "\n")
		}
	}
	return b.String()
}

func (r *TfRunner) Run(args ...string) string {
	r.T.Helper()
	out, err := r.Try(args...)
	if err != nil {
		r.T.Fatalf("terraform %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// planExitCode runs plan -detailed-exitcode: 0 no changes, 2 changes, 1 error.
func (r *TfRunner) PlanExitCode() (int, string) {
	out, err := r.Try("plan", "-input=false", "-detailed-exitcode")
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), out
	}
	if err != nil {
		return 1, out
	}
	return 0, out
}

// NotInEmulator is the kind stateIDs gives ids the emulator does not hold.
const NotInEmulator = "not in the emulator"

// stateIDs maps emulator object kinds to the ids the state holds, finding
// each managed resource's id in the emulator's inventory objs (by kind). A
// resource that stands for several objects lists them in a *_uuids
// attribute (a message, one per destination), which counts instead.
func (r *TfRunner) StateIDs(objs map[string][]string) map[string][]string {
	r.T.Helper()
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
	if err := json.Unmarshal([]byte(r.Run("show", "-json")), &st); err != nil {
		r.T.Fatal(err)
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
				kind = NotInEmulator
			}
			out[kind] = append(out[kind], id)
		}
	}
	return out
}
