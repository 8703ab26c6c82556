package cpuprofile

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestFromEnvWritesOneProfilePerProcessOnlyWhenAsked(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, "")
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
}
