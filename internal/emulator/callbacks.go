package emulator

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Signature headers carried by every callback.
const (
	HeaderSignature   = "X-Service-Signature-V2"
	HeaderSignatureMA = "X-Service-Signature-Ma-V2"
	HeaderNonce       = "X-Service-Signature-V2-Nonce"
)

// CallbackRetryDelays are the waits before the three retries of a callback
// that was not answered with 200, each counted from the previous attempt.
var CallbackRetryDelays = []time.Duration{60 * time.Second, 120 * time.Second, 240 * time.Second}

// SignatureV2 is base64(HMAC-SHA256(token, callback URL without its query
// string + nonce)), the value of X-Service-Signature-V2 (keyed with the
// owning account's token) and X-Service-Signature-Ma-V2 (the main
// account's token).
func SignatureV2(token, callbackURL, nonce string) string {
	base := callbackURL
	if i := strings.IndexByte(base, '?'); i >= 0 {
		base = base[:i]
	}
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte(base + nonce))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// CallbackAttempt records one delivery attempt, for tests and for
// GET /_emulator/callbacks.
type CallbackAttempt struct {
	Delivery int        `json:"delivery"` // which callback (1, 2, ...)
	Attempt  int        `json:"attempt"`  // 1 for the first try, up to 4
	At       time.Time  `json:"at"`       // on the emulator's clock
	URL      string     `json:"url"`
	Method   string     `json:"method"`
	Params   url.Values `json:"params"`
	Status   int        `json:"status"` // 0 when no reply was received
	Error    string     `json:"error,omitempty"`
}

// callbackState delivers callbacks one object at a time: each object (a
// message, a brand, a campaign, a number link, a masking session) has a
// queue, and a callback is first tried only once the one before it for the
// same object was answered 200 or ran out of retries. Without the queue a
// failure decided at send time could overtake the queued callback, and a
// receiver that keeps the latest status would end on the wrong one.
type callbackState struct {
	inflight inflightCounter
	mu       sync.Mutex
	attempts []CallbackAttempt
	next     int
	// queues holds the undelivered callbacks of each object, oldest first;
	// the head is the one being tried.
	queues map[string][]*pendingCallback
	// gen changes on Reset, so a delivery in flight then is forgotten.
	gen int
}

// pendingCallback is one callback waiting for, or in, delivery.
type pendingCallback struct {
	Delivery  int        `json:"delivery"`
	Key       string     `json:"key"`
	Token     string     `json:"-"`
	MainToken string     `json:"-"`
	URL       string     `json:"url"`
	Method    string     `json:"method"`
	Params    url.Values `json:"params"`
	// Attempts is how many tries were made; NextAt is when the next one is
	// due once the callback is at the head of its queue.
	Attempts int       `json:"attempts"`
	NextAt   time.Time `json:"next_at"`
}

func newCallbackState() *callbackState {
	cs := &callbackState{queues: map[string][]*pendingCallback{}}
	cs.inflight.cond = sync.NewCond(&cs.inflight.mu)
	return cs
}

// inflightCounter counts deliveries in flight. Unlike a sync.WaitGroup it
// may gain deliveries while someone waits: a delivery that ends makes the
// next one of its object due, and the background scheduler may start it
// while Settle is waiting.
type inflightCounter struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

func (c *inflightCounter) Add(d int) {
	c.mu.Lock()
	c.n += d
	if c.n == 0 {
		c.cond.Broadcast()
	}
	c.mu.Unlock()
}

func (c *inflightCounter) Done() { c.Add(-1) }

// Wait returns once no delivery is in flight.
func (c *inflightCounter) Wait() {
	c.mu.Lock()
	for c.n > 0 {
		c.cond.Wait()
	}
	c.mu.Unlock()
}

func (cs *callbackState) wait() { cs.inflight.Wait() }

// reset drops every undelivered callback.
func (cs *callbackState) reset() {
	cs.mu.Lock()
	cs.queues = map[string][]*pendingCallback{}
	cs.gen++
	cs.mu.Unlock()
}

// Callbacks returns every attempt so far, in order.
func (s *Server) Callbacks() []CallbackAttempt {
	s.cb.mu.Lock()
	defer s.cb.mu.Unlock()
	return append([]CallbackAttempt(nil), s.cb.attempts...)
}

// Settle runs every job that is due and waits for callbacks in flight, so a
// test sees the effects of what it just did.
func (s *Server) Settle() { s.clock.Advance(0) }

// objectKey names the object a callback is about, for ordering.
func objectKey(acct *account, kind, id string) string {
	return acct.ID + "/" + kind + "/" + id
}

// sendCallback queues a signed callback to target for acct about the object
// key. It returns at once: delivery happens on the scheduler, so a slow or
// failing receiver never blocks or fails the API request that caused it.
// POST sends params as a form body, GET as the query string. Callers hold
// s.mu.
func (s *Server) sendCallback(acct *account, key, target, method string, params url.Values) {
	if target == "" {
		return
	}
	if method == "" {
		method = http.MethodPost
	}
	p := &pendingCallback{Key: key, Token: acct.Token, MainToken: s.mainToken(acct), URL: target, Method: method,
		Params: params, NextAt: s.clock.Now()}
	s.cb.mu.Lock()
	s.cb.next++
	p.Delivery = s.cb.next
	s.cb.queues[key] = append(s.cb.queues[key], p)
	idle := len(s.cb.queues[key]) == 1
	gen := s.cb.gen
	s.cb.mu.Unlock()
	if idle {
		s.scheduleAttempt(p, gen)
	}
}

// scheduleAttempt tries p, the head of its queue, at p.NextAt. When the
// try ends, p is retried on the schedule of CallbackRetryDelays, or leaves
// the queue and the next callback of the object is tried at once.
func (s *Server) scheduleAttempt(p *pendingCallback, gen int) {
	s.sched.At(p.NextAt, func() {
		s.cb.mu.Lock()
		if s.cb.gen != gen {
			s.cb.mu.Unlock()
			return
		}
		p.Attempts++
		n := p.Attempts
		s.cb.mu.Unlock()
		at := s.clock.Now()
		s.cb.inflight.Add(1)
		go func() {
			defer s.cb.inflight.Done()
			status, err := s.deliver(p.Token, p.MainToken, p.URL, p.Method, p.Params)
			rec := CallbackAttempt{Delivery: p.Delivery, Attempt: n, At: at, URL: p.URL, Method: p.Method, Params: p.Params, Status: status}
			if err != nil {
				rec.Error = err.Error()
			}
			s.cb.mu.Lock()
			s.cb.attempts = append(s.cb.attempts, rec)
			if s.cb.gen != gen {
				s.cb.mu.Unlock()
				return
			}
			next := p
			if status != http.StatusOK && n <= len(CallbackRetryDelays) {
				p.NextAt = at.Add(CallbackRetryDelays[n-1])
			} else {
				q := s.cb.queues[p.Key][1:]
				if len(q) == 0 {
					delete(s.cb.queues, p.Key)
					next = nil
				} else {
					s.cb.queues[p.Key] = q
					next = q[0]
					next.NextAt = s.clock.Now()
				}
			}
			s.cb.mu.Unlock()
			s.persistLogged()
			if next != nil {
				s.scheduleAttempt(next, gen)
			}
		}()
	})
}

func (s *Server) deliver(token, mainToken, target, method string, params url.Values) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.CallbackTimeout)
	defer cancel()
	var body *strings.Reader
	u := target
	if method == http.MethodGet {
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + params.Encode()
		body = strings.NewReader("")
	} else {
		body = strings.NewReader(params.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return 0, err
	}
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	s.mu.Lock()
	nonce := s.randDigits(20)
	s.mu.Unlock()
	req.Header.Set(HeaderNonce, nonce)
	req.Header.Set(HeaderSignature, SignatureV2(token, target, nonce))
	req.Header.Set(HeaderSignatureMA, SignatureV2(mainToken, target, nonce))
	req.Header.Set("User-Agent", "cpaas-emulator-callbacks")
	resp, err := s.opts.CallbackClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}
