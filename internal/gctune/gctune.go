// Package gctune sets the Go garbage collector of a plugin process for the
// way Terraform uses it: a short-lived process that answers thousands of
// small calls and keeps little alive between them.
//
// With the runtime's default (GOGC=100) the collector ran after every few
// megabytes of the framework's per-call garbage, and on a 2-core machine
// its marking competed with Terraform for the CPU: in a no-change plan of
// 1,000 endpoints it took about a fifth of the provider's CPU. A higher
// target lets the heap grow to five times what is live before the next
// cycle, which a provider's small live heap (tens of MiB) can afford; a
// soft memory limit bounds that growth should the live heap ever be large.
package gctune

import (
	"os"
	"runtime/debug"
	"strconv"
)

const (
	// Percent is the GOGC the provider runs with: the heap may grow to
	// five times the live heap before the next collection.
	Percent = 400
	// MemoryLimit is the soft limit (bytes) above which the collector runs
	// as often as it needs to, whatever Percent allows.
	MemoryLimit = 1 << 30
)

// Apply sets Percent and MemoryLimit, each unless the user chose their own
// through the runtime's GOGC or GOMEMLIMIT environment variables (which the
// runtime has already applied).
func Apply() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(Percent)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(MemoryLimit)
	}
}

// ApplyWithChildren is Apply, and sets GOGC and GOMEMLIMIT in the
// environment to Percent and MemoryLimit, each unless the user set it, so
// the Go programs this process starts (Terraform, OpenTofu, go build) run
// with the same settings: a test suite that starts thousands of
// short-lived CLI processes spends most of its CPU in them.
func ApplyWithChildren() {
	Apply()
	if _, set := os.LookupEnv("GOGC"); !set {
		_ = os.Setenv("GOGC", strconv.Itoa(Percent))
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		_ = os.Setenv("GOMEMLIMIT", strconv.Itoa(MemoryLimit))
	}
}
