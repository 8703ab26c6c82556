package gctune

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

// current reads the GC percent and memory limit without changing them.
func current() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

func restore(t *testing.T) {
	percent, limit := current()
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

func TestApplySetsTheProviderDefaults(t *testing.T) {
	restore(t)
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	_ = os.Unsetenv("GOGC")
	_ = os.Unsetenv("GOMEMLIMIT")
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)

	Apply()

	if p, l := current(); p != Percent || l != MemoryLimit {
		t.Errorf("after Apply: GOGC %d, memory limit %d; want %d and %d", p, l, Percent, MemoryLimit)
	}
}

func TestApplyKeepsWhatTheUserSet(t *testing.T) {
	restore(t)
	// The runtime applies GOGC and GOMEMLIMIT at start; emulate that.
	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "64MiB")
	debug.SetGCPercent(50)
	debug.SetMemoryLimit(64 << 20)

	Apply()

	if p, l := current(); p != 50 || l != 64<<20 {
		t.Errorf("after Apply with GOGC=50 GOMEMLIMIT=64MiB: GOGC %d, memory limit %d; want them kept", p, l)
	}
}

func TestApplyWithChildrenSetsTheEnvironmentUnlessSet(t *testing.T) {
	restore(t)
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "64MiB")
	_ = os.Unsetenv("GOGC")
	debug.SetMemoryLimit(64 << 20)

	ApplyWithChildren()

	if got := os.Getenv("GOGC"); got != "400" {
		t.Errorf("GOGC for the children: %q, want 400", got)
	}
	if got := os.Getenv("GOMEMLIMIT"); got != "64MiB" {
		t.Errorf("GOMEMLIMIT the user set became %q", got)
	}
	if p, l := current(); p != Percent || l != 64<<20 {
		t.Errorf("after ApplyWithChildren: GOGC %d, memory limit %d; want %d and the user's %d", p, l, Percent, 64<<20)
	}
}
