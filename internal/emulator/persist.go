package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Persistence (UseStateFile, the command's -state-file): every object of
// every account, the numbers bought, the clock and the callbacks not yet
// delivered are written to one JSON file after each change, before the
// change is acknowledged: a request that changes something is answered only
// once the file holding the change is on disk. Each write goes to a temporary
// file in the same directory, is synced, and replaces the file by rename, so
// a crash mid-write leaves the previous complete file and loses nothing that
// was acknowledged. What an account's object holds is its areas' to say:
// each area's accountState (store.go) names its keys, and this file writes
// and reads them without knowing any. Pending work (registrations, links,
// message lifecycles, session expiry, callback retries) is not stored as
// such: each area plans it again from its objects when the file is loaded
// (accountState.restore). Fault and rate-limit settings are the command's
// flags and are not stored.

const stateVersion = 1

type stateFile struct {
	path string
	mu   sync.Mutex // one write at a time, in snapshot order
}

// writeStateFile writes data to path atomically; tests replace it to crash
// mid-write.
var writeStateFile = writeFileAtomic

// writeFileAtomic writes data to a temporary file next to path, syncs it,
// renames it over path and syncs the directory.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() { _ = os.Remove(tmp) }() // a no-op once renamed
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not supported everywhere; the rename is done either way
		d.Close()
	}
	return nil
}

// persistedState is the state file; A is one account's object: a JSON
// object of its credentials (Account) and of the keys its areas' states
// list (accountState.saved).
type persistedState[A any] struct {
	Version      int                  `json:"version"`
	Now          time.Time            `json:"now"`
	Seq          uint64               `json:"seq"`
	NextDelivery int                  `json:"next_delivery"`
	Accounts     []A                  `json:"accounts"`
	Callbacks    [][]*pendingCallback `json:"callbacks"`
}

// UseStateFile makes the server keep its state in path: it loads the file
// when it exists, and from then on writes it after every change.
func (s *Server) UseStateFile(path string) error {
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		if err := s.loadState(data); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	s.mu.Lock()
	s.state = &stateFile{path: path}
	s.mu.Unlock()
	return s.persist()
}

// persist writes the state file, when there is one.
func (s *Server) persist() error {
	s.mu.Lock()
	st := s.state
	s.mu.Unlock()
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	s.mu.Lock()
	data, err := s.snapshotLocked()
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return writeStateFile(st.path, data)
}

// persistLogged is persist for changes no request waits for (jobs,
// callback deliveries): a failure is logged and the next change retries.
func (s *Server) persistLogged() {
	if err := s.persist(); err != nil && s.opts.Logf != nil {
		s.opts.Logf("emulator: saving the state file: %v", err)
	}
}

// snapshotLocked encodes the whole state. Callers hold s.mu.
func (s *Server) snapshotLocked() ([]byte, error) {
	st := persistedState[map[string]any]{Version: stateVersion, Now: s.clock.Now(), Seq: s.seq}
	for _, a := range s.accounts {
		obj, err := savedAccount(a)
		if err != nil {
			return nil, err
		}
		st.Accounts = append(st.Accounts, obj)
	}
	s.cb.mu.Lock()
	st.NextDelivery = s.cb.next
	for _, q := range s.cb.queues {
		st.Callbacks = append(st.Callbacks, q)
	}
	data, err := json.Marshal(st)
	s.cb.mu.Unlock()
	return data, err
}

// savedAccount is a's object in the state file: its credentials and what
// each area saves of it. Callers hold s.mu.
func savedAccount(a *account) (map[string]any, error) {
	creds, err := json.Marshal(a.Account)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(creds, &fields); err != nil {
		return nil, err
	}
	obj := make(map[string]any, len(fields)+24)
	for k, v := range fields {
		obj[k] = v
	}
	for _, st := range areaStates {
		for _, f := range st.fields(a) {
			if f.empty != nil && f.empty() {
				continue
			}
			obj[f.key] = f.ptr
		}
	}
	return obj, nil
}

// loadState replaces the server's state with a saved one and plans again
// the work pending in it.
func (s *Server) loadState(data []byte) error {
	var st persistedState[json.RawMessage]
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&st); err != nil {
		return err
	}
	if st.Version != stateVersion {
		return fmt.Errorf("state file version %d, this emulator reads %d", st.Version, stateVersion)
	}
	s.clock.catchUp(st.Now)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resetLocked()
	s.accounts = map[string]*account{}
	s.seq = st.Seq
	for _, raw := range st.Accounts {
		a, err := s.loadAccount(raw)
		if err != nil {
			return err
		}
		s.accounts[a.ID] = a
	}
	s.linkSubaccountsLocked()
	for _, a := range s.accounts {
		for _, st := range areaStates {
			st.restoreLocked(s, a)
		}
	}
	s.cb.mu.Lock()
	s.cb.next = st.NextDelivery
	gen := s.cb.gen
	var heads []*pendingCallback
	for _, q := range st.Callbacks {
		if len(q) == 0 {
			continue
		}
		acctID, _, _ := strings.Cut(q[0].Key, "/")
		a, ok := s.accounts[acctID]
		if !ok {
			continue
		}
		for _, p := range q {
			p.Token, p.MainToken = a.Token, s.mainToken(a)
		}
		s.cb.queues[q[0].Key] = q
		heads = append(heads, q[0])
	}
	s.cb.mu.Unlock()
	for _, p := range heads {
		s.scheduleAttempt(p, gen)
	}
	return nil
}

// loadAccount makes the account raw holds: its areas' fresh states with
// what the file holds of them (the numbers among them: no starter numbers
// are added). Callers hold s.mu.
func (s *Server) loadAccount(raw json.RawMessage) (*account, error) {
	a := &account{}
	if err := json.Unmarshal(raw, &a.Account); err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	s.initAccount(a)
	for _, st := range areaStates {
		for _, f := range st.fields(a) {
			v, ok := fields[f.key]
			if !ok || string(v) == "null" {
				continue
			}
			if err := json.Unmarshal(v, f.ptr); err != nil {
				return nil, fmt.Errorf("account %s, %q: %w", a.ID, f.key, err)
			}
		}
	}
	return a, nil
}

func orEmpty[V any](m map[string]V) map[string]V {
	if m == nil {
		return map[string]V{}
	}
	return m
}

// catchUp moves the clock forward to t when it is behind, so time never
// runs backwards across a restart.
func (c *Clock) catchUp(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.manual {
		if t.After(c.frozen) {
			c.frozen = t
		}
		return
	}
	if d := t.Sub(time.Now().UTC().Add(c.offset)); d > 0 {
		c.offset += d
	}
}

// durable runs a handler that may change state with its reply held back
// until the state file holding the change is written; when the write fails
// the client gets a 500 instead, and the change is not acknowledged.
func (s *Server) durable(h func(*call)) func(*call) {
	return func(c *call) {
		buf := &heldReply{header: http.Header{}}
		w := c.w
		c.w = buf
		h(c)
		c.w = w
		if buf.status < 400 {
			if err := s.persist(); err != nil {
				c.fail(http.StatusInternalServerError, "the emulator could not save its state file; the change is not acknowledged: "+err.Error())
				return
			}
		}
		for k, v := range buf.header {
			w.Header()[k] = v
		}
		if buf.status == 0 {
			buf.status = http.StatusOK
		}
		w.WriteHeader(buf.status)
		_, _ = w.Write(buf.body.Bytes())
	}
}

// heldReply is a ResponseWriter that keeps the reply.
type heldReply struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (h *heldReply) Header() http.Header { return h.header }
func (h *heldReply) WriteHeader(code int) {
	if h.status == 0 {
		h.status = code
	}
}

func (h *heldReply) Write(b []byte) (int, error) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	return h.body.Write(b)
}
