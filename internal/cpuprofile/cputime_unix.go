//go:build unix

package cpuprofile

import (
	"syscall"
	"time"
)

// processCPU is this process's user and system CPU time so far.
func processCPU() (user, sys time.Duration, ok bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0, false
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano()), true
}
