package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// FaultRule injects faults into the /v1 requests it matches. Method ("" for
// any) and Path (a route pattern such as "Endpoint/{id}", a prefix ending in
// "*" such as "10dlc/*", or "" for any) select requests. Each matched
// request first waits Latency, then draws once: with probability Rate429 it
// is refused with 429 and Retry-After, with Rate5xx it fails with 500, 502
// or 503, in both cases before anything is done; with RateDrop it is carried
// out and its reply is dropped (the connection is closed), the ambiguous
// case a client cannot tell from a request that never arrived.
type FaultRule struct {
	Method   string        `json:"method,omitempty"`
	Path     string        `json:"path,omitempty"`
	Latency  time.Duration `json:"latency,omitempty"`
	Rate429  float64       `json:"rate_429,omitempty"`
	Rate5xx  float64       `json:"rate_5xx,omitempty"`
	RateDrop float64       `json:"rate_drop,omitempty"`
	// RetryAfter is the Retry-After of injected 429s in seconds: 0 means
	// the default, 1; RetryNow (-1) sends "Retry-After: 0", for tests that
	// want fast retries.
	RetryAfter int `json:"retry_after,omitempty"`
}

// RetryNow as FaultRule.RetryAfter makes injected 429s say "Retry-After: 0".
const RetryNow = -1

// Faults is the whole fault configuration. The same Seed and the same
// order of requests give the same faults.
type Faults struct {
	Seed  uint64      `json:"seed"`
	Rules []FaultRule `json:"rules"`
	// HideFromLists leaves the objects these ids name out of every list
	// reply (a GET whose route ends in a literal segment: Endpoint/,
	// 10dlc/Campaign/{id}/Number/), while a GET of each still finds it:
	// a listing that missed an object, as one taken across concurrent
	// deletes can. An object is left out when any string field of it
	// equals one of the ids.
	HideFromLists []string `json:"hide_from_lists,omitempty"`
}

// ReadFaults reads a Faults object from JSON (the standalone server's
// -faults-file), refusing unknown fields and rates that are negative or add
// up to more than 1. Latency is a Go duration string ("50ms") or
// nanoseconds.
func ReadFaults(data []byte) (Faults, error) {
	var raw struct {
		Seed          uint64   `json:"seed"`
		HideFromLists []string `json:"hide_from_lists"`
		Rules         []struct {
			FaultRule
			Latency json.RawMessage `json:"latency,omitempty"`
		} `json:"rules"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return Faults{}, fmt.Errorf("faults: %s", describeJSONError(err))
	}
	f := Faults{Seed: raw.Seed, HideFromLists: raw.HideFromLists}
	for i, r := range raw.Rules {
		rule := r.FaultRule
		if len(r.Latency) > 0 {
			var s string
			if json.Unmarshal(r.Latency, &s) == nil {
				d, err := time.ParseDuration(s)
				if err != nil || d < 0 {
					return Faults{}, fmt.Errorf("faults: rules[%d].latency %q is not a non-negative Go duration such as \"50ms\"", i, s)
				}
				rule.Latency = d
			} else if err := json.Unmarshal(r.Latency, &rule.Latency); err != nil || rule.Latency < 0 {
				return Faults{}, fmt.Errorf("faults: rules[%d].latency must be a duration string or non-negative nanoseconds", i)
			}
		}
		if err := rule.check(); err != nil {
			return Faults{}, fmt.Errorf("faults: rules[%d]: %v", i, err)
		}
		f.Rules = append(f.Rules, rule)
	}
	return f, nil
}

func (r FaultRule) check() error {
	if r.Rate429 < 0 || r.Rate5xx < 0 || r.RateDrop < 0 || r.Rate429+r.Rate5xx+r.RateDrop > 1 {
		return fmt.Errorf("rates must be non-negative and add up to at most 1")
	}
	return nil
}

// FaultStats counts what the fault injector did.
type FaultStats struct {
	Requests int `json:"requests"` // /v1 requests seen
	Faulted  int `json:"faulted"`  // requests given any fault but latency
	Refused  int `json:"refused_429"`
	Failed   int `json:"failed_5xx"`
	Dropped  int `json:"dropped"`
	Delayed  int `json:"delayed"`
	// RateLimited counts requests the rate limit refused with 429
	// (ratelimit.go); they are in Requests but never in Refused.
	RateLimited int `json:"rate_limited"`
}

type faultState struct {
	mu    sync.Mutex
	cfg   Faults
	rng   *rand.Rand
	stats FaultStats
}

// SetFaults replaces the fault configuration and resets the counters.
func (s *Server) SetFaults(f Faults) {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	for i := range f.Rules {
		switch {
		case f.Rules[i].RetryAfter == 0:
			f.Rules[i].RetryAfter = 1
		case f.Rules[i].RetryAfter < 0:
			f.Rules[i].RetryAfter = 0
		}
	}
	s.faults.cfg = f
	s.faults.rng = rand.New(rand.NewPCG(f.Seed, f.Seed^0x5851f42d4c957f2d))
	s.faults.stats = FaultStats{}
}

// FaultStats returns the counters since the last SetFaults.
func (s *Server) FaultStats() FaultStats {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	return s.faults.stats
}

func (r FaultRule) matches(method string, pattern []string) bool {
	if r.Method != "" && !strings.EqualFold(r.Method, method) {
		return false
	}
	if r.Path == "" || r.Path == "*" {
		return true
	}
	p := strings.Join(pattern, "/")
	if prefix, ok := strings.CutSuffix(r.Path, "*"); ok {
		return strings.HasPrefix(p, strings.Trim(prefix, "/"))
	}
	return p == strings.Trim(r.Path, "/")
}

type faultKind int

const (
	faultNone faultKind = iota
	fault429
	fault5xx
	faultDrop
)

// countRateLimited counts a request the rate limit refused.
func (fs *faultState) countRateLimited() {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.stats.Requests++
	fs.stats.RateLimited++
}

// decide picks the fault for one request and counts it.
func (fs *faultState) decide(method string, pattern []string) (time.Duration, faultKind, int, int) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.stats.Requests++
	for _, r := range fs.cfg.Rules {
		if !r.matches(method, pattern) {
			continue
		}
		if r.Latency > 0 {
			fs.stats.Delayed++
		}
		x := fs.rng.Float64()
		kind, status := faultNone, 0
		switch {
		case x < r.Rate429:
			kind, status = fault429, http.StatusTooManyRequests
			fs.stats.Refused++
		case x < r.Rate429+r.Rate5xx:
			kind = fault5xx
			status = []int{500, 502, 503}[fs.rng.IntN(3)]
			fs.stats.Failed++
		case x < r.Rate429+r.Rate5xx+r.RateDrop:
			kind = faultDrop
			fs.stats.Dropped++
		}
		if kind != faultNone {
			fs.stats.Faulted++
		}
		return r.Latency, kind, status, r.RetryAfter
	}
	return 0, faultNone, 0, 0
}

// serveWithFaults runs handle under the fault configuration.
func (s *Server) serveWithFaults(c *call, rt route, handle func(*call)) {
	latency, kind, status, retryAfter := s.faults.decide(c.req.Method, rt.pattern)
	if hidden := s.faults.hiddenFrom(c.req.Method, rt.pattern); hidden != nil {
		inner := handle
		handle = func(c *call) { hideFromList(c, hidden, inner) }
	}
	if latency > 0 {
		// The service's time to answer. A request that changes something
		// was received: it is carried out even when its client stops
		// waiting meanwhile, as the real service does (a caller that hangs
		// up undoes no create). A read whose client left is dropped.
		if c.req.Method == http.MethodGet {
			select {
			case <-time.After(latency):
			case <-c.req.Context().Done():
				return
			}
		} else {
			time.Sleep(latency)
		}
	}
	switch kind {
	case fault429:
		c.w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
		c.fail(status, "rate limit exceeded (injected fault); retry after "+strconv.Itoa(retryAfter)+" seconds")
		return
	case fault5xx:
		c.fail(status, "internal error (injected fault)")
		return
	case faultDrop:
		// Carry the request out, then lose the reply.
		orig := c.w
		c.w = &discardWriter{header: http.Header{}}
		handle(c)
		if hj, ok := orig.(interface{ Unwrap() http.ResponseWriter }); ok {
			orig = hj.Unwrap()
		}
		if h, ok := orig.(http.Hijacker); ok {
			if conn, _, err := h.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		// No hijacking (HTTP/2): abort the reply instead.
		panic(http.ErrAbortHandler)
	}
	handle(c)
}

type discardWriter struct {
	header http.Header
	buf    bytes.Buffer
	status int
}

func (d *discardWriter) Header() http.Header         { return d.header }
func (d *discardWriter) Write(b []byte) (int, error) { return d.buf.Write(b) }
func (d *discardWriter) WriteHeader(status int) {
	if d.status == 0 {
		d.status = status
	}
}

// hiddenFrom is the set of ids HideFromLists leaves out of the reply of a
// request to pattern: nil unless it is a list (a GET whose route ends in a
// literal segment) and ids are hidden.
func (fs *faultState) hiddenFrom(method string, pattern []string) map[string]bool {
	if method != http.MethodGet || len(pattern) == 0 || strings.HasPrefix(pattern[len(pattern)-1], "{") {
		return nil
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if len(fs.cfg.HideFromLists) == 0 {
		return nil
	}
	hidden := make(map[string]bool, len(fs.cfg.HideFromLists))
	for _, id := range fs.cfg.HideFromLists {
		hidden[id] = true
	}
	return hidden
}

// hideFromList serves the list through handle, then writes its reply
// without the objects hidden names.
func hideFromList(c *call, hidden map[string]bool, handle func(*call)) {
	orig := c.w
	buf := &discardWriter{header: orig.Header()}
	c.w = buf
	handle(c)
	c.w = orig
	status := buf.status
	if status == 0 {
		status = http.StatusOK
	}
	body := buf.buf.Bytes()
	var v any
	if status == http.StatusOK && json.Unmarshal(body, &v) == nil {
		if out, err := json.Marshal(withoutHidden(v, hidden)); err == nil {
			body = out
			orig.Header().Del("Content-Length")
		}
	}
	orig.WriteHeader(status)
	_, _ = orig.Write(body)
}

// withoutHidden is v with every object in an array that has a string
// field hidden names left out, at any depth.
func withoutHidden(v any, hidden map[string]bool) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = withoutHidden(e, hidden)
		}
	case []any:
		kept := x[:0]
		for _, e := range x {
			if o, ok := e.(map[string]any); ok && namesHidden(o, hidden) {
				continue
			}
			kept = append(kept, withoutHidden(e, hidden))
		}
		return kept
	}
	return v
}

func namesHidden(o map[string]any, hidden map[string]bool) bool {
	for _, f := range o {
		if s, ok := f.(string); ok && hidden[s] {
			return true
		}
	}
	return false
}
