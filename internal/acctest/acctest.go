// Package acctest wires acceptance tests to the emulator: each test starts
// its own in-process emulator (httptest, no fixed port, stopped by
// t.Cleanup) and points the provider at it through provider configuration.
package acctest

import (
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// Credentials of the tests' account: the in-process emulator's, or in real
// mode (real.go) the account's from the shell.
var (
	AuthID    = "MATESTACCOUNT0000001"
	AuthToken = "test-auth-token-1234567890"
)

// ProtoV6ProviderFactories serve the provider in-process to Terraform,
// through the same server as the released binary.
var ProtoV6ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"cpaas": func() (tfprotov6.ProviderServer, error) { return provider.NewServer("test")(), nil },
}

// Env is one test's emulator, or in real mode the API from the shell
// (Server nil: Control says why a test needs it).
type Env struct {
	Server *emulator.Server
	URL    string
	t      testing.TB
	tag    string // real mode: the test's own, in the names of its objects
	proxy  *realProxy
	// started is when the test's Env was made: in real mode no message
	// sent before it is the test's.
	started time.Time
}

// NewEnv starts an emulator for t with the test account; opts adjust its
// options before it starts.
func NewEnv(t testing.TB, opts ...func(*emulator.Options)) *Env {
	t.Helper()
	if Real() {
		return newRealEnv(t, opts)
	}
	o := emulator.Options{Accounts: []emulator.Account{{ID: AuthID, Token: AuthToken}}}
	for _, f := range opts {
		f(&o)
	}
	srv := emulator.New(o)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return &Env{Server: srv, URL: hs.URL, t: t}
}

// ProviderConfig is a provider block pointing at this emulator. It sets
// max_retries low and a short timeout so a broken test fails fast.
func (e *Env) ProviderConfig() string {
	return fmt.Sprintf(`
provider "cpaas" {
  base_url   = %q
  auth_id    = %q
  auth_token = %q
}
`, e.URL, AuthID, AuthToken)
}

// Config prefixes the provider block to body. In real mode the test skips
// when body costs what CPAAS_ACC_SPEND does not allow.
func (e *Env) Config(body string) string {
	e.checkSpending(body)
	return e.ProviderConfig() + body
}

// PreCheck fails (never skips) when the Terraform CLI the tests need is
// missing, so a run without it cannot pass as green.
func PreCheck(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		return // resource.Test reports the skip itself
	}
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("TF_ACC_TERRAFORM_PATH=%s: %v", p, err)
		}
		return
	}
	if _, err := exec.LookPath("terraform"); err != nil {
		t.Fatal("acceptance tests need the terraform CLI on PATH or TF_ACC_TERRAFORM_PATH")
	}
}

// Eventually polls cond until it is true or d passes.
func Eventually(t testing.TB, d time.Duration, cond func() bool) bool {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return cond()
}

// Await lets what a test waits for happen (a review's decision, a
// registration): in the emulator by moving its clock on by d, so that a
// test's delays can be long and what it checks before them is never
// decided early on a busy machine; against a real API, where time cannot
// be moved, by waiting for it. It fails t when done does not hold within
// ten seconds after.
func (e *Env) Await(t testing.TB, d time.Duration, what string, done func() bool) {
	t.Helper()
	if e.Server != nil {
		e.Server.Clock().Advance(d)
	}
	if !Eventually(t, 10*time.Second, done) {
		t.Fatalf("%s did not happen", what)
	}
}

// Client returns an API client for the test account, for changing things
// behind Terraform's back and for checking what exists.
func (e *Env) Client(t testing.TB) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: e.URL, AuthID: AuthID, AuthToken: AuthToken, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Objects lists the ids the test account owns, by kind. In real mode
// (realproxy.go) they are those this test created, of the kinds make sweep
// knows, its messages and its campaigns' links ("10dlc_campaign_numbers");
// other kinds are missing from the map.
func (e *Env) Objects(t testing.TB) map[string][]string {
	t.Helper()
	if e.proxy != nil {
		return e.realObjects(t)
	}
	objs, ok := e.Server.Objects(AuthID)
	if !ok {
		t.Fatalf("account %s missing from the emulator", AuthID)
	}
	return objs
}

// CheckDestroyed is a case's CheckDestroy: it asks the emulator (in real
// mode, the account), not the state, that no object of the kinds named (as
// Objects names them) is left.
func (e *Env) CheckDestroyed(t testing.TB, kinds ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		objs := e.Objects(t)
		for _, kind := range kinds {
			if ids := objs[kind]; len(ids) != 0 {
				return fmt.Errorf("%s left after destroy: %v", kind, ids)
			}
		}
		return nil
	}
}

// ErrorPattern compiles an ExpectError pattern that tolerates Terraform's
// line wrapping: every space in msg matches any run of white space, and
// "." matches newlines.
func ErrorPattern(msg string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + strings.ReplaceAll(msg, " ", `\s+`))
}

// RepoFile reads a file of this repository by its path from the repository's
// root (the directory holding go.mod), for tests that apply the documented
// examples themselves.
func RepoFile(t testing.TB, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(RepoRoot(t), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// RepoRoot is the repository's root: the nearest directory above the test's
// working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's working directory")
		}
		dir = parent
	}
}

// noErrorHeading matches any text without "Error:" in it, the heading
// Terraform prints before each error diagnostic. Written out because RE2
// has no look-ahead: each chunk is a partial "Error:" (possibly none)
// followed by a character that breaks it and is not an "E", and the text
// may end in a partial one.
const noErrorHeading = `(?:(?:[^E]|E+[^Er]|E+r[^rE]|E+rr[^oE]|E+rro[^rE]|E+rror[^:E]))*(?:E+(?:r(?:r(?:o(?:r)?)?)?)?)?`

// OneErrorPattern is ErrorPattern for a mistake that must give one error:
// it matches only when Terraform's output holds exactly one error
// diagnostic, and msg in it.
func OneErrorPattern(msg string) *regexp.Regexp {
	m := strings.ReplaceAll(msg, " ", `\s+`)
	return regexp.MustCompile(`(?s)\A` + noErrorHeading + `Error:` + noErrorHeading + m + noErrorHeading + `\z`)
}
