// Package cpuprofile profiles a plugin process under Terraform, which
// starts it and gives it no flags: CPAAS_PROVIDER_CPUPROFILE=DIR makes each
// process write DIR/cpu-PID.pprof (internal/cmd/bench/README.md), and
// CPAAS_PROVIDER_CPUTIME=DIR makes it write its CPU time to
// DIR/cputime-PID.txt when it stops (the bench's -floor table gives the
// plugins' CPU beside Terraform's). The provider and the bench's floor
// plugins (internal/cmd/schemafloor) share it, so their figures compare.
package cpuprofile

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"
)

// Env names the directory profiles go to.
const Env = "CPAAS_PROVIDER_CPUPROFILE"

// CPUTimeEnv names the directory the CPU times go to.
const CPUTimeEnv = "CPAAS_PROVIDER_CPUTIME"

// FromEnv starts profiling this process if Env is set, and returns what
// stops it and writes the process's CPU time if CPUTimeEnv is set (run it
// when the plugin's Serve returns: Terraform stops a plugin gracefully); it
// returns a no-op when neither is set, and leaves out what cannot start.
func FromEnv() (stop func()) {
	stopProfile := startProfile(os.Getenv(Env))
	dir := os.Getenv(CPUTimeEnv)
	return func() {
		stopProfile()
		if dir == "" {
			return
		}
		user, sys, ok := processCPU()
		if !ok {
			return
		}
		name := filepath.Join(dir, fmt.Sprintf("cputime-%d.txt", os.Getpid()))
		if err := os.WriteFile(name, []byte(formatCPU(user, sys)), 0o644); err != nil {
			log.Printf("%s: %v", CPUTimeEnv, err)
		}
	}
}

func startProfile(dir string) (stop func()) {
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

// formatCPU is a cputime file's line: user and system seconds.
func formatCPU(user, sys time.Duration) string {
	return fmt.Sprintf("%.6f %.6f\n", user.Seconds(), sys.Seconds())
}

// ReadCPUTimes sums the CPU times (user plus system) the processes wrote
// to dir, and says how many wrote one.
func ReadCPUTimes(dir string) (total time.Duration, processes int, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "cputime-*.txt"))
	if err != nil {
		return 0, 0, err
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return 0, 0, err
		}
		fields := strings.Fields(string(data))
		if len(fields) != 2 {
			return 0, 0, fmt.Errorf("%s: %q is not user and system seconds", name, data)
		}
		for _, f := range fields {
			s, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return 0, 0, fmt.Errorf("%s: %w", name, err)
			}
			total += time.Duration(s * float64(time.Second))
		}
		processes++
	}
	return total, processes, nil
}
