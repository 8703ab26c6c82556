package provider_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// Secrets of every resource that has one (the auth token, an endpoint's
// password_wo, a masking session's PINs) must not appear in a TF_LOG=TRACE
// log, nor in a diagnostic: neither on success, nor when the API refuses
// the request, nor when the credentials are wrong. The PINs are 15 digits
// so that they cannot turn up by chance in an id or a timestamp.
// Not parallel: it sets process environment.
func TestAccSecrets_traceLogAndDiagnosticsHoldNoSecrets(t *testing.T) {
	env := acctest.NewEnv(t)
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	const (
		passwordWO = "wo-Secret-pw-31337"
		pin1, pin2 = "918273645546372", "827364554637281"
		wrongToken = "wrong-Secret-token-4242"
	)
	secrets := []string{acctest.AuthToken, passwordWO, pin1, pin2, wrongToken}
	// Secrets come through the environment, as in real use (the harness
	// echoes configuration files into the log).
	t.Setenv("CPAAS_AUTH_TOKEN", acctest.AuthToken)
	t.Setenv("TF_VAR_pw", passwordWO)
	t.Setenv("TF_VAR_pin1", pin1)
	t.Setenv("TF_VAR_pin2", pin2)
	vars := `
variable "pw" {
  type      = string
  sensitive = true
  ephemeral = true
}
variable "pin1" {
  type      = string
  sensitive = true
}
variable "pin2" {
  type      = string
  sensitive = true
}
`
	provider := fmt.Sprintf("provider \"cpaas\" {\n  base_url = %q\n  auth_id  = %q\n}\n", env.URL, acctest.AuthID)
	good := provider + vars + `
resource "cpaas_endpoint" "wo" {
  username            = "secret_wo"
  password_wo         = var.pw
  password_wo_version = 1
  alias               = "Write-only"
}
resource "cpaas_masking_session" "pins" {
  first_party                    = "14155551234"
  second_party                   = "14155555678"
  is_pin_authentication_required = true
  first_party_pin                = var.pin1
  second_party_pin               = var.pin2
}
`
	// The API refuses equal PINs (400), after plan: a diagnostic about a
	// request that carried a PIN.
	good2 := strings.Replace(good, "password_wo_version = 1", "password_wo_version = 2", 1)
	refused := good2 + `
resource "cpaas_masking_session" "same" {
  first_party                    = "14155550001"
  second_party                   = "14155550002"
  is_pin_authentication_required = true
  first_party_pin                = var.pin1
  second_party_pin               = var.pin1 == "" ? "x" : var.pin1
}
`
	var diagnostics []string
	collect := func(err error) error {
		diagnostics = append(diagnostics, err.Error())
		return nil // checked below, with the log
	}
	acctest.Test(t, resource.TestCase{
		ErrorCheck: collect,
		Steps: []resource.TestStep{
			{Config: good},
			// Update the write-only password and refresh: more requests
			// carrying and returning secrets.
			{Config: good2},
			{Config: refused},
			{
				PreConfig: func() { t.Setenv("CPAAS_AUTH_TOKEN", wrongToken) },
				Config:    good2, PlanOnly: true,
			},
			// The right token again, so the test can clean up.
			{PreConfig: func() { t.Setenv("CPAAS_AUTH_TOKEN", acctest.AuthToken) }, Config: good2},
		},
	})

	if len(diagnostics) != 2 {
		t.Fatalf("want the refused create and the wrong token to fail, got %d errors: %q", len(diagnostics), diagnostics)
	}
	if !strings.Contains(diagnostics[0], "second_party_pin") && !strings.Contains(diagnostics[0], "differ") {
		t.Errorf("first error is not the refused PINs: %s", diagnostics[0])
	}
	if !strings.Contains(diagnostics[1], "authentication failed") {
		t.Errorf("second error is not the wrong token: %s", diagnostics[1])
	}
	for i, d := range diagnostics {
		for _, s := range secrets {
			if strings.Contains(d, s) {
				t.Errorf("diagnostic %d holds secret %q...: %s", i, s[:4], d)
			}
		}
	}
	f, err := os.Open(logPath)
	if err != nil {
		t.Fatalf("no trace log written: %v", err)
	}
	defer f.Close()
	lines, apiLines := 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		lines++
		if strings.Contains(line, "CPaaS API request") && strings.Contains(line, "Masking") {
			apiLines++
		}
		for _, s := range secrets {
			if strings.Contains(line, s) {
				t.Errorf("secret %q... found in the trace log line %d", s[:4], lines)
			}
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, os.ErrClosed) {
		t.Fatal(err)
	}
	if apiLines < 2 {
		t.Fatalf("trace log has %d lines but %d masking API request lines: logging did not reach the file", lines, apiLines)
	}
}
