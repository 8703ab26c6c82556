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

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/msgrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// Persistence (UseStateFile, the command's -state-file): every object of
// every account, the numbers bought, the clock and the callbacks not yet
// delivered are written to one JSON file after each change, before the
// change is acknowledged: a request that changes something is answered only
// once the file holding the change is on disk. Each write goes to a temporary
// file in the same directory, is synced, and replaces the file by rename, so
// a crash mid-write leaves the previous complete file and loses nothing that
// was acknowledged. Pending work (registrations, links, message lifecycles,
// session expiry, callback retries) is not stored as such: it is planned
// again from the objects when the file is loaded. Fault and rate-limit
// settings are the command's flags and are not stored.

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

type persistedState struct {
	Version      int                  `json:"version"`
	Now          time.Time            `json:"now"`
	Seq          uint64               `json:"seq"`
	NextDelivery int                  `json:"next_delivery"`
	Accounts     []persistedAccount   `json:"accounts"`
	Callbacks    [][]*pendingCallback `json:"callbacks"`
}

type persistedAccount struct {
	Account
	Endpoints       map[string]*endpoint          `json:"endpoints"`
	Numbers         map[string]*ownedNumber       `json:"numbers"`
	MaskingSessions map[string]*maskingSession    `json:"masking_sessions"`
	Messages        map[string]*message           `json:"messages"`
	AlphaSender     bool                          `json:"alphanumeric_sender"`
	Conversations   map[string]time.Time          `json:"conversations"`
	Outcomes        map[string]DestinationOutcome `json:"outcomes"`
	DLT             msgrules.DLTAccount           `json:"dlt"`
	Brands          map[string]*brand             `json:"brands"`
	Campaigns       map[string]*campaign          `json:"campaigns"`
	Applications    map[string]*application       `json:"applications"`
	Profiles        map[string]*profile           `json:"profiles"`
	Tollfree        map[string]*tollfree          `json:"tollfree_verifications"`
	Powerpacks      map[string]*powerpack         `json:"powerpacks"`
	Compliances     map[string]*compliance        `json:"phone_number_compliances"`
	OlderCompliance *olderCompliance              `json:"older_compliance,omitempty"`
	Subaccount      *subaccountRecord             `json:"subaccount,omitempty"`
	Trunking        trunkingState                 `json:"sip_trunking"`
	Record          *accountRecord                `json:"account,omitempty"`
	Media           map[string]*mediaFile         `json:"media"`
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
	st := persistedState{Version: stateVersion, Now: s.clock.Now(), Seq: s.seq}
	for _, a := range s.accounts {
		st.Accounts = append(st.Accounts, persistedAccount{
			Account: a.Account, Endpoints: a.endpoints, Numbers: a.numbers, MaskingSessions: a.maskingSessions,
			Messages: a.messaging.messages, AlphaSender: a.messaging.alphaSender, Conversations: a.messaging.conversations,
			Outcomes: a.messaging.outcomes, DLT: a.messaging.dlt, Brands: a.brands, Campaigns: a.campaigns,
			Applications: a.applications, Profiles: a.profiles, Tollfree: a.tollfree, Record: &a.record,
			Powerpacks:  a.powerpacks,
			Trunking:    a.trunking,
			Compliances: a.compliances, OlderCompliance: a.older,
			Media: a.media,
		})
		if a.MainID != "" {
			rec := a.sub
			st.Accounts[len(st.Accounts)-1].Subaccount = &rec
		}
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

// loadState replaces the server's state with a saved one and plans again
// the work pending in it.
func (s *Server) loadState(data []byte) error {
	var st persistedState
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
	for _, pa := range st.Accounts {
		a := s.newAccount(pa.Account)
		a.endpoints = orEmpty(pa.Endpoints)
		a.numbers = orEmpty(pa.Numbers)
		a.maskingSessions = orEmpty(pa.MaskingSessions)
		a.messaging.messages = orEmpty(pa.Messages)
		a.messaging.alphaSender = pa.AlphaSender
		a.messaging.conversations = orEmpty(pa.Conversations)
		a.messaging.outcomes = orEmpty(pa.Outcomes)
		a.messaging.dlt = pa.DLT
		a.brands = orEmpty(pa.Brands)
		a.campaigns = orEmpty(pa.Campaigns)
		a.applications = orEmpty(pa.Applications)
		a.profiles = orEmpty(pa.Profiles)
		a.tollfree = orEmpty(pa.Tollfree)
		a.powerpacks = orEmpty(pa.Powerpacks)
		a.trunking = orEmptyTrunking(pa.Trunking)
		a.compliances = orEmpty(pa.Compliances)
		a.media = orEmpty(pa.Media)
		a.older = newOlderCompliance()
		if o := pa.OlderCompliance; o != nil {
			a.older = &olderCompliance{EndUsers: orEmpty(o.EndUsers), Documents: orEmpty(o.Documents), Applications: orEmpty(o.Applications)}
		}
		if pa.Subaccount != nil {
			a.sub = *pa.Subaccount
		}
		if pa.Record != nil {
			a.record = *pa.Record
		}
		s.accounts[a.ID] = a
	}
	s.linkSubaccountsLocked()
	// A number's details come from the inventory, as when it was bought
	// (some are not in its JSON form); bought ones leave the search again.
	s.inventory = numberdata.New()
	starters := map[string]numberdata.PhoneNumber{}
	for _, n := range numberdata.StarterNumbers() {
		starters[n.Number] = n
	}
	for _, a := range s.accounts {
		for n, o := range a.numbers {
			if o.Starter {
				if pn, ok := starters[n]; ok {
					o.PhoneNumber = pn
				}
				continue
			}
			if pn, err := s.inventory.Take(n); err == nil {
				o.PhoneNumber = pn
			}
		}
		s.rearmLocked(a)
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

// rearmLocked plans again the work pending on a's objects. Callers hold
// s.mu.
func (s *Server) rearmLocked(a *account) {
	for _, b := range a.brands {
		if b.Status == tendlcrules.StatusProcessing {
			s.queueDecision(s.brandRegistration(a, b))
		}
	}
	for _, cp := range a.campaigns {
		if cp.numbers == nil {
			cp.numbers = map[string]*campaignNumber{}
		}
		if cp.Status == tendlcrules.StatusProcessing {
			s.queueDecision(s.campaignRegistration(a, cp))
		}
		for _, link := range cp.numbers {
			if link.Status == tendlcrules.StatusProcessing {
				s.scheduleLinkDecision(a, cp, link)
			}
		}
	}
	s.rearmTollfree(a)
	s.rearmCompliance(a)
	s.rearmOlderCompliance(a)
	for _, o := range a.numbers {
		if o.ComplianceStatus == NumberPending {
			s.activateNumber(a, o)
		}
	}
	for _, m := range a.messaging.messages {
		if m.Direction == "outbound" && (m.State == MessageQueued || m.State == MessageSent) {
			s.scheduleLifecycle(a, m)
		}
	}
	for _, m := range a.maskingSessions {
		if !m.expiryNotified {
			s.scheduleMaskingExpiry(a, m)
		}
	}
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

// JSON forms of the objects with unexported fields, for the state file.

func (e *endpoint) MarshalJSON() ([]byte, error) {
	type plain endpoint
	return json.Marshal(struct {
		Seq uint64
		*plain
	}{e.seq, (*plain)(e)})
}

func (e *endpoint) UnmarshalJSON(b []byte) error {
	type plain endpoint
	v := struct {
		Seq uint64
		*plain
	}{plain: (*plain)(e)}
	err := json.Unmarshal(b, &v)
	e.seq = v.Seq
	return err
}

func (m *message) MarshalJSON() ([]byte, error) {
	type plain message
	return json.Marshal(struct {
		Seq uint64
		*plain
	}{m.seq, (*plain)(m)})
}

func (m *message) UnmarshalJSON(b []byte) error {
	type plain message
	v := struct {
		Seq uint64
		*plain
	}{plain: (*plain)(m)}
	err := json.Unmarshal(b, &v)
	m.seq = v.Seq
	return err
}

func (m *maskingSession) MarshalJSON() ([]byte, error) {
	type plain maskingSession
	return json.Marshal(struct {
		Seq            uint64
		ExpiryNotified bool
		*plain
	}{m.seq, m.expiryNotified, (*plain)(m)})
}

func (m *maskingSession) UnmarshalJSON(b []byte) error {
	type plain maskingSession
	v := struct {
		Seq            uint64
		ExpiryNotified bool
		*plain
	}{plain: (*plain)(m)}
	err := json.Unmarshal(b, &v)
	m.seq, m.expiryNotified = v.Seq, v.ExpiryNotified
	return err
}

func (b *brand) MarshalJSON() ([]byte, error) {
	type plain brand
	return json.Marshal(struct {
		Seq uint64
		*plain
	}{b.seq, (*plain)(b)})
}

func (b *brand) UnmarshalJSON(data []byte) error {
	type plain brand
	v := struct {
		Seq uint64
		*plain
	}{plain: (*plain)(b)}
	err := json.Unmarshal(data, &v)
	b.seq = v.Seq
	return err
}

func (cp *campaign) MarshalJSON() ([]byte, error) {
	type plain campaign
	return json.Marshal(struct {
		Seq     uint64
		Numbers map[string]*campaignNumber
		*plain
	}{cp.seq, cp.numbers, (*plain)(cp)})
}

func (cp *campaign) UnmarshalJSON(data []byte) error {
	type plain campaign
	v := struct {
		Seq     uint64
		Numbers map[string]*campaignNumber
		*plain
	}{plain: (*plain)(cp)}
	err := json.Unmarshal(data, &v)
	cp.seq, cp.numbers = v.Seq, v.Numbers
	return err
}
