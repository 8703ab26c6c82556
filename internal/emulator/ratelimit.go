package emulator

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// RateLimit is the API's request rate limit, as the service applies it: a
// token bucket per account that holds at most Burst tokens and gains Rate
// tokens a second. How it counts:
//   - every authenticated /v1 request of the account takes one token, reads
//     and writes alike, whatever its route and its outcome (a 404 or a 400
//     counts); a request that fails authentication takes none, so nobody
//     can drain another account's bucket;
//   - a request that finds less than one token is refused with 429 before
//     anything is done, takes nothing, and carries Retry-After: the whole
//     seconds, rounded up, until the bucket next holds a token;
//   - each account has its own bucket (a subaccount too); the control API
//     under /_emulator/ is never limited;
//   - the limit is checked before the fault injector, so an injected fault
//     or latency applies only to requests the limit let through.
//
// Rate 0 switches the limit off (the default). Time is the emulator's
// Clock, so tests drive the bucket by advancing a manual clock.
type RateLimit struct {
	Rate  float64 `json:"rate"`            // tokens a second; 0 means no limit
	Burst int     `json:"burst,omitempty"` // bucket size; 0 means ceil(Rate), at least 1
}

// Validate refuses a negative, infinite or NaN rate and a negative burst.
func (l RateLimit) Validate() error {
	if l.Rate < 0 || math.IsNaN(l.Rate) || math.IsInf(l.Rate, 0) {
		return fmt.Errorf("rate must be a non-negative number of requests a second, got %v", l.Rate)
	}
	if l.Burst < 0 {
		return fmt.Errorf("burst must not be negative, got %d", l.Burst)
	}
	return nil
}

// withDefaults fills Burst.
func (l RateLimit) withDefaults() RateLimit {
	if l.Rate > 0 && l.Burst == 0 {
		l.Burst = max(1, int(math.Ceil(l.Rate)))
	}
	return l
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was last brought up to date
}

type rateLimitState struct {
	mu      sync.Mutex
	cfg     RateLimit
	buckets map[string]*bucket // by auth_id, created full on first use
}

// SetRateLimit replaces the rate limit and refills every account's bucket.
// It returns an error for a negative rate or burst.
func (s *Server) SetRateLimit(l RateLimit) error {
	if err := l.Validate(); err != nil {
		return err
	}
	s.limit.mu.Lock()
	defer s.limit.mu.Unlock()
	s.limit.cfg = l.withDefaults()
	s.limit.buckets = map[string]*bucket{}
	return nil
}

// RateLimit returns the rate limit in force (Burst filled in).
func (s *Server) RateLimit() RateLimit {
	s.limit.mu.Lock()
	defer s.limit.mu.Unlock()
	return s.limit.cfg
}

// take takes a token from authID's bucket at now. When there is none it
// returns false and the time until the bucket holds one.
func (rl *rateLimitState) take(authID string, now time.Time) (bool, time.Duration) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.cfg.Rate <= 0 {
		return true, 0
	}
	burst := float64(rl.cfg.Burst)
	b := rl.buckets[authID]
	if b == nil {
		b = &bucket{tokens: burst, at: now}
		rl.buckets[authID] = b
	}
	if elapsed := now.Sub(b.at); elapsed > 0 {
		b.tokens = min(burst, b.tokens+elapsed.Seconds()*rl.cfg.Rate)
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / rl.cfg.Rate * float64(time.Second))
}

// retryAfterSeconds rounds a wait up to whole seconds, at least 1: a
// client that waits that long finds a token.
func retryAfterSeconds(wait time.Duration) int {
	return max(1, int(math.Ceil(wait.Seconds())))
}

// admit applies the rate limit to an authenticated /v1 call. It writes the
// 429 and returns false when the account's bucket is empty.
func (s *Server) admit(c *call) bool {
	ok, wait := s.limit.take(c.acct.ID, s.clock.Now())
	if ok {
		return true
	}
	s.faults.countRateLimited()
	secs := retryAfterSeconds(wait)
	c.w.Header().Set("Retry-After", strconv.Itoa(secs))
	c.fail(http.StatusTooManyRequests, fmt.Sprintf("rate limit exceeded: %s requests a second per account; retry after %d second(s)",
		strconv.FormatFloat(s.RateLimit().Rate, 'f', -1, 64), secs))
	return false
}

func (s *Server) controlSetRateLimit(c *call) {
	var in RateLimit
	if !c.decode(&in) {
		return
	}
	if err := s.SetRateLimit(in); err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusOK, map[string]any{"message": "rate limit set", "rate_limit": s.RateLimit()})
}

func (s *Server) controlRateLimit(c *call) {
	c.reply(http.StatusOK, map[string]any{"rate_limit": s.RateLimit()})
}
