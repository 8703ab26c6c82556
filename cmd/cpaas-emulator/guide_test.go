package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// startEmulator runs the command in process with args and returns the
// CPAAS_* assignments it prints. Nothing of the developer's environment
// reaches it.
func startEmulator(t *testing.T, args ...string) map[string]string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	env := map[string]string{"EMULATOR_ADDR": "127.0.0.1:0"}
	go func() { done <- run(ctx, args, pw, func(k string) string { return env[k] }) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("emulator: %v", err)
		}
	})
	vars := map[string]string{}
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			break
		}
		k, v, _ := strings.Cut(line, "=")
		vars[k] = v
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if vars["CPAAS_BASE_URL"] == "" {
		t.Fatalf("the emulator printed no base URL: %v", vars)
	}
	return vars
}

// TestGuideExample_terraformTest runs the example of the guide "Testing a
// configuration with the emulator" (examples/guides/testing-with-the-emulator)
// as the guide tells users to: cpaas-emulator, then terraform test, with
// the provider built from this tree. It needs the terraform CLI, like the
// acceptance tests, and runs with them (TF_ACC).
func TestGuideExample_terraformTest(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("runs terraform: set TF_ACC=1 (make test does)")
	}
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		var err error
		if tf, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("TF_ACC is set but no terraform CLI was found (TF_ACC_TERRAFORM_PATH or PATH)")
		}
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-cpaas"+exe()), ".")
	build.Dir = filepath.Join("..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, out)
	}
	rc := filepath.Join(tmp, "terraformrc")
	writeFile(t, rc, `provider_installation {
  dev_overrides {
    "cpaas-dev/cpaas" = "`+filepath.ToSlash(bin)+`"
  }
  direct {}
}
`)
	work := filepath.Join(tmp, "work")
	copyDir(t, filepath.Join("..", "..", "examples", "guides", "testing-with-the-emulator"), work)

	vars := startEmulator(t, "-registry-delay", "100ms")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tf, "test", "-no-color")
	cmd.Dir, cmd.Env = work, []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + tmp, "TF_CLI_CONFIG_FILE=" + rc, "TF_IN_AUTOMATION=1",
		"CPAAS_BASE_URL=" + vars["CPAAS_BASE_URL"], "CPAAS_AUTH_ID=" + vars["CPAAS_AUTH_ID"], "CPAAS_AUTH_TOKEN=" + vars["CPAAS_AUTH_TOKEN"],
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("terraform test: %v\n%s", err, out)
	}
	for _, want := range []string{`run "registers_brand_and_campaign"... pass`, `run "unregistered_brand_gets_no_campaign"... pass`, "2 passed, 0 failed"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("terraform test output lacks %q:\n%s", want, out)
		}
	}
}

func exe() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies the example's files (not .terraform or state a local run
// may have left).
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".terraform") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".tf") && !strings.HasSuffix(path, ".tftest.hcl") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		writeFile(t, filepath.Join(to, rel), string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
