// Package journal records the creates a provider process has under way,
// so that an object whose create a killed run never handed to Terraform
// is adopted by the next apply instead of being made twice.
//
// Terraform writes the state only when the provider answers; a run killed
// before that (kill -9, a CI runner that dies, a provider that exits
// because Terraform is gone) leaves the object on the account and in no
// state. The journal closes that gap: an entry is written before a create
// is sent and carries the object's id once the API answers; it is dropped
// when the object reaches Terraform for good. An entry left by a process
// that is no longer running is an unfinished create, and the next create
// of the same kind and configuration adopts its object.
//
// What reaches Terraform for good: a process that Terraform shut down
// itself (the plugin's normal end, after the state was written) hands
// every object over; a refresh or a delete of an object hands it over
// too, wherever it runs. Entries of a process that is still running are
// never adopted: that process (another state's apply, say) still holds
// them. The journal holds nothing secret: the resource type, a digest of
// the configuration's non-sensitive values, the object's id, the account
// and the process.
package journal

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// MaxAge is how long an unfinished create is remembered; older entries
// are dropped when the journal is read.
const MaxAge = 7 * 24 * time.Hour

// Entry is one create under way, or left unfinished by a process that is
// gone.
type Entry struct {
	Account string `json:"account"`
	Type    string `json:"type"`
	Digest  string `json:"digest"`
	ID      string `json:"id,omitempty"`
	// Target is the id the create aims at, where the id is chosen before
	// the create is sent (a number bought by a search: the number): the
	// object a create with no reply made, if it made one.
	Target  string    `json:"target,omitempty"`
	PID     int       `json:"pid"`
	Started time.Time `json:"started"`

	file string
}

// key is the id of the object e names: the one its create made, else the
// one it aimed at.
func (e *Entry) key() string {
	if e.ID != "" {
		return e.ID
	}
	return e.Target
}

// Journal is one directory of entries, shared by every provider process
// of the machine (each writes files of its own, so concurrent runs never
// write the same file).
type Journal struct {
	dir  string
	pid  int
	seq  atomic.Int64
	mu   sync.Mutex
	read bool
	// known are the other processes' entries, read once, by id (or
	// target): a refresh hands an id over without a file-system look-up
	// for each of the thousands of objects it reads.
	known map[string][]*Entry
	// unfinished are the other processes' entries without an id or a
	// target.
	unfinished []*Entry
	// own are this process's entries, by file.
	own map[string]*Entry
	// claimed are the objects ("type id") this process adopted (Claim).
	claimed map[string]bool
}

// Open returns the journal kept in dir (created when first written).
func Open(dir string) *Journal {
	return &Journal{dir: dir, pid: os.Getpid(), own: map[string]*Entry{}, claimed: map[string]bool{}}
}

// Dir is the journal's directory.
func (j *Journal) Dir() string { return j.dir }

// Digest is the digest of a configuration's values, given as name=value
// lines; callers leave out what is secret.
func Digest(values []string) string {
	sum := sha256.Sum256([]byte(strings.Join(values, "\n")))
	return hex.EncodeToString(sum[:16])
}

// Begin records a create about to be sent, aimed at the object target
// names where its id is chosen before the create (else "").
func (j *Journal) Begin(account, typ, digest, target string) (*Entry, error) {
	e := &Entry{Account: account, Type: typ, Digest: digest, Target: target, PID: j.pid, Started: time.Now().UTC()}
	e.file = filepath.Join(j.dir, fmt.Sprintf("create-%d-%d.json", j.pid, j.seq.Add(1)))
	if err := j.write(e); err != nil {
		return nil, err
	}
	j.mu.Lock()
	j.own[e.file] = e
	j.mu.Unlock()
	return e, nil
}

// Created records the id of the object e's create made.
func (j *Journal) Created(e *Entry, id string) error {
	j.mu.Lock()
	e.ID = id
	j.mu.Unlock()
	return j.write(e)
}

// Drop removes e: its create made nothing, or its object reached
// Terraform.
func (j *Journal) Drop(e *Entry) {
	j.mu.Lock()
	delete(j.own, e.file)
	j.mu.Unlock()
	_ = os.Remove(e.file)
}

// HandOver drops the entries of id, whichever process wrote them: the
// object is in a state (a refresh read it) or gone (it was deleted).
func (j *Journal) HandOver(typ, id string) {
	j.load()
	j.mu.Lock()
	var files []string
	for _, e := range j.known[id] {
		if e.Type == typ {
			files = append(files, e.file)
		}
	}
	if len(files) > 0 {
		kept := j.known[id][:0]
		for _, e := range j.known[id] {
			if e.Type != typ {
				kept = append(kept, e)
			}
		}
		j.known[id] = kept
	}
	for f, e := range j.own {
		if e.Type == typ && e.ID == id {
			files = append(files, f)
			delete(j.own, f)
		}
	}
	j.mu.Unlock()
	for _, f := range files {
		_ = os.Remove(f)
	}
}

// HandOverAll drops this process's entries: Terraform shut the process
// down itself, after it had written every object the process created
// into its state.
func (j *Journal) HandOverAll() {
	j.mu.Lock()
	files := make([]string, 0, len(j.own))
	for f := range j.own {
		files = append(files, f)
	}
	j.own = map[string]*Entry{}
	j.mu.Unlock()
	for _, f := range files {
		_ = os.Remove(f)
	}
}

// Unfinished returns the entries of account, typ and digest that a
// process no longer running left: creates whose object (the entry's id,
// or, without one, whatever the create made) no state may hold. Entries
// with an id come first.
func (j *Journal) Unfinished(account, typ, digest string) []*Entry {
	j.load()
	j.mu.Lock()
	defer j.mu.Unlock()
	var out, noID []*Entry
	for _, es := range j.known {
		for _, e := range es {
			if e.Account == account && e.Type == typ && e.Digest == digest && !running(e.PID) {
				out = append(out, e)
			}
		}
	}
	for _, e := range j.unfinished {
		if e.Account == account && e.Type == typ && e.Digest == digest && !running(e.PID) {
			noID = append(noID, e)
		}
	}
	return append(out, noID...)
}

// Claim hands e's object (its id, else its target) to this process to
// adopt: it drops every entry of that object and type, and reports false
// when the object was claimed already (two creates of a search aimed at
// the same number; one made it): an object is adopted once.
func (j *Journal) Claim(e *Entry) bool {
	key := e.key()
	if key == "" {
		return false
	}
	j.mu.Lock()
	if j.claimed[e.Type+" "+key] {
		j.mu.Unlock()
		return false
	}
	j.claimed[e.Type+" "+key] = true
	var files []string
	kept := j.known[key][:0]
	for _, k := range j.known[key] {
		if k.Type == e.Type {
			files = append(files, k.file)
		} else {
			kept = append(kept, k)
		}
	}
	j.known[key] = kept
	j.mu.Unlock()
	for _, f := range files {
		_ = os.Remove(f)
	}
	return true
}

// Adopted drops e, an unfinished create whose object this process now
// hands to Terraform, or that made none.
func (j *Journal) Adopted(e *Entry) {
	j.mu.Lock()
	if key := e.key(); key != "" {
		kept := j.known[key][:0]
		for _, k := range j.known[key] {
			if k != e {
				kept = append(kept, k)
			}
		}
		j.known[key] = kept
	} else {
		kept := j.unfinished[:0]
		for _, k := range j.unfinished {
			if k != e {
				kept = append(kept, k)
			}
		}
		j.unfinished = kept
	}
	j.mu.Unlock()
	_ = os.Remove(e.file)
}

// load reads the other processes' entries once.
func (j *Journal) load() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.read {
		return
	}
	j.read = true
	j.known = map[string][]*Entry{}
	files, _ := filepath.Glob(filepath.Join(j.dir, "create-*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var e Entry
		if json.Unmarshal(data, &e) != nil || e.PID == j.pid {
			continue
		}
		e.file = f
		if time.Since(e.Started) > MaxAge {
			_ = os.Remove(f)
			continue
		}
		if key := e.key(); key != "" {
			j.known[key] = append(j.known[key], &e)
		} else {
			j.unfinished = append(j.unfinished, &e)
		}
	}
}

// write replaces e's file whole (a reader sees the old entry or the new,
// never half of one).
func (j *Journal) write(e *Entry) error {
	j.mu.Lock()
	data, err := json.Marshal(e)
	j.mu.Unlock()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(j.dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(j.dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), e.file)
}
