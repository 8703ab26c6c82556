// Package cpuprofile profiles a plugin process under Terraform, which
// starts it and gives it no flags: CPAAS_PROVIDER_CPUPROFILE=DIR makes each
// process write DIR/cpu-PID.pprof (internal/cmd/bench/README.md). The provider and
// the bench's floor plugins (internal/cmd/schemafloor) share it, so their
// profiles compare.
package cpuprofile

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/pprof"
)

// Env names the directory profiles go to.
const Env = "CPAAS_PROVIDER_CPUPROFILE"

// FromEnv starts profiling this process if Env is set, and returns what
// stops it (run it when the plugin's Serve returns: Terraform stops a
// plugin gracefully); it returns a no-op when Env is unset or the profile
// cannot start.
func FromEnv() (stop func()) {
	dir := os.Getenv(Env)
	if dir == "" {
		return func() {}
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", os.Getpid())))
	if err != nil {
		log.Printf("%s: %v", Env, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Printf("%s: %v", Env, err)
		f.Close()
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}
