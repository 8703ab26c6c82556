package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestStateFile_restartKeepsEverythingAndPendingWork: a server loaded from
// another's state file serves the same objects, and the work pending at
// the save (a brand being registered, a campaign, a number link, a message
// lifecycle, a callback waiting for its retry) ends the same way on both.
func TestStateFile_restartKeepsEverythingAndPendingWork(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) }))
	t.Cleanup(refuse.Close)
	a := newSecServer(t)
	if err := a.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	o := populate(t, a, idA, tokA)
	a.SetAlphanumericSender(idA, true)
	for _, req := range []struct{ path, body string }{
		{"10dlc/Brand/", `{"brand_alias": "Pending", "profile_uuid": "` + o.spareProfiles[0] + `"}`},
		{"10dlc/Campaign/", `{"brand_id": "` + o.brand + `", "campaign_alias": "Pending", "vertical": "RETAIL", "usecase": "MARKETING",
			"description": "Tells customers about offers in the store, once a week at most.", "sample1": "Acme: 10% off today. Reply STOP to opt out.",
			"sample2": "Acme: new arrivals. Reply HELP for help.", ` + campaignFlagsJSON + `}`},
		{"Message/", `{"src": "14155550100", "dst": "447700900123", "text": "pending", "url": "` + refuse.URL + `"}`},
		// An own-carrier number keeps its carrier and type across a restart.
		{"Number/", `{"numbers": "4930120000077", "carrier": "` + IncomingCarrierFabrikam + `", "region": "Berlin", "number_type": "mobile"}`},
	} {
		if st, out := direct(a, "POST", "/v1/Account/"+idA+"/"+req.path, idA, tokA, []byte(req.body)); st >= 300 {
			t.Fatalf("POST %s: %d %s", req.path, st, out)
		}
	}
	a.Settle() // the message's queued callback is refused: a retry is pending
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}

	b := newSecServer(t)
	if err := b.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	if sa, sb := snapshot(t, a, idA, tokA), snapshot(t, b, idA, tokA); sa != sb {
		t.Fatalf("restarted server differs:\nbefore %s\nafter  %s", sa, sb)
	}
	if !strings.Contains(snapshot(t, b, idA, tokA), `"carrier":"Fabrikam Voice"`) {
		t.Fatal("the own-carrier number's carrier is not in the snapshot; the test proves nothing for it")
	}
	if !strings.Contains(snapshot(t, b, idA, tokA), `"registration_status":"PROCESSING"`) {
		t.Fatal("no pending registration was saved; the test proves nothing")
	}
	for _, s := range []*Server{a, b} {
		s.Clock().Advance(10 * time.Minute)
	}
	sa, sb := snapshot(t, a, idA, tokA), snapshot(t, b, idA, tokA)
	if sa != sb {
		t.Fatalf("pending work ended differently after the restart:\nnever restarted %s\nrestarted       %s", sa, sb)
	}
	if strings.Contains(sb, "PROCESSING") || strings.Contains(sb, `"message_state":"queued"`) {
		t.Fatalf("pending work was not planned again: %s", sb)
	}
	retried := 0
	for _, at := range b.Callbacks() {
		if at.URL == refuse.URL && at.Attempt > 1 {
			retried++
		}
	}
	if retried == 0 {
		t.Error("the callback waiting for its retry was not retried after the restart")
	}
}

// TestStateFile_crashMidWriteLosesNothingAcknowledged: the process dies
// while writing the state file (simulated: half the new file is written,
// then nothing more). The request being saved is not acknowledged (500),
// and the file left on disk is the previous complete one, holding every
// change acknowledged before.
func TestStateFile_crashMidWriteLosesNothingAcknowledged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	s := newSecServer(t)
	if err := s.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	var acked []string
	create := func(name string) (int, string) {
		st, out := direct(s, "POST", "/v1/Account/"+idA+"/Endpoint/", idA, tokA, []byte(`{"username": "`+name+`", "password": "secret-1", "alias": "x"}`))
		var r struct {
			EndpointID string `json:"endpoint_id"`
		}
		_ = json.Unmarshal(out, &r)
		return st, r.EndpointID
	}
	for _, n := range []string{"one", "two", "three"} {
		st, id := create(n)
		if st != http.StatusCreated {
			t.Fatalf("create %s: %d", n, st)
		}
		acked = append(acked, id)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	// The next write dies half-way, after the temporary file got half the
	// bytes and before the rename.
	writeStateFile = func(p string, data []byte) error {
		f, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".tmp-*")
		if err != nil {
			return err
		}
		_, _ = f.Write(data[:len(data)/2])
		f.Close()
		return errors.New("simulated crash")
	}
	t.Cleanup(func() { writeStateFile = writeFileAtomic })
	if st, _ := create("four"); st != http.StatusInternalServerError {
		t.Fatalf("a change whose save failed was answered %d, want 500 (not acknowledged)", st)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Fatal("the state file changed although its write did not complete")
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".state.json.tmp-*"))
	if len(leftovers) == 0 {
		t.Fatal("the simulated crash left no partial file; the test proves nothing")
	}

	// A new process starts from the file: every acknowledged endpoint is
	// there.
	writeStateFile = writeFileAtomic
	r := newSecServer(t)
	if err := r.UseStateFile(path); err != nil {
		t.Fatalf("loading after the crash: %v", err)
	}
	for _, id := range acked {
		if st, out := direct(r, "GET", "/v1/Account/"+idA+"/Endpoint/"+id+"/", idA, tokA, nil); st != http.StatusOK {
			t.Errorf("acknowledged endpoint %s lost: %d %s", id, st, out)
		}
	}
}

// TestStateFile_writtenAtomically: the file is replaced by rename, never
// written in place, and readable only by its owner (it holds credentials).
func TestStateFile_writtenAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	if err := writeFileAtomic(path, []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	first, _ := os.Stat(path)
	if err := writeFileAtomic(path, []byte(`{"a":2}`)); err != nil {
		t.Fatal(err)
	}
	second, _ := os.Stat(path)
	if os.SameFile(first, second) {
		t.Error("the state file was rewritten in place, not replaced")
	}
	if second.Mode().Perm() != 0o600 {
		t.Errorf("state file mode %v, want 0600", second.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// TestStateFile_formatOfBeforeIsKept: a state file written before the
// areas declared their own state (testdata/state_v1.json: two populated
// accounts, subaccounts, pending work, a callback waiting) loads to the
// same objects (state_v1.snapshot, what that emulator served from it),
// and saving it again writes the same file, so the emulator of before
// reads what this one writes.
func TestStateFile_formatOfBeforeIsKept(t *testing.T) {
	before, err := os.ReadFile(filepath.Join("testdata", "state_v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "state_v1.snapshot"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, before, 0o600); err != nil {
		t.Fatal(err)
	}
	s := newSecServer(t)
	if err := s.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, s, idA, tokA) + "\n" + snapshot(t, s, idB, tokB); got != string(want) {
		t.Errorf("the objects loaded from a file of before differ:\ngot  %s\nwant %s", got, want)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	after = withoutNewerAreas(t, before, after)
	if b, a := normalState(t, before), normalState(t, after); b != a {
		t.Errorf("saving a loaded file of before changed it:\nbefore %s\nafter  %s", b, a)
	}
}

// withoutNewerAreas is after without the keys of the areas newer than the
// file before (the keys its accounts lack): each must hold the area's
// fresh state, which a load of a file without the key gives too, and which
// the emulator of before ignores.
func withoutNewerAreas(t *testing.T, before, after []byte) []byte {
	t.Helper()
	fresh := &account{}
	(&Server{}).initAccount(fresh)
	saved, err := savedAccount(fresh)
	if err != nil {
		t.Fatal(err)
	}
	var b, a, f map[string]any
	for _, x := range []struct {
		data []byte
		into *map[string]any
	}{{before, &b}, {after, &a}, {stateJSON(t, saved), &f}} {
		if err := json.Unmarshal(x.data, x.into); err != nil {
			t.Fatal(err)
		}
	}
	had := map[string]map[string]any{}
	for _, acct := range b["accounts"].([]any) {
		m := acct.(map[string]any)
		had[m["auth_id"].(string)] = m
	}
	for _, acct := range a["accounts"].([]any) {
		m := acct.(map[string]any)
		old, ok := had[m["auth_id"].(string)]
		if !ok {
			continue
		}
		for k, v := range m {
			if _, kept := old[k]; kept {
				continue
			}
			if got, want := string(stateJSON(t, v)), string(stateJSON(t, f[k])); got != want {
				t.Errorf("account %s: %q, a key the file of before lacks, saved as %s, not the fresh state %s", m["auth_id"], k, got, want)
			}
			delete(m, k)
		}
	}
	return stateJSON(t, a)
}

func stateJSON(t *testing.T, v any) []byte {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// normalState is a state file's JSON with its accounts and callback queues
// in a fixed order (the server keeps them in maps).
func normalState(t *testing.T, data []byte) string {
	t.Helper()
	var st map[string]any
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	sortBy := func(key string, id func(any) string) {
		list, _ := st[key].([]any)
		slices.SortFunc(list, func(a, b any) int { return strings.Compare(id(a), id(b)) })
	}
	sortBy("accounts", func(a any) string { return a.(map[string]any)["auth_id"].(string) })
	sortBy("callbacks", func(q any) string { return fmt.Sprint(q.([]any)[0].(map[string]any)["key"]) })
	out, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
