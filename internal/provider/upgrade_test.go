package provider_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	tfjson "github.com/hashicorp/terraform-json"
)

// A user's upgrade, guide by guide: every guide's configuration applied
// with the last release (the one .ci/release/last-release names, built
// from its commit by .ci/release/build-release.sh and cached), then
// `terraform init -upgrade` to this tree's build and a plan that must show
// no change: no replacement, no update, no state upgrade error. Both
// providers are installed as users install them, from the implied local
// mirror of a fresh home, the release under its version and this tree
// under the CHANGELOG's newest, which must be newer.
//
// A change that breaks this (an attribute's type, a value the refresh now
// reads differently) needs a schema version and a state upgrader: see
// CONTRIBUTING.md, "Changing a schema".

// upgradeGuideArgs are the arguments and environment each guide's page
// has its user give (its variables without defaults); a guide not named
// needs none. The test fills in CALLBACK (the 10DLC guide's receiver) and
// EMULATOR (the emulator's URL, which the subaccounts guide's aliased
// provider block takes from the environment).
var upgradeGuideArgs = map[string]struct {
	args, env []string
	// after is a folder of the same guide whose state this one reads: it
	// is applied first, with the release.
	after string
}{
	"getting-started":           {args: []string{"-var=desk_password=Desk-phone-2024"}},
	"subaccounts":               {args: []string{"-var=desk_password=Pay-desk-2024"}, env: []string{"CPAAS_BASE_URL=EMULATOR"}},
	"gitops-endpoints":          {args: []string{`-var=endpoint_passwords={reception="Reception-pw-1", support1="Support-pw-1", sales1="Sales-pw-1"}`}},
	"connecting-a-pbx":          {env: []string{"TF_VAR_pbx_sip_password=Pbx-outbound-2024!", "TF_VAR_pbx_inbound_password=Zt-inbound-2024!"}},
	"messaging-pipeline":        {args: []string{"-var=release=v1.0.0"}},
	"messaging-pipeline/mms":    {args: []string{"-var=release=v1.0.0"}},
	"messaging-pipeline/action": {args: []string{"-var=release=v1.0.0"}},
	"10dlc":                     {args: []string{"-var=callback_url=CALLBACK"}},
	"tollfree-verification":     {},
	"verified-caller-ids":       {},
	"numbers-in-germany":        {},
	"numbers-outside-the-us":    {},
	"own-carrier-numbers":       {},
	"buying-numbers":            {},
	"number-pool":               {},
	"10dlc-from-the-root":       {},
	"testing-with-the-emulator": {},
	"large-accounts/platform":   {},
	"large-accounts/teams/payments": {env: []string{"CPAAS_BASE_URL=EMULATOR", "TF_VAR_desk_password=Desk-pass-2026"},
		after: "platform"},
	"large-accounts/teams/support": {env: []string{"CPAAS_BASE_URL=EMULATOR", "TF_VAR_desk_password=Desk-pass-2026"},
		after: "platform"},
}

// releasedProvider builds (once per machine) the last release's provider
// and returns its version and binary.
func releasedProvider(t *testing.T) (version, bin string) {
	t.Helper()
	root := acctest.RepoRoot(t)
	b, err := os.ReadFile(filepath.Join(root, ".ci", "release", "last-release"))
	if err != nil {
		t.Fatal(err)
	}
	tag, _, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
	cmd := exec.Command(filepath.Join(root, ".ci", "release", "build-release.sh"))
	cmd.Dir = root
	cmd.Env = withoutVars(os.Environ(), "FORCE")
	cmd.Stderr = &testLogWriter{t: t}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf(".ci/release/build-release.sh: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimPrefix(tag, "v"), lines[len(lines)-1]
}

type testLogWriter struct{ t *testing.T }

func (w *testLogWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// addToMirror puts bin in m's implied local mirror as version v, under
// the registry hosts of Terraform and OpenTofu.
func addToMirror(t *testing.T, m provtest.MirrorInstall, v, bin string) {
	t.Helper()
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
		dir := filepath.Join(m.Home, ".terraform.d", "plugins", host, "cpaas-dev", "cpaas", v, runtime.GOOS+"_"+runtime.GOARCH)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		name := "terraform-provider-cpaas_v" + v
		if runtime.GOOS == "windows" {
			name += ".exe"
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAccUpgrade_guides(t *testing.T) { upgradeGuides(t, false) }

func TestAccUpgrade_guides_TF114(t *testing.T) { upgradeGuides(t, true) }

func upgradeGuides(t *testing.T, with114 bool) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	acctest.PreCheck(t)
	if acctest.Real() {
		t.Skip("the upgrade check applies every guide against a fresh emulator of its own")
	}
	m := installLocal(t)
	if with114 {
		newMirrorRunner(t, m).SkipBelowTF114()
	}
	released, bin := releasedProvider(t)
	if released == m.Version {
		t.Fatalf("the CHANGELOG's newest version %s is the last release's: a change after a release goes in a newer section", m.Version)
	}
	addToMirror(t, m, released, bin)
	// The 10DLC guide's callbacks land here.
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }))
	t.Cleanup(receiver.Close)
	ran := 0
	for _, g := range guideFolders(t) {
		if g.needs114 != with114 {
			continue
		}
		given, ok := upgradeGuideArgs[filepath.ToSlash(g.rel)]
		if !ok {
			t.Fatalf("guide %s: name the variables its page has users give in upgradeGuideArgs", g.rel)
		}
		ran++
		t.Run(g.rel, func(t *testing.T) {
			t.Parallel()
			env := acctest.NewEnv(t, func(o *emulator.Options) {
				o.ComplianceReviewDelay = 100 * time.Millisecond
				o.TollfreeVerificationDelay = 100 * time.Millisecond
			})
			r := newMirrorRunner(t, m)
			provtest.SetUpGuide(t, r, env, filepath.ToSlash(g.rel))
			for _, e := range given.env {
				r.Env = append(r.Env, strings.ReplaceAll(e, "EMULATOR", env.URL))
			}
			args := []string{"-input=false"}
			for _, a := range given.args {
				args = append(args, strings.ReplaceAll(a, "CALLBACK", receiver.URL+"/10dlc"))
			}
			pinned := "terraform {\n  required_providers {\n    cpaas = {\n      source  = \"cpaas-dev/cpaas\"\n      version = \"" + released + "\"\n    }\n  }\n}\n"
			// applyRelease applies the folder of q with the release.
			applyRelease := func(q *provtest.TfRunner, args ...string) {
				t.Helper()
				if err := os.WriteFile(filepath.Join(q.Dir, "zz_release_override.tf"), []byte(pinned), 0o600); err != nil {
					t.Fatal(err)
				}
				if out := q.Run("init", "-input=false"); !strings.Contains(out, "Installed cpaas-dev/cpaas v"+released) {
					t.Fatalf("init did not install the release %s:\n%s", released, out)
				}
				q.Run(append([]string{"apply", "-auto-approve"}, args...)...)
			}
			if given.after != "" {
				first := *r
				_, rest, _ := strings.Cut(filepath.ToSlash(g.rel), "/")
				first.Dir = filepath.Join(strings.TrimSuffix(filepath.ToSlash(r.Dir), "/"+rest), given.after)
				provtest.PointAtEmulator(t, first.Dir, env)
				applyRelease(&first, "-input=false")
			}
			applyRelease(r, args...)
			pin := filepath.Join(r.Dir, "zz_release_override.tf")

			// The upgrade, as a user makes it: the pin goes, init -upgrade.
			if err := os.Remove(pin); err != nil {
				t.Fatal(err)
			}
			if out := r.Run("init", "-input=false", "-upgrade"); !strings.Contains(out, "Installed cpaas-dev/cpaas v"+m.Version) {
				t.Fatalf("init -upgrade did not install this tree's %s:\n%s", m.Version, out)
			}
			expectNoResourceChange(t, r, args...)
		})
	}
	if ran == 0 {
		t.Fatal("no guide to upgrade")
	}
}

// expectNoResourceChange plans with args and fails on any resource whose
// planned action is not a no-op (a data source's read is fine). An output
// may change: the 10DLC guide's shows a registration the emulator finished
// between the apply and the plan.
func expectNoResourceChange(t *testing.T, r *provtest.TfRunner, args ...string) {
	t.Helper()
	r.Run(append([]string{"plan", "-out=upgrade.tfplan"}, args...)...)
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(r.Run("show", "-json", "upgrade.tfplan")), &plan); err != nil {
		t.Fatal(err)
	}
	managed := 0
	for _, rc := range plan.ResourceChanges {
		if rc.Mode == tfjson.DataResourceMode {
			continue
		}
		managed++
		if rc.Change == nil || !rc.Change.Actions.NoOp() {
			t.Errorf("after the upgrade %s plans %v", rc.Address, rc.Change)
		}
	}
	// Every resource the release's apply left in the state was planned.
	inState := 0
	for _, a := range strings.Split(strings.TrimSpace(r.Run("state", "list")), "\n") {
		if a != "" && !strings.HasPrefix(a, "data.") {
			inState++
		}
	}
	if managed != inState {
		t.Errorf("the plan names %d resources, the state holds %d", managed, inState)
	}
}
