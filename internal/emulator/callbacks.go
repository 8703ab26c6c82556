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

type callbackState struct {
	inflight sync.WaitGroup
	mu       sync.Mutex
	attempts []CallbackAttempt
	next     int
}

func newCallbackState() *callbackState { return &callbackState{} }

func (cs *callbackState) wait() { cs.inflight.Wait() }

// Callbacks returns every attempt so far, in order.
func (s *Server) Callbacks() []CallbackAttempt {
	s.cb.mu.Lock()
	defer s.cb.mu.Unlock()
	return append([]CallbackAttempt(nil), s.cb.attempts...)
}

// Settle runs every job that is due and waits for callbacks in flight, so a
// test sees the effects of what it just did.
func (s *Server) Settle() { s.clock.Advance(0) }

// sendCallback queues a signed callback to target for acct. It returns at
// once: delivery happens on the scheduler, so a slow or failing receiver
// never blocks or fails the API request that caused it. POST sends params
// as a form body, GET as the query string. Callers hold s.mu.
func (s *Server) sendCallback(acct *account, target, method string, params url.Values) {
	if target == "" {
		return
	}
	if method == "" {
		method = http.MethodPost
	}
	s.cb.mu.Lock()
	s.cb.next++
	delivery := s.cb.next
	s.cb.mu.Unlock()
	token, mainToken := acct.Token, s.mainToken(acct)
	var attempt func(n int)
	attempt = func(n int) {
		s.cb.inflight.Add(1)
		at := s.clock.Now()
		go func() {
			defer s.cb.inflight.Done()
			status, err := s.deliver(token, mainToken, target, method, params)
			rec := CallbackAttempt{Delivery: delivery, Attempt: n, At: at, URL: target, Method: method, Params: params, Status: status}
			if err != nil {
				rec.Error = err.Error()
			}
			s.cb.mu.Lock()
			s.cb.attempts = append(s.cb.attempts, rec)
			s.cb.mu.Unlock()
			if status != http.StatusOK && n <= len(CallbackRetryDelays) {
				s.sched.At(at.Add(CallbackRetryDelays[n-1]), func() { attempt(n + 1) })
			}
		}()
	}
	s.sched.At(s.clock.Now(), func() { attempt(1) })
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
