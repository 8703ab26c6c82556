package acctest

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/gctune"
)

// kept are the variables a test run may take from the shell: the test
// harness's own (TF_ACC*, set by make test and CI) and log levels, which
// change what is logged but no result.
func kept(name string) bool {
	return strings.HasPrefix(name, "TF_ACC") || strings.HasPrefix(name, "TF_LOG")
}

// Hermetic makes the process environment the tests' own, so nothing a
// developer exported changes a result: it unsets every CPAAS_* variable (the
// provider's fallbacks for auth_id, auth_token and base_url) and every TF_*
// one but those kept (TF_CLI_ARGS, TF_VAR_*, TF_WORKSPACE, TF_DATA_DIR,
// TF_REATTACH_PROVIDERS ...), and points Terraform at an empty CLI
// configuration. Tests that want a variable set it with t.Setenv. It
// returns a function that removes the empty configuration.
func Hermetic() (func(), error) {
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "CPAAS_") || (strings.HasPrefix(name, "TF_") && !kept(name)) {
			if err := os.Unsetenv(name); err != nil {
				return nil, err
			}
		}
	}
	f, err := os.CreateTemp("", "acctest-*.tfrc")
	if err != nil {
		return nil, err
	}
	f.Close()
	if err := os.Setenv("TF_CLI_CONFIG_FILE", f.Name()); err != nil {
		return nil, err
	}
	return func() { _ = os.Remove(f.Name()) }, nil
}

// Main is the TestMain of a package whose tests run Terraform or the
// provider: real mode's settings read first (real.go), Hermetic, then the
// tests (or under -sweep the sweepers), then the run's apply count (Test):
// its summary line and the configurations applied by more than one test,
// printed and, when CPAAS_ACC_REPORT names a file (read before Hermetic
// clears it), appended to it for CI to show.
func Main(m *testing.M) {
	report := os.Getenv("CPAAS_ACC_REPORT")
	rc, err := readReal(os.Getenv) // before Hermetic clears CPAAS_*
	if err != nil {
		fmt.Fprintln(os.Stderr, "acctest:", err)
		os.Exit(2)
	}
	cleanup, err := Hermetic()
	if err != nil {
		panic("acctest: " + err.Error())
	}
	useReal(rc)
	printReal(rc)
	// The suite starts thousands of short-lived Terraform processes, whose
	// CPU is most of its own: they run with the provider's collector
	// settings (gctune.ApplyWithChildren), which change no result.
	gctune.ApplyWithChildren()
	// resource.TestMain runs the sweepers (sweep.go) under -sweep, and the
	// tests otherwise; it exits right after.
	resource.TestMain(runThenReport{m, cleanup, report})
	cleanup()
}

// runThenReport runs the tests, removes Hermetic's configuration and
// writes the apply count: resource.TestMain exits right after Run.
type runThenReport struct {
	m       *testing.M
	cleanup func()
	report  string
}

func (r runThenReport) Run() int {
	code := r.m.Run()
	r.cleanup()
	if err := writeReport(r.report); err != nil {
		fmt.Fprintln(os.Stderr, "acctest:", err)
		code = 1
	}
	return code
}

// writeReport prints the run's apply count, when a step applied anything,
// and appends it to the file report names, if any.
func writeReport(report string) error {
	if runApplies.count() == 0 {
		return nil
	}
	var b strings.Builder
	runApplies.Report(&b)
	fmt.Print(b.String())
	if report == "" {
		return nil
	}
	// Appended: make test runs the package twice (the _TF114 tests with
	// their own CLI), and CI reads every run's summary of a pass.
	f, err := os.OpenFile(report, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(b.String()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
