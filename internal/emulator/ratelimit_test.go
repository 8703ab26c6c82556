package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// limited sends an authenticated GET as idA and returns the status and the
// Retry-After header.
func (h *harness) limited(path string) (int, string) {
	h.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, h.hs.URL+"/v1/Account/"+idA+"/"+path, nil)
	req.SetBasicAuth(idA, tokA)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

func TestRateLimitIsOffByDefault(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < 50; i++ {
		if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
			t.Fatalf("request %d: %d with no rate limit", i, st)
		}
	}
}

// A bucket of 3 at 2 requests a second: three pass at once, the fourth is
// refused with a Retry-After after which a token is there, and not before.
func TestRateLimitBucketAndRetryAfter(t *testing.T) {
	h := newHarness(t)
	if err := h.srv.SetRateLimit(RateLimit{Rate: 2, Burst: 3}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
			t.Fatalf("request %d within the burst: %d", i, st)
		}
	}
	st, ra := h.limited("Endpoint/")
	if st != http.StatusTooManyRequests || ra != "1" {
		t.Fatalf("over the burst: %d Retry-After %q, want 429 and 1 (a token in 0.5 s, rounded up)", st, ra)
	}
	h.srv.Clock().Advance(400 * time.Millisecond)
	if st, ra := h.limited("Endpoint/"); st != http.StatusTooManyRequests || ra != "1" {
		t.Fatalf("0.4 s later: %d Retry-After %q, want 429 and 1", st, ra)
	}
	h.srv.Clock().Advance(100 * time.Millisecond)
	if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
		t.Fatalf("0.5 s later a token is due: %d", st)
	}
	// Refill is capped by the burst: after a long pause, 3 pass, not more.
	h.srv.Clock().Advance(time.Hour)
	ok := 0
	for i := 0; i < 5; i++ {
		if st, _ := h.limited("Endpoint/"); st == http.StatusOK {
			ok++
		}
	}
	if ok != 3 {
		t.Fatalf("after an hour's pause %d requests passed at once, want the burst of 3", ok)
	}
	if got := h.srv.FaultStats().RateLimited; got != 4 {
		t.Fatalf("FaultStats.RateLimited = %d, want 4", got)
	}
}

// Retry-After is the whole seconds until a token, rounded up, and waiting
// exactly that long is enough: at 0.25 requests a second it says 4, then 1.
func TestRateLimitRetryAfterMatchesTheBucket(t *testing.T) {
	h := newHarness(t)
	if err := h.srv.SetRateLimit(RateLimit{Rate: 0.25, Burst: 1}); err != nil {
		t.Fatal(err)
	}
	if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
		t.Fatalf("first request: %d", st)
	}
	st, ra := h.limited("Endpoint/")
	secs, _ := strconv.Atoi(ra)
	if st != http.StatusTooManyRequests || secs != 4 {
		t.Fatalf("%d Retry-After %q, want 429 and 4", st, ra)
	}
	h.srv.Clock().Advance(3500 * time.Millisecond)
	if st, ra := h.limited("Endpoint/"); st != http.StatusTooManyRequests || ra != "1" {
		t.Fatalf("3.5 s later: %d Retry-After %q, want 429 and 1", st, ra)
	}
	h.srv.Clock().Advance(500 * time.Millisecond)
	if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
		t.Fatalf("after the Retry-After: %d", st)
	}
}

// Each account has its own bucket; the control API and requests that fail
// authentication take no token; a refused create creates nothing.
func TestRateLimitPerAccountAndWhatCounts(t *testing.T) {
	h := newHarness(t)
	if err := h.srv.SetRateLimit(RateLimit{Rate: 1, Burst: 2}); err != nil {
		t.Fatal(err)
	}
	// Failed authentication on A's path does not drain A's bucket.
	for i := 0; i < 5; i++ {
		if st, _ := h.do("GET", "/v1/Account/"+idA+"/Endpoint/", idA, "wrong", nil); st != http.StatusUnauthorized {
			t.Fatalf("bad token: %d", st)
		}
	}
	// Any route counts, an unknown one too.
	if st, _ := h.as("GET", "NoSuchThing/", nil); st != http.StatusNotFound {
		t.Fatalf("unknown route: %d", st)
	}
	if st, _ := h.as("POST", "Endpoint/", map[string]any{"username": "u", "password": "12345", "alias": "a"}); st != http.StatusCreated {
		t.Fatalf("create within the burst: %d", st)
	}
	st, body := h.as("POST", "Endpoint/", map[string]any{"username": "v", "password": "12345", "alias": "b"})
	wantError(t, st, http.StatusTooManyRequests, body, "rate limit exceeded")
	if objs, _ := h.srv.Objects(idA); len(objs["endpoints"]) != 1 {
		t.Fatalf("a refused create created something: %v", objs["endpoints"])
	}
	// B is not limited by A's use.
	if st, _ := h.do("GET", "/v1/Account/"+idB+"/Endpoint/", idB, tokB, nil); st != http.StatusOK {
		t.Fatalf("account B refused because of A: %d", st)
	}
	// The control API is never limited.
	for i := 0; i < 5; i++ {
		if st, _ := h.do("GET", "/_emulator/faults", "", "", nil); st != http.StatusOK {
			t.Fatalf("control API refused: %d", st)
		}
	}
}

func TestRateLimitControlAPI(t *testing.T) {
	h := newHarness(t)
	st, body := h.do("PUT", "/_emulator/rate_limit", "", "", map[string]any{"rate": 1})
	if st != http.StatusOK {
		t.Fatalf("set: %d %v", st, body)
	}
	if got := h.srv.RateLimit(); got.Rate != 1 || got.Burst != 1 {
		t.Fatalf("rate limit %+v, want rate 1 with the default burst 1", got)
	}
	if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
		t.Fatal("first request refused")
	}
	if st, _ := h.limited("Endpoint/"); st != http.StatusTooManyRequests {
		t.Fatal("second request at 1/s with a burst of 1 passed")
	}
	// Setting it again refills the bucket.
	h.do("PUT", "/_emulator/rate_limit", "", "", map[string]any{"rate": 1, "burst": 1})
	if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
		t.Fatal("setting the limit did not refill the bucket")
	}
	st, body = h.do("PUT", "/_emulator/rate_limit", "", "", map[string]any{"rate": -1})
	wantError(t, st, http.StatusBadRequest, body, "rate must be")
	st, body = h.do("GET", "/_emulator/rate_limit", "", "", nil)
	got, _ := json.Marshal(body)
	if st != http.StatusOK || string(got) != `{"rate_limit":{"burst":1,"rate":1}}` {
		t.Fatalf("get: %d %v", st, body)
	}
	h.do("PUT", "/_emulator/rate_limit", "", "", map[string]any{"rate": 0})
	for i := 0; i < 10; i++ {
		if st, _ := h.limited("Endpoint/"); st != http.StatusOK {
			t.Fatal("rate 0 did not switch the limit off")
		}
	}
}
