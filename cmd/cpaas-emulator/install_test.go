package main

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInstallEmulator_fromClone installs the command as the docs say for a
// clone, `make install-emulator` (the module is not published for
// go install ...@latest), into a temporary GOBIN, runs the installed binary
// and asks it for the account it prints.
func TestInstallEmulator_fromClone(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not on PATH")
	}
	gobin := t.TempDir()
	install := exec.Command("make", "--no-print-directory", "install-emulator")
	install.Dir = filepath.Join("..", "..")
	install.Env = append(os.Environ(), "GOBIN="+gobin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("make install-emulator: %v\n%s", err, out)
	}
	bin := filepath.Join(gobin, "cpaas-emulator"+exe())
	cmd := exec.Command(bin)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "EMULATOR_ADDR=127.0.0.1:0"}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("make install-emulator installed no runnable %s: %v", bin, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	vars := map[string]string{}
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "#") {
		k, v, _ := strings.Cut(sc.Text(), "=")
		vars[k] = v
	}
	if vars["CPAAS_BASE_URL"] == "" || vars["CPAAS_AUTH_ID"] == "" {
		t.Fatalf("the installed emulator printed %v", vars)
	}
	req, _ := http.NewRequest(http.MethodGet, vars["CPAAS_BASE_URL"]+"/v1/Account/"+vars["CPAAS_AUTH_ID"]+"/", nil)
	req.SetBasicAuth(vars["CPAAS_AUTH_ID"], vars["CPAAS_AUTH_TOKEN"])
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET the account from the installed emulator: %d, want 200", resp.StatusCode)
	}
}
