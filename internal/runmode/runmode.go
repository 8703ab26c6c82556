// Package runmode tells the provider which Terraform command started it,
// where the protocol does not: `terraform destroy` first runs a normal
// plan to refresh the state, and that plan asks the provider to plan every
// configured object, those a failed apply never created included. A
// plan-time refusal of such an object (a reference to an object that does
// not exist) must not stop a destroy, yet should stop `terraform plan` in
// CI. The provider's parent process is the Terraform (or OpenTofu) CLI; its
// command line says which command runs.
//
// Only what the command line shows is known: a provider started otherwise
// (in-process in tests, a debugger, a system without /proc) reports
// Unknown, and callers then take the side that never blocks a destroy.
package runmode

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Mode is what the parent CLI runs.
type Mode int

const (
	// Unknown: the parent's command line could not be read or named no
	// command this package knows.
	Unknown Mode = iota
	// Destroy: `destroy`, or `apply`/`plan` with -destroy.
	Destroy
	// Plan: any other plan or apply (`plan`, `apply`, `test`, `refresh`,
	// `import`, `console`, `query`).
	Plan
	// Validate: `validate`, which plans nothing: a rule a provider
	// checks at plan can only be checked here by the validate call.
	Validate
)

var (
	once sync.Once
	mode Mode
)

// Current is the mode of the parent CLI, read once per process.
func Current() Mode {
	once.Do(func() { mode = fromProc(os.Getppid()) })
	return mode
}

// Plans says whether the parent is known to run a command that is not a
// destroy.
func Plans() bool { return Current() == Plan }

// Validates says whether the parent is known to run `terraform validate`.
func Validates() bool { return Current() == Validate }

// fromProc reads pid's command line from /proc (Linux); elsewhere, or when
// it cannot be read, Unknown.
func fromProc(pid int) Mode {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil || len(b) == 0 {
		return Unknown
	}
	return Of(strings.Split(strings.TrimRight(string(b), "\x00"), "\x00"))
}

// commands are the CLI commands that plan and are not a destroy.
var commands = map[string]bool{"plan": true, "apply": true, "test": true, "refresh": true, "import": true, "console": true, "query": true}

// Of is the mode of a CLI command line (argv, the program first): a
// program named terraform or tofu (any prefix or suffix: terraform1.16,
// tofu.exe), global flags (-chdir=...) before the command.
func Of(argv []string) Mode {
	if len(argv) < 2 {
		return Unknown
	}
	prog := strings.ToLower(filepath.Base(argv[0]))
	if !strings.Contains(prog, "terraform") && !strings.Contains(prog, "tofu") {
		return Unknown
	}
	i := 1
	for i < len(argv) && strings.HasPrefix(argv[i], "-") {
		i++ // global options: -chdir=DIR, -help, -version
	}
	if i == len(argv) {
		return Unknown
	}
	cmd := argv[i]
	if cmd == "destroy" {
		return Destroy
	}
	if cmd == "validate" {
		return Validate
	}
	if !commands[cmd] {
		return Unknown
	}
	for _, a := range argv[i+1:] {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "destroy" && (!hasValue || value == "true" || value == "1") {
			return Destroy
		}
	}
	return Plan
}
