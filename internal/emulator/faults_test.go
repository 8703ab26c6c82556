package emulator

import (
	"net/http"
	"strings"
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

func TestFaultsPerRouteAndRetryNow(t *testing.T) {
	h := newHarness(t)
	f, err := ReadFaults([]byte(`{"seed": 3, "rules": [
	  {"method": "GET", "path": "Endpoint/{id}", "rate_429": 1, "retry_after": -1},
	  {"path": "10dlc/*", "latency": "1ms", "rate_5xx": 1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if f.Rules[1].Latency != time.Millisecond {
		t.Fatalf("latency %v", f.Rules[1].Latency)
	}
	h.srv.SetFaults(f)
	st, body := h.as("POST", "Endpoint/", map[string]any{"username": "u", "password": "12345", "alias": "a"})
	if st != 201 {
		t.Fatalf("create not matched by any rule must pass: %d %v", st, body)
	}
	id := body["endpoint_id"].(string)
	req, _ := http.NewRequest("GET", h.hs.URL+"/v1/Account/"+idA+"/Endpoint/"+id+"/", nil)
	req.SetBasicAuth(idA, tokA)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "0" {
		t.Fatalf("GET Endpoint/{id}: %d Retry-After %q, want 429 with Retry-After 0", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if st, _ := h.as("GET", "Endpoint/", nil); st != 200 {
		t.Fatalf("the list route is not Endpoint/{id}: %d", st)
	}
	if st, _ := h.as("GET", "10dlc/Brand/", nil); st < 500 {
		t.Fatalf("10dlc/* rule not applied: %d", st)
	}
	if s := h.srv.FaultStats(); s.Refused != 1 || s.Failed != 1 || s.Requests != 4 || s.Delayed != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestReadFaultsRefusesBadRules(t *testing.T) {
	for _, in := range []string{
		`{"rules": [{"rate_429": 0.7, "rate_drop": 0.5}]}`,
		`{"rules": [{"rate_5xx": -0.1}]}`,
		`{"rules": [{"latency": "soon"}]}`,
		`{"rules": [{"pth": "Endpoint"}]}`,
		`not json`,
	} {
		if _, err := ReadFaults([]byte(in)); err == nil {
			t.Errorf("ReadFaults(%s) accepted", in)
		}
	}
}

// HideFromLists leaves the named objects out of list replies only: a GET
// of each still finds it, and a read of the reply shape is otherwise
// untouched.
func TestHideFromListsLeavesGETsAlone(t *testing.T) {
	h := newHarness(t)
	var ids []string
	for range 3 {
		st, body := h.as("POST", "Endpoint/", map[string]any{"username": "u", "password": "12345", "alias": "a"})
		if st != 201 {
			t.Fatalf("create: %d %v", st, body)
		}
		ids = append(ids, body["endpoint_id"].(string))
	}
	faults, err := ReadFaults([]byte(`{"hide_from_lists": ["` + ids[1] + `"]}`))
	if err != nil {
		t.Fatal(err)
	}
	h.srv.SetFaults(faults)
	st, body := h.as("GET", "Endpoint/", nil)
	if st != 200 {
		t.Fatalf("list: %d %v", st, body)
	}
	var listed []string
	for _, o := range body["objects"].([]any) {
		listed = append(listed, o.(map[string]any)["endpoint_id"].(string))
	}
	if len(listed) != 2 || listed[0] == ids[1] || listed[1] == ids[1] {
		t.Fatalf("listed %v with %s hidden", listed, ids[1])
	}
	if _, ok := body["meta"].(map[string]any); !ok {
		t.Fatalf("the list reply lost its meta: %v", body)
	}
	if st, body := h.as("GET", "Endpoint/"+ids[1]+"/", nil); st != 200 || body["endpoint_id"] != ids[1] {
		t.Fatalf("GET of a hidden endpoint: %d %v", st, body)
	}
}

// The control API takes the Faults object as -faults-file does: a latency
// as a Go duration string or as nanoseconds; a bad one names the rule.
func TestControlFaultsTakeDurations(t *testing.T) {
	h := newHarness(t)
	st, body := h.do("PUT", "/_emulator/faults", "", "", `{"rules": [{"path": "Endpoint", "latency": "20ms"}, {"latency": 1000000}]}`)
	if st != http.StatusOK {
		t.Fatalf("PUT /_emulator/faults with latency \"20ms\": %d %v", st, body)
	}
	h.srv.faults.mu.Lock()
	rules := h.srv.faults.cfg.Rules
	h.srv.faults.mu.Unlock()
	if len(rules) != 2 || rules[0].Latency != 20*time.Millisecond || rules[1].Latency != time.Millisecond {
		t.Fatalf("rules set: %+v", rules)
	}
	st, body = h.do("PUT", "/_emulator/faults", "", "", `{"rules": [{"latency": "soon"}]}`)
	if msg, _ := body["error"].(string); st != http.StatusBadRequest || !strings.Contains(msg, "rules[0].latency") {
		t.Fatalf("a bad latency: %d %v", st, body)
	}
}
