package journal

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// deadPID is the pid of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no process to end: %v", err)
	}
	return cmd.Process.Pid
}

// leave writes the entry a killed process left.
func leave(t *testing.T, dir string, e Entry) {
	t.Helper()
	data, _ := json.Marshal(e)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "create-"+e.Type+"-"+e.ID+"-"+e.Digest+".json")
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestUnfinishedOnlyFromProcessesThatEnded(t *testing.T) {
	dir := t.TempDir()
	dead := deadPID(t)
	now := time.Now()
	leave(t, dir, Entry{Account: "MA1", Type: "_endpoint", Digest: "d1", ID: "e-dead", PID: dead, Started: now})
	// A process still running (this one's parent: another run's apply)
	// holds its entries: they are never adopted.
	leave(t, dir, Entry{Account: "MA1", Type: "_endpoint", Digest: "d1", ID: "e-alive", PID: os.Getppid(), Started: now})
	leave(t, dir, Entry{Account: "MA1", Type: "_endpoint", Digest: "d1", PID: dead, Started: now})
	leave(t, dir, Entry{Account: "MA2", Type: "_endpoint", Digest: "d1", ID: "other-account", PID: dead, Started: now})
	leave(t, dir, Entry{Account: "MA1", Type: "_endpoint", Digest: "d2", ID: "other-config", PID: dead, Started: now})
	leave(t, dir, Entry{Account: "MA1", Type: "_endpoint", Digest: "d1", ID: "too-old", PID: dead, Started: now.Add(-MaxAge - time.Hour)})

	got := Open(dir).Unfinished("MA1", "_endpoint", "d1")
	if len(got) != 2 || got[0].ID != "e-dead" || got[1].ID != "" {
		t.Fatalf("unfinished creates: got %+v, want e-dead then the one without an id", got)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*too-old*")); len(files) != 0 {
		t.Fatalf("an entry older than MaxAge was kept: %v", files)
	}
}

func TestBeginCreatedHandOver(t *testing.T) {
	dir := t.TempDir()
	j := Open(dir)
	e, err := j.Begin("MA1", "_phone_number", "d", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(e.file); err != nil {
		t.Fatalf("Begin wrote no entry before the create: %v", err)
	}
	if err := j.Created(e, "14155550100"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(e.file)
	if !strings.Contains(string(data), `"id":"14155550100"`) {
		t.Fatalf("Created did not record the id: %s", data)
	}
	// Another process (the next run) sees it as unfinished only once
	// this one has ended; a refresh of the object hands it over.
	next := Open(dir)
	next.pid = -1
	if got := next.Unfinished("MA1", "_phone_number", "d"); len(got) != 0 {
		t.Fatalf("a running process's entry was offered for adoption: %+v", got)
	}
	next.HandOver("_phone_number", "14155550100")
	if _, err := os.Stat(e.file); !os.IsNotExist(err) {
		t.Fatalf("a refresh of the object did not hand it over: %v", err)
	}
}

func TestHandOverAllDropsOnlyOwnEntries(t *testing.T) {
	dir := t.TempDir()
	leave(t, dir, Entry{Account: "MA1", Type: "_endpoint", Digest: "d", ID: "theirs", PID: deadPID(t), Started: time.Now()})
	j := Open(dir)
	e, _ := j.Begin("MA1", "_endpoint", "d", "")
	_ = j.Created(e, "mine")
	j.HandOverAll()
	files, _ := filepath.Glob(filepath.Join(dir, "create-*.json"))
	if len(files) != 1 || !strings.Contains(files[0], "theirs") {
		t.Fatalf("after HandOverAll: %v, want only the other process's entry", files)
	}
}

func TestEntriesHoldNothingSecret(t *testing.T) {
	dir := t.TempDir()
	j := Open(dir)
	e, _ := j.Begin("MA1", "_endpoint", Digest([]string{`username="sip_u"`}), "")
	data, _ := os.ReadFile(e.file)
	var fields map[string]any
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	for k := range fields {
		switch k {
		case "account", "type", "digest", "pid", "started":
		default:
			t.Errorf("an entry holds %q: only the account, type, digest, id, pid and start may be written", k)
		}
	}
	if strings.Contains(string(data), "sip_u") {
		t.Errorf("the configuration's values reached the journal: %s", data)
	}
}
