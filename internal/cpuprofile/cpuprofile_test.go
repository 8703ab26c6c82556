package cpuprofile

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestFromEnvWritesOneProfilePerProcessOnlyWhenAsked(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, "")
	t.Setenv(CPUTimeEnv, "")
	FromEnv()()
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Fatalf("unset %s wrote %d files", Env, len(files))
	}
	t.Setenv(Env, dir)
	FromEnv()()
	fi, err := os.Stat(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", os.Getpid())))
	if err != nil || fi.Size() == 0 {
		t.Fatalf("profile: %v, %v", fi, err)
	}
	if _, n, _ := ReadCPUTimes(dir); n != 0 {
		t.Fatalf("unset %s wrote %d CPU times", CPUTimeEnv, n)
	}
}

// The CPU time a process writes when it stops is at least what it spent
// before, and the bench reads the sum of every process's.
func TestFromEnvWritesTheProcessCPUTime(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, "")
	t.Setenv(CPUTimeEnv, dir)
	stop := FromEnv()
	before, _, ok := processCPU()
	if !ok {
		t.Skip("no getrusage here")
	}
	// Spin until the kernel has counted 50 ms more (its clock ticks), or
	// give up after 10 s of a machine too busy to give us that.
	for start := time.Now(); time.Since(start) < 10*time.Second; {
		if now, _, _ := processCPU(); now >= before+50*time.Millisecond {
			break
		}
	}
	stop()
	got, n, err := ReadCPUTimes(dir)
	if err != nil || n != 1 {
		t.Fatalf("ReadCPUTimes = %v, %d processes, %v; want one", got, n, err)
	}
	if got < before+20*time.Millisecond {
		t.Errorf("CPU time %v, want at least %v (%v before, then 50 ms of CPU spinning)", got, before+20*time.Millisecond, before)
	}
	other := filepath.Join(dir, "cputime-1.txt")
	if err := os.WriteFile(other, []byte(formatCPU(time.Second, 500*time.Millisecond)), 0o644); err != nil {
		t.Fatal(err)
	}
	if sum, n, err := ReadCPUTimes(dir); err != nil || n != 2 || sum < got+1500*time.Millisecond-time.Millisecond || sum > got+1500*time.Millisecond+time.Millisecond {
		t.Errorf("two processes: %v, %d, %v; want %v", sum, n, err, got+1500*time.Millisecond)
	}
	if err := os.WriteFile(other, []byte("1.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadCPUTimes(dir); err == nil {
		t.Error("a malformed file read without error")
	}
}
