//go:build !unix

package cpuprofile

import "time"

// processCPU reports nothing where getrusage is missing: the bench runs
// on Linux.
func processCPU() (user, sys time.Duration, ok bool) { return 0, 0, false }
