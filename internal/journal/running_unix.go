//go:build unix

package journal

import (
	"errors"
	"os"
	"syscall"
)

// running reports whether process pid exists (a pid reused by another
// process counts as running: its entries are kept, the safe side).
func running(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
