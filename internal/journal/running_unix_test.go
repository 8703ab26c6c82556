//go:build unix

package journal

import (
	"os/exec"
	"testing"
	"time"
)

// A process that ended but was not reaped yet (its parent killed) has
// ended: its entries are adopted.
func TestZombieHasEnded(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	pid := cmd.Process.Pid
	defer func() { _ = cmd.Wait() }()
	deadline := time.Now().Add(5 * time.Second)
	for !zombie(pid) {
		if time.Now().After(deadline) {
			t.Skip("no /proc state to read here")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if running(pid) {
		t.Fatal("a zombie counts as running: a killed run's entries would never be adopted")
	}
}
