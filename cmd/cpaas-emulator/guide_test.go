package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
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

	// As in shared CI: the control API protected by a token, which the
	// guide's last step passes.
	vars := startEmulator(t, "-registry-delay", "100ms", "-control-token", "guide-control-token-42")
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
	// Step 5: the control API, with the token the emulator printed.
	if vars[EnvControlToken] != "guide-control-token-42" {
		t.Fatalf("the emulator printed control token %q", vars[EnvControlToken])
	}
	if st := controlGet(t, vars["CPAAS_BASE_URL"]+"/_emulator/callbacks", ""); st != http.StatusUnauthorized {
		t.Errorf("control API without the token: %d, want 401", st)
	}
	if st := controlGet(t, vars["CPAAS_BASE_URL"]+"/_emulator/callbacks", vars[EnvControlToken]); st != http.StatusOK {
		t.Errorf("control API with the token: %d, want 200", st)
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

// controlGet GETs a control API URL, with the control token when given,
// and returns the status.
func controlGet(t *testing.T, url, token string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestControlToken: beyond loopback without a token the emulator makes
// one, prints it and requires it; on loopback without one the control API
// is open, as before; a token given is required on loopback too.
func TestControlToken(t *testing.T) {
	wide := startEmulator(t, "-addr", "0.0.0.0:0")
	tok := wide[EnvControlToken]
	if len(tok) != 32 {
		t.Fatalf("listening beyond loopback, the emulator printed control token %q", tok)
	}
	base := strings.Replace(wide["CPAAS_BASE_URL"], "0.0.0.0", "127.0.0.1", 1)
	if st := controlGet(t, base+"/_emulator/", ""); st != http.StatusUnauthorized {
		t.Errorf("without the generated token: %d", st)
	}
	if st := controlGet(t, base+"/_emulator/", tok); st != http.StatusOK {
		t.Errorf("with the generated token: %d", st)
	}
	local := startEmulator(t)
	if _, ok := local[EnvControlToken]; ok {
		t.Errorf("on loopback without a token, one was printed: %v", local)
	}
	if st := controlGet(t, local["CPAAS_BASE_URL"]+"/_emulator/", ""); st != http.StatusOK {
		t.Errorf("loopback without a token: %d", st)
	}
	given := startEmulator(t, "-control-token", "given-token")
	if st := controlGet(t, given["CPAAS_BASE_URL"]+"/_emulator/", ""); st != http.StatusUnauthorized {
		t.Errorf("a given token is not required: %d", st)
	}
}
