package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The no-op plugin and the framework floor keep exactly the provider's
// state: the same configuration of endpoints applied with each, through
// Terraform, against the emulator, leaves state files whose resource
// instances are the same byte for byte (but the digits of the ids the API
// makes up; stateInstances). With Terraform 1.12+ the state holds each
// instance's identity too: TestAccFloorKeepsTheProvidersState_TF114.
func TestAccFloorKeepsTheProvidersState(t *testing.T) {
	floorStateTest(t, false)
}

func TestAccFloorKeepsTheProvidersState_TF114(t *testing.T) {
	floorStateTest(t, true)
}

func floorStateTest(t *testing.T, identity bool) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("an acceptance test: set TF_ACC=1 (make test does)")
	}
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		var err error
		if tf, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("no terraform CLI: set TF_ACC_TERRAFORM_PATH")
		}
	}
	v, major, minor := terraformVersionOf(t, tf)
	if identity && major == 1 && minor < 12 {
		t.Skipf("Terraform %s keeps no resource identity (1.12+ does); make test runs the _TF114 tests with Terraform 1.14", v)
	}
	work := t.TempDir()
	bins := map[string]string{}
	for name, build := range map[string][]string{
		"provider":  {"."},
		"noop":      {"./internal/cmd/schemafloor"},
		"framework": {"-ldflags", "-X main.mode=framework", "./internal/cmd/schemafloor"},
	} {
		dir := filepath.Join(work, "bin-"+name)
		args := append([]string{"-o", filepath.Join(dir, "terraform-provider-cpaas")}, build...)
		args[len(args)-1] = moduleRoot(t) + strings.TrimPrefix(args[len(args)-1], ".")
		if err := goBuild(args...); err != nil {
			t.Fatal(err)
		}
		bins[name] = dir
	}
	emuBin := filepath.Join(work, "cpaas-emulator")
	if err := goBuild("-o", emuBin, moduleRoot(t)+"/cmd/cpaas-emulator"); err != nil {
		t.Fatal(err)
	}
	emu, err := startEmulator(emuBin, registryDelay, "")
	if err != nil {
		t.Fatal(err)
	}
	defer emu.stop()

	states := map[string][]byte{}
	for _, name := range []string{"provider", "noop", "framework"} {
		rc, err := writeCLIConfig(work, "rc-"+name, bins[name])
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(work, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(endpoints.build(5, facts{})), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(tf, "apply", "-auto-approve", "-input=false", "-no-color")
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), emu.env()...), "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1",
			"XDG_CACHE_HOME="+filepath.Join(work, "cache"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: terraform apply: %v\n%s", name, err, out)
		}
		if states[name], err = os.ReadFile(filepath.Join(dir, "terraform.tfstate")); err != nil {
			t.Fatal(err)
		}
	}
	instances, err := stateInstances(states["provider"])
	if err != nil {
		t.Fatal(err)
	}
	if len(instances) != 5 {
		t.Fatalf("the provider's state holds %d instances, want 5", len(instances))
	}
	for _, inst := range instances {
		if got := strings.Contains(string(inst), `"identity":{"endpoint_id":`); got != identity {
			t.Fatalf("the provider's instance has an identity: %v, want %v with Terraform %s:\n%s", got, identity, v, inst)
		}
		break
	}
	for _, floor := range []string{"noop", "framework"} {
		drift, err := stateDrift(states["provider"], states[floor])
		if err != nil {
			t.Fatal(err)
		}
		if drift != "" {
			t.Errorf("the %s floor keeps another state than the provider: %s", floor, drift)
		}
	}
}

// terraformVersionOf is the version the CLI reports, and its major and
// minor numbers.
func terraformVersionOf(t *testing.T, tf string) (string, int, int) {
	t.Helper()
	out, err := exec.Command(tf, "version", "-json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &minor); err != nil {
		t.Fatalf("terraform version %q: %v", v.Version, err)
	}
	return v.Version, major, minor
}

// moduleRoot is the repository's root, two folders above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}
