package provider_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// installLocal runs `make install-local` with HOME a fresh directory (the Go
// caches stay the developer's, so only the link runs again) and returns that
// home, after checking the binary is where Terraform's implied mirror looks.
func installLocal(t *testing.T) provtest.MirrorInstall {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatal("the README's local build needs make on PATH")
	}
	goenv, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	caches := strings.Fields(string(goenv))
	if len(caches) != 3 {
		t.Fatalf("go env printed %q", goenv)
	}
	home := t.TempDir()
	cmd := exec.Command("make", "--no-print-directory", "install-local")
	cmd.Dir = acctest.RepoRoot(t)
	cmd.Env = append(withoutVars(os.Environ(), "HOME", "PLUGINS_DIR", "LOCAL_VERSION", "MAKEFLAGS"),
		"HOME="+home, "GOCACHE="+caches[0], "GOMODCACHE="+caches[1], "GOPATH="+caches[2])
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make install-local: %v\n%s", err, out)
	}
	base := filepath.Join(home, ".terraform.d", "plugins", "registry.terraform.io", "cpaas-dev", "cpaas")
	versions, err := os.ReadDir(base)
	if err != nil || len(versions) != 1 {
		t.Fatalf("make install-local left %v in %s (%v)\n%s", versions, base, err, out)
	}
	v := versions[0].Name()
	bin := filepath.Join(base, v, runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-cpaas_v"+v)
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("make install-local did not install %s: %v\n%s", bin, err, out)
	}
	return provtest.MirrorInstall{Home: home, Version: v}
}

// withoutVars returns env without the variables named.
func withoutVars(env []string, names ...string) []string {
	var kept []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			drop = drop || name == n
		}
		if !drop {
			kept = append(kept, kv)
		}
	}
	return kept
}

// newMirrorRunner returns a runner whose Terraform knows nothing but m's
// home: no CLI configuration file, no reattached provider, no plugin cache.
func newMirrorRunner(t *testing.T, m provtest.MirrorInstall) *provtest.TfRunner {
	t.Helper()
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("this test needs the terraform CLI")
		}
	}
	env := append(withoutVars(os.Environ(), "HOME", "TF_CLI_CONFIG_FILE", "TERRAFORM_CONFIG", "TF_REATTACH_PROVIDERS",
		"TF_PLUGIN_CACHE_DIR", "TF_DATA_DIR", "TF_CLI_ARGS", "TF_CLI_ARGS_init"),
		"HOME="+m.Home, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	return &provtest.TfRunner{T: t, Bin: bin, Dir: t.TempDir(), Env: env}
}

// guideFolder is a folder of examples/guides a user runs terraform init in.
type guideFolder struct {
	rel      string // under examples/guides
	needs114 bool   // its required_version admits Terraform 1.14+ only
}

var requires114 = regexp.MustCompile(`required_version\s*=\s*">=\s*1\.14"`)

// guideFolders lists every guide's folder (examples/guides/*) and the
// action and MMS configurations of the messaging guide, which its page
// runs on their own.
func guideFolders(t *testing.T) []guideFolder {
	t.Helper()
	root := filepath.Join(acctest.RepoRoot(t), "examples", "guides")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	rels := []string{filepath.Join("messaging-pipeline", "action"), filepath.Join("messaging-pipeline", "mms")}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, e.Name(), "main.tf")); err == nil {
			rels = append(rels, e.Name())
			continue
		}
		// A guide of several states (large-accounts): each folder with a
		// main.tf is one, but its modules, which no one inits alone.
		err := filepath.WalkDir(filepath.Join(root, e.Name()), func(p string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if d.Name() == "modules" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "main.tf")); err == nil {
				rel, _ := filepath.Rel(root, p)
				rels = append(rels, rel)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var folders []guideFolder
	for _, rel := range rels {
		b, err := os.ReadFile(filepath.Join(root, rel, "main.tf"))
		if err != nil {
			t.Fatalf("guide folder %s: %v", rel, err)
		}
		folders = append(folders, guideFolder{rel: rel, needs114: requires114.Match(b)})
	}
	if len(folders) < 13 {
		t.Fatalf("found only %d guide folders in %s", len(folders), root)
	}
	return folders
}

// copyFolder copies every file of src (subfolders included) into dst, as a
// user's clone has them.
func copyFolder(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// initAndValidateGuides runs terraform init and validate in a copy of each
// folder of guides that needs 1.14 exactly when with114 is set.
func initAndValidateGuides(t *testing.T, with114 bool) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	m := installLocal(t)
	if with114 {
		newMirrorRunner(t, m).SkipBelowTF114()
	}
	ran := 0
	for _, g := range guideFolders(t) {
		if g.needs114 != with114 {
			continue
		}
		ran++
		t.Run(g.rel, func(t *testing.T) {
			r := newMirrorRunner(t, m)
			// The whole guide, so that a state of a guide of several
			// (large-accounts/teams/payments) finds the modules its sources
			// name by a relative path (../../modules/team); init runs in the
			// state's own folder.
			top, _, _ := strings.Cut(filepath.ToSlash(g.rel), "/")
			copyFolder(t, filepath.Join(acctest.RepoRoot(t), "examples", "guides", top), filepath.Join(r.Dir, top))
			r.Dir = filepath.Join(r.Dir, g.rel)
			r.InitFromMirror(m)
			r.Run("validate")
		})
	}
	if ran == 0 {
		t.Fatal("no guide folder to check")
	}
}

// TestAccInstallLocal_guidesInitFromTheMirror: after `make install-local`,
// `terraform init` and `terraform validate` work unchanged in every guide's
// folder that Terraform 1.11 can run.
func TestAccInstallLocal_guidesInitFromTheMirror(t *testing.T) {
	initAndValidateGuides(t, false)
}

// TestAccInstallLocal_guidesInitFromTheMirror_TF114: the same for the
// folders that need Terraform 1.14 (actions).
func TestAccInstallLocal_guidesInitFromTheMirror_TF114(t *testing.T) {
	initAndValidateGuides(t, true)
}
