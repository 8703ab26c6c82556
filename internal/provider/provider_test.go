package provider_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

const minimalEndpoint = `
resource "cpaas_endpoint" "test" {
  username = "ivan"
  password = "ivan-pass"
  alias    = "Ivan"
}
`

func providerBlock(baseURL, authID, token string) string {
	return fmt.Sprintf(`
provider "cpaas" {
  base_url   = %q
  auth_id    = %q
  auth_token = %q
}
`, baseURL, authID, token)
}

func TestAccProvider_wrongCredentials(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      providerBlock(env.URL, acctest.AuthID, "not-the-token") + minimalEndpoint,
			ExpectError: acctest.ErrorPattern(`Error creating endpoint.*authentication failed.*HTTP 401`),
		}},
	})
	if ids := env.Objects(t)["endpoints"]; len(ids) != 0 {
		t.Fatalf("refused credentials still created %v", ids)
	}
}

func TestAccProvider_configurationErrors(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cases := []struct {
		name, config string
		want         *regexp.Regexp
	}{
		{"plain http off loopback", providerBlock("http://api.example.com", acctest.AuthID, acctest.AuthToken),
			acctest.ErrorPattern(`Invalid CPaaS base_url.*plain http is only allowed to a loopback address`)},
		{"base_url not a URL", providerBlock("api.example.com", acctest.AuthID, acctest.AuthToken),
			acctest.ErrorPattern(`Invalid CPaaS base_url.*must be an absolute https:// URL`)},
		{"auth_id shape", providerBlock(env.URL, "XX123", acctest.AuthToken),
			acctest.ErrorPattern(`auth_id.*must be MA or SA followed by 18 upper-case letters or digits`)},
		{"missing token", fmt.Sprintf("provider \"cpaas\" {\n  base_url = %q\n  auth_id = %q\n}\n", env.URL, acctest.AuthID),
			acctest.ErrorPattern(`Missing CPaaS auth_token.*CPAAS_AUTH_TOKEN`)},
		{"request_timeout", fmt.Sprintf("provider \"cpaas\" {\n  base_url = %q\n  auth_id = %q\n  auth_token = %q\n  request_timeout = \"forever\"\n}\n", env.URL, acctest.AuthID, acctest.AuthToken),
			acctest.ErrorPattern(`Invalid duration.*"forever" must be a duration`)},
		{"max_requests_per_second", fmt.Sprintf("provider \"cpaas\" {\n  base_url = %q\n  auth_id = %q\n  auth_token = %q\n  max_requests_per_second = 0\n}\n", env.URL, acctest.AuthID, acctest.AuthToken),
			acctest.ErrorPattern(`max_requests_per_second.*value must be between 0\.1.* and 1000.*got: 0`)},
	}
	var steps []resource.TestStep
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: c.config + minimalEndpoint, ExpectError: c.want, PlanOnly: true})
	}
	// The environment must not fill the missing token for this test.
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
	if ids := env.Objects(t)["endpoints"]; len(ids) != 0 {
		t.Fatalf("refused configurations created %v", ids)
	}
}

// TestAccProvider_shellEnvironmentChangesNoResult runs
// TestAccProvider_configurationErrors (through the test harness) and
// TestAccGuide_gettingStarted (through the CLI directly, parsing its
// output) again in a child process whose environment holds what a
// developer's shell may: credentials the provider would fall back to,
// Terraform variables that would break or change every command, and
// TF_LOG=TRACE, which is kept and must change nothing but the logs. The
// child must pass all the same (see acctest.Hermetic).
func TestAccProvider_shellEnvironmentChangesNoResult(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^(TestAccProvider_configurationErrors|TestAccGuide_gettingStarted)$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(),
		"CPAAS_AUTH_ID=MAJUNK000000000000000", "CPAAS_AUTH_TOKEN=junk", "CPAAS_BASE_URL=https://junk.invalid",
		"TF_CLI_ARGS=-no-such-flag", "TF_WORKSPACE=junk", "TF_CLI_CONFIG_FILE=/nonexistent/junk.tfrc", "TF_VAR_junk=1",
		"TF_LOG=TRACE")
	out, err := cmd.CombinedOutput()
	for _, test := range []string{"TestAccProvider_configurationErrors", "TestAccGuide_gettingStarted"} {
		if !strings.Contains(string(out), "--- PASS: "+test) {
			t.Errorf("with a junk shell environment and TF_LOG=TRACE %s did not pass", test)
		}
	}
	if t.Failed() || err != nil {
		t.Fatalf("the child run (%v):\n%s", err, tail(string(out), 4000))
	}
}

func TestAccProvider_loopbackHTTPAllowed(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// httptest serves on 127.0.0.1; "localhost" must be accepted as well.
	local := strings.Replace(env.URL, "127.0.0.1", "localhost", 1)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: providerBlock(local, acctest.AuthID, acctest.AuthToken) + minimalEndpoint,
			Check:  resource.TestCheckResourceAttrSet("cpaas_endpoint.test", "sip_uri"),
		}},
	})
}

// TestAccProvider_traceLogHasNoSecrets runs a create and an update with
// TF_LOG=TRACE and searches the whole log for the token and the passwords.
// Not parallel: it sets process environment.
func TestAccProvider_traceLogHasNoSecrets(t *testing.T) {
	env := acctest.NewEnv(t)
	logPath := filepath.Join(t.TempDir(), "trace.log")
	if p := os.Getenv("KEEP_TRACE"); p != "" {
		logPath = p
	}
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	const first, second = "first-Secret-pw", "second-Secret-pw"
	// The secrets reach Terraform through the environment, as in real use:
	// the test harness itself echoes the configuration file into the log,
	// which would say nothing about the provider.
	t.Setenv("CPAAS_AUTH_TOKEN", acctest.AuthToken)
	cfg := func(pw string) string {
		return fmt.Sprintf(`
provider "cpaas" {
  base_url = %q
  auth_id  = %q
}
variable "endpoint_password" {
  type      = string
  sensitive = true
}
resource "cpaas_endpoint" "test" {
  username = "judy"
  password = var.endpoint_password
  alias    = "Judy %s"
}
`, env.URL, acctest.AuthID, pw[:5])
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: cfg(first), PreConfig: func() { t.Setenv("TF_VAR_endpoint_password", first) }},
			{Config: cfg(second), PreConfig: func() { t.Setenv("TF_VAR_endpoint_password", second) }},
		},
	})
	f, err := os.Open(logPath)
	if err != nil {
		t.Fatalf("no trace log written: %v", err)
	}
	defer f.Close()
	secrets := []string{acctest.AuthToken, first, second}
	var lines, apiLines int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		lines++
		if strings.Contains(line, "CPaaS API request") {
			apiLines++
		}
		for _, s := range secrets {
			if strings.Contains(line, s) {
				t.Errorf("secret %q... found in the trace log line %d", s[:4], lines)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	// The search means something only if the provider's requests were
	// logged, bodies included.
	if apiLines < 4 {
		t.Fatalf("trace log has %d lines but only %d provider API request lines; logging did not reach the file", lines, apiLines)
	}
}

// tail is the last n bytes of s, for failure messages of verbose output.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}
