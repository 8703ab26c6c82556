package provider_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// TestAccGuide_subaccounts applies the subaccounts guide as it documents
// it, in one apply: the subaccount, then the endpoint and the application
// inside it (the aliased provider block's configuration is unknown at plan
// time; the provider plans their creates and is configured when apply knows
// the values). What needs the API at plan time through that block (a data
// source) fails naming what is unknown, and creates nothing. The next plan
// is empty; destroy removes everything. Throughout, the subaccount's token
// appears in no state file, no plan JSON, no command output and no log
// (Terraform's, the provider's at TRACE, the emulator's). It runs with the
// CLI the suite runs with (Terraform 1.11 in make test's first pass).
func TestAccGuide_subaccounts(t *testing.T) {
	testGuideSubaccounts(t, false)
}

// TestAccGuide_subaccounts_TF114 is the same with Terraform 1.14 or later.
func TestAccGuide_subaccounts_TF114(t *testing.T) {
	testGuideSubaccounts(t, true)
}

func testGuideSubaccounts(t *testing.T, tf114 bool) {
	t.Parallel()
	logs := t.TempDir()
	var emuLog strings.Builder
	var emuMu sync.Mutex
	env := acctest.NewEnv(t, func(o *emulator.Options) {
		o.Logf = func(format string, args ...any) {
			emuMu.Lock()
			defer emuMu.Unlock()
			emuLog.WriteString(strings.TrimSpace(fmt.Sprintf(format, args...)) + "\n")
		}
	})
	// Each provider block needs a provider process of its own, as
	// Terraform runs them: the in-process server of the other guide tests
	// would serve both blocks with one configuration. With TF_LOG=TRACE
	// and TF_LOG_PATH, Terraform's log holds the provider processes' logs
	// too. The aliased block takes base_url from the environment.
	r := newBuiltProviderRunner(t, "TF_LOG=TRACE", "TF_LOG_PATH="+filepath.Join(logs, "terraform.log"), "CPAAS_BASE_URL="+env.URL)
	if tf114 {
		r.SkipBelowTF114()
	}
	provtest.SetUpGuide(t, r, env, "subaccounts")
	r.Run("validate") // no init: dev_overrides needs none
	var outputs strings.Builder
	step := func(args ...string) string {
		t.Helper()
		out := r.Run(args...)
		outputs.WriteString(out)
		return out
	}
	pw := "-var=desk_password=Pay-desk-2024"

	// A data source read through the subaccount's provider block needs
	// the API at plan time: the plan fails naming what is unknown (both
	// with Terraform; with OpenTofu, whose plan knows the subaccount's
	// auth_id, the auth_token alone), and nothing is created.
	extra := filepath.Join(r.Dir, "extra.tf")
	if err := os.WriteFile(extra, []byte("data \"cpaas_account_numbers\" \"payments\" {\n  provider = cpaas.payments\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := r.Try("apply", "-input=false", "-auto-approve", pw)
	outputs.WriteString(out)
	if err == nil || !acctest.ErrorPattern(`(auth_id and auth_token are|auth_token is|auth_id is) not known until apply`).MatchString(out) {
		t.Fatalf("a data source through the unknown provider block must fail at plan time naming what is unknown: %v\n%s", err, out)
	}
	if subs := env.Objects(t)["subaccounts"]; len(subs) != 0 {
		t.Fatalf("the refused apply created subaccounts %v", subs)
	}
	if err := os.Remove(extra); err != nil {
		t.Fatal(err)
	}

	// One apply makes the subaccount, then the application and the
	// endpoint inside it: the aliased provider block's configuration is
	// unknown at plan time, and the provider plans their creates.
	step("apply", "-input=false", "-auto-approve", pw)
	subs := env.Objects(t)["subaccounts"]
	if len(subs) != 1 {
		t.Fatalf("subaccounts after the apply: %v", subs)
	}
	sub := subs[0]
	got, err := env.Client(t).GetSubaccount(context.Background(), sub)
	if err != nil || len(got.AuthToken) != 40 {
		t.Fatalf("reading the subaccount: %v", err)
	}
	token := got.AuthToken
	objs, _ := env.Control(t, "the emulator's object inventory (what exists, by kind)").Objects(sub)
	if len(objs["applications"]) != 1 || len(objs["endpoints"]) != 1 {
		t.Fatalf("the subaccount's objects after the second apply: %v", objs)
	}
	if main := env.Objects(t); len(main["applications"]) != 0 || len(main["endpoints"]) != 0 {
		t.Fatalf("objects made in the main account instead: %v", main)
	}
	r.ExpectPlan(0, pw)
	step("plan", "-input=false", "-out=guide.tfplan", pw)
	planJSON := step("show", "-json", "guide.tfplan")
	if !strings.Contains(planJSON, sub) {
		t.Fatal("show -json printed no plan of this configuration")
	}
	state, err := os.ReadFile(filepath.Join(r.Dir, "terraform.tfstate"))
	if err != nil || !strings.Contains(string(state), sub) {
		t.Fatalf("state file: %v", err)
	}

	// A disabled subaccount: the objects managed through it cannot be
	// read, and the error says the subaccount may be disabled and how to
	// enable it again; the path it gives works.
	r.Edit("main.tf", `  name = "payments-team"`, "  name    = \"payments-team\"\n  enabled = false")
	// OpenTofu defers the ephemeral credentials while the subaccount has a
	// change pending, so the subaccount's provider block is unknown in that
	// plan and its objects cannot be refreshed: there, a change of the
	// subaccount itself is applied with -target (the path the docs give).
	tofu := filepath.Base(os.Getenv("TF_ACC_TERRAFORM_PATH")) == "tofu"
	if tofu {
		step("apply", "-input=false", "-auto-approve", "-target=cpaas_subaccount.payments", pw)
	} else {
		step("apply", "-input=false", "-auto-approve", pw)
	}
	if got, err := env.Client(t).GetSubaccount(context.Background(), sub); err != nil || got.Enabled {
		t.Fatalf("the subaccount is not disabled: %v", err)
	}
	r.Edit("main.tf", "enabled = false", "enabled = true")
	out, err = r.Try("plan", "-input=false", pw)
	outputs.WriteString(out)
	disabledSaid := acctest.ErrorPattern(`refused the credentials of subaccount `+sub+` \(HTTP 401\)`).MatchString(out) &&
		acctest.ErrorPattern(`may be disabled`).MatchString(out) && strings.Contains(out, "terraform apply -target=cpaas_subaccount.NAME")
	// With OpenTofu the plan stops earlier, at the deferred credentials,
	// and says the same way out (-target).
	deferredSaid := tofu && acctest.ErrorPattern(`auth_token is not known until apply`).MatchString(out) && strings.Contains(out, "terraform apply -target=")
	if err == nil || !(disabledSaid || deferredSaid) {
		t.Fatalf("a plan through the disabled subaccount must say it may be disabled and how to enable it: %v\n%s", err, out)
	}
	step("apply", "-input=false", "-auto-approve", "-target=cpaas_subaccount.payments", pw)
	r.ExpectPlan(0, pw)

	step("destroy", "-input=false", "-auto-approve", pw)
	if subs := env.Objects(t)["subaccounts"]; len(subs) != 0 {
		t.Fatalf("subaccounts after destroy: %v", subs)
	}
	if main := env.Objects(t); len(main["applications"]) != 0 || len(main["endpoints"]) != 0 {
		t.Fatalf("destroy re-homed what it should have deleted first: %v", main)
	}

	// Nowhere the token, nor its decoded form.
	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	if len(files) != 1 {
		t.Fatalf("expected Terraform's log, got %v", files)
	}
	texts := map[string]string{"state file": string(state), "plan JSON": planJSON, "command output": outputs.String(), "emulator log": emuLog.String()}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) == 0 {
			t.Fatalf("log %s is empty: TRACE logging did not reach it", f)
		}
		texts[filepath.Base(f)] = string(b)
	}
	if tfLog := texts["terraform.log"]; !strings.Contains(tfLog, "cpaas_subaccount_credentials") || !strings.Contains(tfLog, "CPaaS API response") {
		t.Fatal("Terraform's log lacks the ephemeral resource or the provider's API log: it does not log this run at TRACE")
	}
	for name, text := range texts {
		if strings.Contains(text, token) {
			t.Errorf("the subaccount's token is in the %s", name)
		}
	}
}

// newBuiltProviderRunner is a provtest.TfRunner whose Terraform runs the provider
// built from this tree as a plugin binary (dev_overrides), one process per
// provider block, with env added to the CLI's environment.
func newBuiltProviderRunner(t *testing.T, env ...string) *provtest.TfRunner {
	t.Helper()
	return newPluginRunner(t, buildProvider(t), t.TempDir(), env...)
}

// buildProvider builds the provider from this tree into a directory of its
// own and returns that directory, for dev_overrides.
func buildProvider(t *testing.T) string {
	t.Helper()
	acctest.PreCheck(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	plugins := filepath.Join(t.TempDir(), "bin")
	build := exec.Command("go", "build", "-o", filepath.Join(plugins, "terraform-provider-cpaas"), ".")
	build.Dir = acctest.RepoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, out)
	}
	return plugins
}

// newPluginRunner is a provtest.TfRunner whose Terraform runs the provider binary in
// plugins (dev_overrides of cpaas-dev/cpaas), with HOME home: the
// provider's cache directory (what it remembers between runs) is
// home/.cache.
func newPluginRunner(t *testing.T, plugins, home string, env ...string) *provtest.TfRunner {
	t.Helper()
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("this test needs the terraform CLI")
		}
	}
	tmp := t.TempDir()
	rc := filepath.Join(tmp, "terraformrc")
	cfg := "provider_installation {\n  dev_overrides {\n    \"cpaas-dev/cpaas\" = \"" + filepath.ToSlash(plugins) + "\"\n  }\n  direct {}\n}\n"
	if err := os.WriteFile(rc, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	base := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TF_CLI_CONFIG_FILE=" + rc, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1"}
	return &provtest.TfRunner{T: t, Bin: bin, Dir: filepath.Join(tmp, "work"), Env: append(base, env...)}
}
