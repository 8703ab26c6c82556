package journal

import (
	"os"
	"os/exec"
	"testing"
)

// running tells this process, which runs, from one that ended and was
// waited for, on every system with an implementation of its own (Unix
// and Windows; elsewhere every process counts as running).
func TestRunningTellsARunningProcessFromAnEndedOne(t *testing.T) {
	if !running(os.Getpid()) {
		t.Fatal("this process counts as ended: the journal would adopt a live run's creates")
	}
	if running(0) || running(-1) {
		t.Error("pid 0 or -1 counts as running")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("running a process to end: %v", err)
	}
	if !tellsEnded {
		return
	}
	if running(cmd.Process.Pid) {
		t.Errorf("process %d ended and was waited for, but counts as running: a killed run's entries would never be adopted", cmd.Process.Pid)
	}
}
