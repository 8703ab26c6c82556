//go:build windows

package journal

import (
	"errors"

	"golang.org/x/sys/windows"
)

// stillActive is the exit code GetExitCodeProcess reports of a process
// that has not ended (STILL_ACTIVE).
const stillActive = 259

// tellsEnded says whether running can tell a process that ended.
const tellsEnded = true

// running reports whether process pid exists and has not ended. A process
// Windows will not open for this user, or whose state it cannot read,
// counts as running: its entries are kept, the safe side. A pid reused by
// another process counts as running too.
func running(pid int) bool {
	if pid <= 0 {
		return false
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		// No such process: Windows says the parameter (the pid) is invalid.
		return !errors.Is(err, windows.ERROR_INVALID_PARAMETER)
	}
	defer windows.CloseHandle(h) //nolint:errcheck // a query handle
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil {
		return true
	}
	return code == stillActive
}
