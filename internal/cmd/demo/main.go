// Command demo is what `make demo` runs: it builds the provider, starts the
// emulator on a free loopback port, points Terraform at the build through a
// temporary CLI configuration (dev_overrides, no registry), applies
// examples/demo in a fresh working directory, prints the outputs, invokes
// the cpaas_send_message action and shows what the emulator received,
// checks that a second plan reports no changes, and stops the emulator.
//
// Actions need Terraform 1.14+. With an older CLI the demo says so first,
// applies the configuration without its action blocks (and the
// action_trigger of the campaign), skips the invocation, and says how to get
// 1.14: `make terraform114` builds it once, and `make demo` then finds it.
//
//	go run ./internal/cmd/demo [-dir examples/demo] [-keep]
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func main() {
	dir := flag.String("dir", "examples/demo", "Terraform configuration to apply")
	keep := flag.Bool("keep", false, "keep the working directory and skip destroy")
	flag.Parse()
	if err := run(*dir, *keep); err != nil {
		log.Fatalf("demo: %v", err)
	}
}

func run(dir string, keep bool) error {
	tf, err := exec.LookPath("terraform")
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		tf, err = p, nil
	}
	if err != nil {
		return errors.New("the terraform CLI is not on PATH (or set TF_ACC_TERRAFORM_PATH)")
	}
	withActions, version, err := runsActions(tf)
	if err != nil {
		return err
	}
	if !withActions {
		step(fmt.Sprintf("Terraform %s has no actions (1.14+): this demo skips the action step", version))
		fmt.Print(howToGet114())
	} else {
		step(fmt.Sprintf("Terraform %s (%s): the demo invokes an action too", version, tf))
	}
	work, err := os.MkdirTemp("", "cpaas-demo-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(work)
	}

	step("building the provider")
	binDir := filepath.Join(work, "bin")
	if err := runCmd(".", nil, "go", "build", "-ldflags", "-X main.version=demo", "-o", filepath.Join(binDir, "terraform-provider-cpaas"), "."); err != nil {
		return err
	}

	step("starting the emulator")
	acct := emulator.EnvAccount()
	// The control API is protected, as in shared CI; the demo reads the
	// emulator in process and prints the token for a look from outside.
	control := uuid.NewString()
	srv := emulator.New(emulator.Options{Accounts: []emulator.Account{acct}, ControlToken: control})
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
		step("emulator stopped")
	}()
	baseURL := "http://" + ln.Addr().String()
	fmt.Printf("   emulator at %s, account %s\n", baseURL, acct.ID)
	fmt.Printf("   control API: curl -H 'Authorization: Bearer %s' %s/_emulator/\n", control, baseURL)

	cliConfig := filepath.Join(work, "terraformrc")
	absBin, _ := filepath.Abs(binDir)
	if err := os.WriteFile(cliConfig, []byte(fmt.Sprintf(`provider_installation {
  dev_overrides {
    "cpaas-dev/cpaas" = %q
  }
  direct {}
}
`, absBin)), 0o600); err != nil {
		return err
	}
	tfDir := filepath.Join(work, "config")
	dropped, err := copyTF(dir, tfDir, !withActions)
	if err != nil {
		return err
	}
	if len(dropped) > 0 {
		fmt.Printf("   applying %s without %s\n", dir, strings.Join(dropped, ", "))
	}
	env := []string{
		"TF_CLI_CONFIG_FILE=" + cliConfig,
		"TF_IN_AUTOMATION=1",
		"CPAAS_BASE_URL=" + baseURL,
		"CPAAS_AUTH_ID=" + acct.ID,
		"CPAAS_AUTH_TOKEN=" + acct.Token,
	}
	step("terraform apply")
	if err := runCmd(tfDir, env, tf, "apply", "-auto-approve", "-input=false"); err != nil {
		return err
	}
	step("terraform output")
	if err := runCmd(tfDir, env, tf, "output"); err != nil {
		return err
	}
	if !withActions {
		return planAndDestroy(tfDir, env, tf, work, keep, func() {
			step("skipped: terraform apply -invoke=action.cpaas_send_message.demo_ready (Terraform " + version + " has no actions)")
			fmt.Print(howToGet114())
		})
	}
	invoke := "-invoke=action.cpaas_send_message.demo_ready"
	step("terraform apply " + invoke + " (an action: sends the message once, keeps nothing in the state)")
	before := len(srv.SentMessages(acct.ID))
	if err := runCmd(tfDir, env, tf, "apply", "-auto-approve", "-input=false", invoke); err != nil {
		return err
	}
	step("messages the emulator received")
	sent := srv.SentMessages(acct.ID)
	for i, m := range sent {
		by := "the apply"
		if i >= before {
			by = "the invoked action"
		}
		fmt.Printf("   %s -> %s  %-9s %q  (sent by %s)\n", m.From, m.To, m.State, m.Text, by)
	}
	if len(sent) != before+1 || sent[before].State != emulator.MessageDelivered {
		return fmt.Errorf("the invoked action should have sent one message and waited for its delivery; the emulator holds %d after %d", len(sent), before)
	}
	return planAndDestroy(tfDir, env, tf, work, keep, nil)
}

// planAndDestroy checks that a second plan reports no changes, then
// destroys (unless keep); last runs between the two when not nil.
func planAndDestroy(tfDir string, env []string, tf, work string, keep bool, last func()) error {
	step("terraform plan (must report no changes)")
	err := runCmd(tfDir, env, tf, "plan", "-detailed-exitcode", "-input=false")
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 2 {
		return errors.New("the second plan is not empty: the demo configuration does not converge")
	}
	if err != nil {
		return err
	}
	fmt.Println("   no changes: the configuration converged")
	if last != nil {
		last()
	}
	if keep {
		fmt.Printf("   kept %s\n", work)
		return nil
	}
	step("terraform destroy")
	return runCmd(tfDir, env, tf, "destroy", "-auto-approve", "-input=false")
}

func step(s string) { fmt.Printf("==> %s\n", s) }

func runCmd(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stdout = os.Stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	// Terraform warns about dev_overrides on every command; show the rest.
	if msg := strings.TrimSpace(stderr.String()); msg != "" {
		fmt.Fprintln(os.Stderr, msg)
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", filepath.Base(name), strings.Join(args, " "), err)
	}
	return nil
}

// copyTF copies the configuration's .tf files; with noActions, without
// what a CLI before 1.14 cannot parse (withoutActions), and returns what it
// left out.
func copyTF(from, to string, noActions bool) ([]string, error) {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		return nil, err
	}
	var dropped []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".tf") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			return nil, err
		}
		if noActions {
			var left []string
			if data, left, err = withoutActions(e.Name(), data); err != nil {
				return nil, err
			}
			dropped = append(dropped, left...)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			return nil, err
		}
	}
	return dropped, nil
}

// withoutActions removes from a configuration file its action blocks and
// the action_trigger blocks of its resources' lifecycles (a lifecycle left
// empty goes too), and names what it removed.
func withoutActions(name string, src []byte) ([]byte, []string, error) {
	f, diags := hclwrite.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	var dropped []string
	body := f.Body()
	for _, b := range body.Blocks() {
		switch b.Type() {
		case "action":
			dropped = append(dropped, "action."+strings.Join(b.Labels(), "."))
			body.RemoveBlock(b)
		case "resource":
			for _, lc := range b.Body().Blocks() {
				if lc.Type() != "lifecycle" {
					continue
				}
				for _, t := range lc.Body().Blocks() {
					if t.Type() == "action_trigger" {
						dropped = append(dropped, "the action_trigger of "+strings.Join(b.Labels(), "."))
						lc.Body().RemoveBlock(t)
					}
				}
				if len(lc.Body().Blocks()) == 0 && len(lc.Body().Attributes()) == 0 {
					b.Body().RemoveBlock(lc)
				}
			}
		}
	}
	return f.Bytes(), dropped, nil
}

// runsActions reports whether the CLI is Terraform 1.14 or later, which
// runs actions, and its version.
func runsActions(tf string) (bool, string, error) {
	cmd := exec.Command(tf, "version", "-json")
	cmd.Env = append(os.Environ(), "CHECKPOINT_DISABLE=1")
	out, err := cmd.Output()
	if err != nil {
		return false, "", fmt.Errorf("%s version -json: %w", tf, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return false, "", fmt.Errorf("%s version -json: %w", tf, err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &minor); err != nil {
		return false, "", fmt.Errorf("%s reports version %q: %w", tf, v.Version, err)
	}
	return major > 1 || (major == 1 && minor >= 14), v.Version, nil
}

// tf114Path is where `make terraform114` (.ci/terraform/build.sh) puts the
// Terraform 1.14 it builds; keep it in step with that script.
func tf114Path() string {
	cache := os.Getenv("CPAAS_TOOLS_CACHE")
	if cache == "" {
		base := os.Getenv("XDG_CACHE_HOME")
		if base == "" {
			base = filepath.Join(os.Getenv("HOME"), ".cache")
		}
		cache = filepath.Join(base, "terraform-provider-cpaas")
	}
	return filepath.Join(cache, "terraform-v1.16.4", "terraform")
}

// howToGet114 tells how to run the skipped action step.
func howToGet114() string {
	return fmt.Sprintf(`   To run the action too, put a Terraform 1.14+ on PATH, or run
     make terraform114
   once: it builds Terraform 1.16.4 from source (about five minutes on two cores) into
     %s
   and make demo uses it from then on (or pass TERRAFORM=/path/to/terraform).
`, tf114Path())
}
