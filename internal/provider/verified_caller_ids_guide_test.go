package provider_test

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// controlCode reads the code the emulator sent to number, from the control
// API, as the guide says a test does.
func controlCode(t *testing.T, env *acctest.Env, number string) string {
	t.Helper()
	resp, err := http.Get(env.URL + "/_emulator/accounts/" + acctest.AuthID + "/verification_codes/" + number)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v struct {
		Code    string `json:"code"`
		Channel string `json:"channel"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || resp.StatusCode != http.StatusOK || v.Code == "" {
		t.Fatalf("control code of %s: %d %v", number, resp.StatusCode, err)
	}
	return v.Code
}

// The guide's flow with the CLI: the first apply sends the support line's
// code and adopts the sales line (verified in the console), without
// waiting; the check warns; a plan changes nothing; the second apply, with
// the code from the environment, verifies the support line.
func TestAccGuide_verifiedCallerIDs(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "the verification codes a phone would show (the page's walk-through reads them)")
	// The page's walk-through against the emulator, run as written: the
	// console's part before the first apply, the phone's part before the
	// second (the applies are the test's own, with their checks).
	console, phone := guideWalkthrough(t, "verified-caller-ids", callerIDsWalkthroughMarker)
	runGuideShell(t, env, console)
	r := provtest.NewGuideRunner(t, env, "verified-caller-ids")

	start := time.Now()
	out := r.Run("apply", "-input=false", "-auto-approve")
	if d := time.Since(start); d > time.Minute {
		t.Errorf("the first apply took %s: it must not wait for the code", d)
	}
	for _, want := range []string{"Verification code sent to +14155550142", "(by sms)", "A caller ID is not verified yet"} {
		if !strings.Contains(out, want) {
			t.Errorf("first apply's output lacks %q:\n%s", want, out)
		}
	}
	if ids := env.Objects(t)["verified_caller_ids"]; strings.Join(ids, ",") != "+14155550143" {
		t.Fatalf("after the first apply: %v, want only the adopted sales line", ids)
	}
	sales, err := env.Client(t).GetVerifiedCallerID(t.Context(), "+14155550143")
	if err != nil || sales.Alias != "sales line" {
		t.Fatalf("adopted sales line %+v (%v)", sales, err)
	}
	if code, plan := r.PlanExitCode(); code != 0 {
		t.Fatalf("plan between the applies: exit %d\n%s", code, plan)
	}

	code := strings.TrimSpace(runGuideShell(t, env, phone+"\necho \"$TF_VAR_support_caller_id_code\""))
	if code == "" || code != controlCode(t, env, "14155550142") {
		t.Fatalf("the page's commands read the code %q, the emulator sent %q", code, controlCode(t, env, "14155550142"))
	}
	r.Env = append(r.Env, "TF_VAR_support_caller_id_code="+code)
	out = r.Run("apply", "-input=false", "-auto-approve")
	if strings.Contains(out, "not verified yet") {
		t.Errorf("second apply still warns:\n%s", out)
	}
	var outputs struct {
		IDs struct {
			Value map[string]bool `json:"value"`
		} `json:"verified_caller_ids"`
	}
	if err := json.Unmarshal([]byte(r.Run("output", "-json")), &outputs); err != nil || !outputs.IDs.Value["support"] || !outputs.IDs.Value["sales"] {
		t.Fatalf("outputs %+v (%v)", outputs, err)
	}
	if code, plan := r.PlanExitCode(); code != 0 {
		t.Fatalf("plan after the verify: exit %d\n%s", code, plan)
	}
	r.Run("destroy", "-input=false", "-auto-approve")
	if left := env.Objects(t)["verified_caller_ids"]; len(left) != 0 {
		t.Errorf("left after destroy: %v", left)
	}
}

const callerIDsWalkthroughMarker = "<!-- emulator-walkthrough: the commands TestAccGuide_verifiedCallerIDs runs -->"

// guideWalkthrough returns the shell lines of a guide page's walk-through
// (the sh block after marker in docs/guides/<name>.md) before its first
// terraform apply, and between its first and its second.
func guideWalkthrough(t *testing.T, name, marker string) (before, between string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(acctest.RepoRoot(t), "docs", "guides", name+".md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), marker)
	if !ok {
		t.Fatalf("docs/guides/%s.md has no %q", name, marker)
	}
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(after)
	if block == nil {
		t.Fatalf("docs/guides/%s.md: no sh block after the walk-through marker", name)
	}
	var parts [3]strings.Builder
	part := 0
	for _, line := range strings.Split(block[1], "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "terraform ") {
			part++
			continue
		}
		if part < len(parts) {
			parts[part].WriteString(line + "\n")
		}
	}
	if part != 2 {
		t.Fatalf("docs/guides/%s.md: the walk-through has %d terraform commands, want 2", name, part)
	}
	return parts[0].String(), parts[1].String()
}

// runGuideShell runs script with bash, with the CPAAS_* variables the
// emulator's start prints, and returns what it printed.
func runGuideShell(t *testing.T, env *acctest.Env, script string) string {
	t.Helper()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Env = append(os.Environ(), "CPAAS_BASE_URL="+env.URL, "CPAAS_AUTH_ID="+acctest.AuthID, "CPAAS_AUTH_TOKEN="+acctest.AuthToken)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the guide's commands failed: %v\n%s\n--- the commands:\n%s", err, out, script)
	}
	return string(out)
}
