package kit

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/journal"
)

// leftBy writes the entry a killed provider process left in dir.
func leftBy(t *testing.T, dir, id string) {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no process to end: %v", err)
	}
	e := journal.Entry{Account: "MA1", Type: "_endpoint", Digest: "d", ID: id, PID: cmd.Process.Pid, Started: time.Now()}
	data, _ := json.Marshal(e)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "create-left-"+id+".json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestCreateOrAdoptAdoptsWhatAKilledRunLeft(t *testing.T) {
	cases := []struct {
		name      string
		left      string   // the entry's id ("": the create was on its way)
		found     []string // what the kind's lookup finds
		want      string   // the object adopted ("": created)
		wantErr   bool
		wantCalls int // creates sent
	}{
		{name: "the only candidate of a create on its way", left: "", found: []string{"e-9"}, want: "e-9"},
		{name: "several candidates of a create on its way", left: "", found: []string{"e-1", "e-2"}, wantErr: true},
		{name: "no candidate of a create on its way", left: "", found: nil, want: "new", wantCalls: 1},
		// An entry with an id is the resource's to adopt by reading it
		// (adoptJournaled), before any create: here it creates.
		{name: "an entry with an id", left: "e-2", found: []string{"e-2"}, want: "new", wantCalls: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			leftBy(t, dir, tc.left)
			jc := &journalCreate{j: journal.Open(dir), account: "MA1", typ: "_endpoint", digest: "d"}
			ctx := context.WithValue(context.Background(), journalKey{}, jc)
			calls := 0
			create := func(context.Context) (string, error) { calls++; return "new", nil }
			lookup := func(context.Context) ([]string, error) { return tc.found, nil }
			got, err := CreateOrAdopt(ctx, "endpoint", "alias", create, lookup, func(s string) string { return s })
			if tc.wantErr {
				if !errors.As(err, new(*SeveralMatchesError)) || calls != 0 {
					t.Fatalf("want a SeveralMatchesError and no create, got %q, %v after %d creates", got, err, calls)
				}
				return
			}
			if err != nil || got != tc.want || calls != tc.wantCalls {
				t.Fatalf("got %q, %v after %d creates; want %q after %d", got, err, calls, tc.want, tc.wantCalls)
			}
			if tc.want != "new" && jc.adopted != tc.want {
				t.Fatalf("the warning would name %q, want %q", jc.adopted, tc.want)
			}
		})
	}
}

// A create journals itself before it is sent and records the id after.
func TestCreateOrAdoptJournalsTheCreate(t *testing.T) {
	dir := t.TempDir()
	jc := &journalCreate{j: journal.Open(dir), account: "MA1", typ: "_endpoint", digest: "d"}
	ctx := context.WithValue(context.Background(), journalKey{}, jc)
	var before []string
	create := func(context.Context) (string, error) {
		before, _ = filepath.Glob(filepath.Join(dir, "create-*.json"))
		return "e-1", nil
	}
	if _, err := CreateOrAdopt(ctx, "endpoint", "alias", create, nil, func(s string) string { return s }); err != nil {
		t.Fatal(err)
	}
	if len(before) != 1 {
		t.Fatalf("entries while the create was on its way: %v, want 1", before)
	}
	data, _ := os.ReadFile(before[0])
	var e journal.Entry
	if json.Unmarshal(data, &e) != nil || e.ID != "e-1" {
		t.Fatalf("the entry after the create: %s, want the id e-1", data)
	}
}

// A create whose reply is lost while the run is interrupted is still
// looked up: the look-up runs without the interrupt's cancellation, so
// what the create made reaches the state instead of being orphaned.
func TestCreateOrAdoptLooksUpAfterTheInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	create := func(context.Context) (string, error) {
		cancel() // Ctrl-C while the reply was on its way
		return "", &client.OutcomeUnknownError{Method: "POST", Path: "/v1/Account/MA1/Endpoint/", Err: errors.New("connection reset")}
	}
	lookup := func(ctx context.Context) ([]string, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return []string{"e-1"}, nil
	}
	got, err := CreateOrAdopt(ctx, "endpoint", "alias", create, lookup, func(s string) string { return s })
	if err != nil || got != "e-1" {
		t.Fatalf("got %q, %v: want the object the interrupted create made adopted", got, err)
	}
}
