//go:build unix

package journal

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// tellsEnded says whether running can tell a process that ended.
const tellsEnded = true

// running reports whether process pid exists and has not ended (a pid
// reused by another process counts as running: its entries are kept, the
// safe side). A process that ended but was not yet reaped (a zombie: its
// parent, Terraform, was killed, and nothing has waited for it yet) has
// ended.
func running(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	if err := p.Signal(syscall.Signal(0)); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	return !zombie(pid)
}

// zombie reads the process's state where the system shows it (/proc).
func zombie(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	rest := string(data)
	if i := strings.LastIndexByte(rest, ')'); i >= 0 {
		rest = rest[i+1:]
	}
	fields := strings.Fields(rest)
	return len(fields) > 0 && fields[0] == "Z"
}
