package emulator

import (
	"net/http"
	"testing"
	"time"
)

func TestFaultsAreReproducibleAndRefuseBeforeActing(t *testing.T) {
	run := func() ([]int, int) {
		h := newHarness(t)
		h.srv.SetFaults(Faults{Seed: 42, Rules: []FaultRule{{Method: "POST", Path: "Endpoint", Rate429: 0.3, Rate5xx: 0.3, RetryAfter: 2}}})
		var statuses []int
		for i := 0; i < 40; i++ {
			st, body := h.as("POST", "Endpoint/", map[string]any{"username": "u", "password": "12345", "alias": "a"})
			statuses = append(statuses, st)
			if st != 201 {
				if body["error"] == "" || body["api_id"] == nil {
					t.Fatalf("injected fault without an error body: %v", body)
				}
			}
		}
		// Reads do not match the rule.
		if st, _ := h.as("GET", "Endpoint/", nil); st != 200 {
			t.Fatalf("unmatched route faulted: %d", st)
		}
		objs, _ := h.srv.Objects(idA)
		stats := h.srv.FaultStats()
		if stats.Refused+stats.Failed != stats.Faulted || stats.Requests != 41 {
			t.Fatalf("stats %+v", stats)
		}
		return statuses, len(objs["endpoints"])
	}
	a, createdA := run()
	b, _ := run()
	ok, refused, failed := 0, 0, 0
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, different faults at request %d: %d vs %d", i, a[i], b[i])
		}
		switch {
		case a[i] == 201:
			ok++
		case a[i] == 429:
			refused++
		case a[i] >= 500:
			failed++
		}
	}
	if refused == 0 || failed == 0 || ok == 0 {
		t.Fatalf("expected a mix of outcomes, got ok=%d 429=%d 5xx=%d", ok, refused, failed)
	}
	// Refused and failed requests did nothing.
	if createdA != ok {
		t.Fatalf("%d endpoints stored after %d successful creates", createdA, ok)
	}
}

func TestDroppedReplyIsCommitted(t *testing.T) {
	h := newHarness(t)
	h.srv.SetFaults(Faults{Seed: 1, Rules: []FaultRule{{Method: "POST", Path: "Endpoint", RateDrop: 1}}})
	req, _ := http.NewRequest("POST", h.hs.URL+"/v1/Account/"+idA+"/Endpoint/", jsonBody(map[string]any{"username": "u", "password": "12345", "alias": "a"}))
	req.SetBasicAuth(idA, tokA)
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		resp.Body.Close()
		t.Fatalf("reply was not dropped: %d", resp.StatusCode)
	}
	if objs, _ := h.srv.Objects(idA); len(objs["endpoints"]) != 1 {
		t.Fatalf("a dropped reply's request must still be carried out: %v", objs)
	}
	if st := h.srv.FaultStats(); st.Dropped != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestLatencyIsAdded(t *testing.T) {
	h := newHarness(t)
	h.srv.SetFaults(Faults{Rules: []FaultRule{{Latency: 30 * time.Millisecond}}})
	start := time.Now()
	if st, _ := h.as("GET", "Endpoint/", nil); st != 200 {
		t.Fatal(st)
	}
	// A lower bound only: the request cannot be faster than the latency.
	if d := time.Since(start); d < 30*time.Millisecond {
		t.Fatalf("request took %v with 30ms latency configured", d)
	}
}
