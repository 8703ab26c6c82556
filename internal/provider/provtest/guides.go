package provtest

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
)

// The guides under docs/guides quote their configurations from
// examples/guides/<name>. Each test here copies one, as it is, into a
// workspace, points its provider block at a fresh emulator with an override
// file (the guides take credentials from the environment), and runs the
// Terraform CLI through the guide's steps.

// NewGuideRunner returns a runner in an initialised copy of the guide's
// configuration (guide: its directory under examples/guides).
func NewGuideRunner(t *testing.T, env *acctest.Env, guide string) *TfRunner {
	return NewGuideRunnerCLI(t, env, guide, false)
}

func NewGuideRunnerCLI(t *testing.T, env *acctest.Env, guide string, tf114 bool) *TfRunner {
	t.Helper()
	acctest.PreCheck(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	r := NewTFRunner(t)
	if tf114 {
		r.SkipBelowTF114()
	}
	SetUpGuide(t, r, env, guide)
	r.Run("init", "-input=false")
	r.Run("validate")
	return r
}

// SetUpGuide copies the guide's configuration into r's directory and
// points its default provider block at env. A folder of a guide made of
// several states (large-accounts/teams/payments: its guide's folder has no
// main.tf of its own) gets the guide's whole folder around it, as a clone
// has it, and r runs in that folder of the copy.
func SetUpGuide(t *testing.T, r *TfRunner, env *acctest.Env, guide string) {
	t.Helper()
	guides := filepath.Join(acctest.RepoRoot(t), "examples", "guides")
	src, run := filepath.Join(guides, guide), r.Dir
	if top, rest, several := strings.Cut(guide, "/"); several {
		if _, err := os.Stat(filepath.Join(guides, top, "main.tf")); err != nil {
			src, run = filepath.Join(guides, top), filepath.Join(r.Dir, filepath.FromSlash(rest))
		}
	}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(r.Dir, rel), 0o755)
		}
		// Every file, as a user's clone has them: the compliance guides'
		// sample scans (documents/) too.
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		acctest.SpendOn(t, string(b))
		return os.WriteFile(filepath.Join(r.Dir, rel), b, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
	r.Dir = run
	PointAtEmulator(t, r.Dir, env)
}

// PointAtEmulator writes an override file into dir that points the default
// provider block at env.
func PointAtEmulator(t *testing.T, dir string, env *acctest.Env) {
	t.Helper()
	override := fmt.Sprintf("provider \"cpaas\" {\n  base_url   = %q\n  auth_id    = %q\n  auth_token = %q\n}\n",
		env.URL, acctest.AuthID, acctest.AuthToken)
	if err := os.WriteFile(filepath.Join(dir, "emulator_override.tf"), []byte(override), 0o600); err != nil {
		t.Fatal(err)
	}
}

// edit rewrites a file of the guide's copy, failing when old is absent.
func (r *TfRunner) Edit(file, old, replacement string) {
	r.T.Helper()
	p := filepath.Join(r.Dir, file)
	b, err := os.ReadFile(p)
	if err != nil || !strings.Contains(string(b), old) {
		r.T.Fatalf("%s does not hold %q (%v)", file, old, err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, replacement, 1)), 0o600); err != nil {
		r.T.Fatal(err)
	}
}

// output reads one root output as JSON into v.
func (r *TfRunner) Output(name string, v any) {
	r.T.Helper()
	out := r.Run("output", "-json", name)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		r.T.Fatalf("output %s: %v\n%s", name, err, out)
	}
}

// expectPlan runs plan -detailed-exitcode and requires its exit code.
func (r *TfRunner) ExpectPlan(want int, args ...string) string {
	r.T.Helper()
	out, err := r.Try(append([]string{"plan", "-input=false", "-detailed-exitcode"}, args...)...)
	code := 0
	if err != nil {
		code = 1
		var exit interface{ ExitCode() int }
		if ok := asExit(err, &exit); ok {
			code = exit.ExitCode()
		}
	}
	if code != want {
		r.T.Fatalf("plan %v: exit %d, want %d\n%s", args, code, want, out)
	}
	return out
}

func asExit(err error, target *interface{ ExitCode() int }) bool {
	e, ok := err.(interface{ ExitCode() int })
	if ok {
		*target = e
	}
	return ok
}
