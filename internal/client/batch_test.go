package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// linkServer is a campaign's link route as the API answers it: a request
// naming a bad number (or more than the pool takes) is refused whole, with
// a 400 naming the first bad number; status, when set, answers every
// request instead (a 5xx); hold, when set, delays each reply until closed.
type linkServer struct {
	mu       sync.Mutex
	bad      map[string]bool
	pool     int // how many numbers the campaign takes (0: no limit)
	status   int
	hold     chan struct{}
	requests [][]string // the numbers of each request, in order
	linked   []string
}

func (s *linkServer) start(t *testing.T, gather time.Duration) *Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in NumberLink
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/10dlc/Campaign/CLINK01/Number/") || json.NewDecoder(r.Body).Decode(&in) != nil {
			http.Error(w, `{"error":"unexpected request"}`, http.StatusTeapot)
			return
		}
		if s.hold != nil {
			<-s.hold
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.requests = append(s.requests, in.Numbers)
		w.Header().Set("Content-Type", "application/json")
		refuse := func(status int, msg string) {
			w.WriteHeader(status)
			_, _ = fmt.Fprintf(w, `{"api_id":"a-1","error":%q}`, msg)
		}
		if s.status != 0 {
			refuse(s.status, "internal error")
			return
		}
		if s.pool > 0 && len(s.linked)+len(in.Numbers) > s.pool {
			refuse(http.StatusBadRequest, fmt.Sprintf("campaign CLINK01 takes %d numbers; %d are linked", s.pool, len(s.linked)))
			return
		}
		for _, n := range in.Numbers {
			if s.bad[n] {
				refuse(http.StatusBadRequest, "The number "+n+" is not a valid number")
				return
			}
		}
		s.linked = append(s.linked, in.Numbers...)
		_, _ = w.Write([]byte(`{"api_id":"a-2","message":"Request to link ` + strings.Join(in.Numbers, ", ") + ` to campaign CLINK01 was received and is being processed"}`))
	}))
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, 0)
	c.sched.GatherWindow = gather
	return c
}

// linkAll links numbers concurrently, one LinkNumbers each (as Terraform's
// link creates), and returns each number's error.
func linkAll(c *Client, ctxOf func(string) context.Context, numbers ...string) map[string]error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	errs := map[string]error{}
	for _, n := range numbers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			if ctxOf != nil {
				ctx = ctxOf(n)
			}
			err := c.LinkNumbers(ctx, "CLINK01", NumberLink{Numbers: []string{n}, URL: "https://example.com/cb"})
			mu.Lock()
			defer mu.Unlock()
			errs[n] = err
		}()
	}
	wg.Wait()
	return errs
}

// linkEach links numbers[i] concurrently, each after how(i)'s delay and
// with its callback URL, and returns each one's error.
func linkEach(c *Client, numbers []string, how func(i int) (time.Duration, string)) []error {
	var wg sync.WaitGroup
	errs := make([]error, len(numbers))
	for i, n := range numbers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			delay, url := how(i)
			time.Sleep(delay)
			errs[i] = c.LinkNumbers(context.Background(), "CLINK01", NumberLink{Numbers: []string{n}, URL: url})
		}()
	}
	wg.Wait()
	return errs
}

func someNumbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("141555501%02d", i)
	}
	return out
}

// Ten links of one campaign in one burst are one request; a link alone is
// the plain one-number request.
func TestLinkNumbersShareOneRequest(t *testing.T) {
	s := &linkServer{}
	c := s.start(t, time.Minute) // ten gathered: sent at once, not after the window
	numbers := someNumbers(10)
	for n, err := range linkAll(c, nil, numbers...) {
		if err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	if len(s.requests) != 1 || len(s.requests[0]) != 10 {
		t.Fatalf("10 links in one burst made requests %v; want one of 10 numbers", s.requests)
	}
	c.sched.GatherWindow = 10 * time.Millisecond
	if err := linkAll(c, nil, "14155559999")["14155559999"]; err != nil {
		t.Fatal(err)
	}
	if len(s.requests) != 2 || !slices.Equal(s.requests[1], []string{"14155559999"}) {
		t.Fatalf("a link alone made requests %v; want one of its number", s.requests[1:])
	}
	if slices.Sort(s.linked); !slices.Equal(s.linked, append(numbers, "14155559999")) {
		t.Fatalf("linked %v", s.linked)
	}
}

// Links that start a few at a time, each more than one gathering window
// after the one before (as Terraform starts a campaign's links among the
// account's other creates), share the request: a link batch gathers for
// four windows.
func TestLinkNumbersStaggeredShareOneRequest(t *testing.T) {
	s := &linkServer{}
	c := s.start(t, 100*time.Millisecond)
	numbers := someNumbers(3)
	errs := linkEach(c, numbers, func(i int) (time.Duration, string) { return time.Duration(i) * 150 * time.Millisecond, "" })
	for i, err := range errs {
		if err != nil {
			t.Errorf("%s: %v", numbers[i], err)
		}
	}
	if len(s.requests) != 1 || len(s.requests[0]) != 3 {
		t.Fatalf("3 links 150 ms apart (gathering window 100 ms) made requests %v; want one of 3 numbers", s.requests)
	}
}

// A batch refused whole is sent again number by number: each bad number
// gets its own error, naming it, and the others are linked.
func TestLinkNumbersRefusedBatchGivesEachItsOwnError(t *testing.T) {
	numbers := someNumbers(6)
	s := &linkServer{bad: map[string]bool{numbers[1]: true, numbers[4]: true}}
	c := s.start(t, 100*time.Millisecond)
	errs := linkAll(c, nil, numbers...)
	for _, n := range numbers {
		err := errs[n]
		switch {
		case !s.bad[n] && err != nil:
			t.Errorf("%s (good): %v", n, err)
		case s.bad[n] && err == nil:
			t.Errorf("%s (bad): linked", n)
		case s.bad[n] && (StatusCode(err) != http.StatusBadRequest || !strings.Contains(err.Error(), "The number "+n+" is not a valid number")):
			t.Errorf("%s (bad): error %v; want the 400 naming it", n, err)
		}
	}
	if len(s.requests) != 1+len(numbers) || len(s.requests[0]) != len(numbers) {
		t.Fatalf("requests %v; want the batch of 6, then one request per number", s.requests)
	}
	slices.Sort(s.linked)
	if want := []string{numbers[0], numbers[2], numbers[3], numbers[5]}; !slices.Equal(s.linked, want) {
		t.Fatalf("linked %v, want %v", s.linked, want)
	}
}

// A batch beyond the campaign's number pool is refused whole; sent again
// one by one, the numbers that fit are linked.
func TestLinkNumbersPoolAdmitsThoseThatFit(t *testing.T) {
	s := &linkServer{pool: 3}
	c := s.start(t, 100*time.Millisecond)
	errs := linkAll(c, nil, someNumbers(5)...)
	var refused int
	for n, err := range errs {
		if err != nil {
			refused++
			if !strings.Contains(err.Error(), "takes 3 numbers") {
				t.Errorf("%s: %v; want the pool's refusal", n, err)
			}
		}
	}
	if len(s.linked) != 3 || refused != 2 {
		t.Fatalf("5 links to a pool of 3: %d linked, %d refused; want 3, 2 (requests %v)", len(s.linked), refused, s.requests)
	}
}

// A batch whose outcome is unknown (a 5xx) is not sent again: each link
// gets the error, and looks its number up (the provider's adoption).
func TestLinkNumbersAmbiguousBatchIsEachOnesToAdopt(t *testing.T) {
	s := &linkServer{status: http.StatusBadGateway}
	c := s.start(t, 50*time.Millisecond)
	for n, err := range linkAll(c, nil, someNumbers(3)...) {
		if !IsAmbiguousCreate(err) {
			t.Errorf("%s: %v; want an ambiguous create", n, err)
		}
	}
	if len(s.requests) != 1 {
		t.Fatalf("requests %v; want the one batch, never re-sent", s.requests)
	}
}

// A link cancelled while its batch gathers leaves it; once the batch is
// sent, a cancelled link still gets its outcome (its number is linked), and
// the request is not cancelled for the others.
func TestLinkNumbersCancelledLinkNeverCancelsTheBatch(t *testing.T) {
	numbers := someNumbers(3)
	s := &linkServer{}
	c := s.start(t, 200*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	errs := linkAll(c, func(n string) context.Context {
		if n == numbers[0] {
			return ctx
		}
		return context.Background()
	}, numbers...)
	if !errors.Is(errs[numbers[0]], context.Canceled) || errs[numbers[1]] != nil || errs[numbers[2]] != nil {
		t.Fatalf("errors %v; want the cancelled link's context.Canceled and the others linked", errs)
	}
	if len(s.requests) != 1 || len(s.requests[0]) != 2 || slices.Contains(s.requests[0], numbers[0]) {
		t.Fatalf("requests %v; want one of the two links left", s.requests)
	}

	// Cancelled after the batch was sent: the request goes on.
	s.hold = make(chan struct{})
	c.sched.GatherWindow = 10 * time.Millisecond
	more := someNumbers(6)[3:]
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, func() { cancel(); time.Sleep(50 * time.Millisecond); close(s.hold) })
	errs = linkAll(c, func(n string) context.Context {
		if n == more[0] {
			return ctx
		}
		return context.Background()
	}, more...)
	for n, err := range errs {
		if err != nil {
			t.Errorf("%s: %v; want linked (the batch was sent before the cancel)", n, err)
		}
	}
	if len(s.requests) != 2 || len(s.requests[1]) != 3 {
		t.Fatalf("requests %v; want a second one of 3 numbers", s.requests)
	}
}

// When every one of Terraform's slots waits in a gathering, nothing more
// can join any batch: ten links of three batches (each callback its own
// request) are sent at once, not after their window.
func TestLinkBatchesSentWhenEverySlotGathers(t *testing.T) {
	s := &linkServer{}
	c := s.start(t, time.Minute) // a batch's window: 4 minutes
	numbers := someNumbers(10)
	done := make(chan []error, 1)
	go func() {
		done <- linkEach(c, numbers, func(i int) (time.Duration, string) { return 0, fmt.Sprintf("https://example.com/cb%d", i%3) })
	}()
	select {
	case errs := <-done:
		for i, err := range errs {
			if err != nil {
				t.Errorf("%s: %v", numbers[i], err)
			}
		}
	case <-time.After(30 * time.Second):
		t.Fatal("10 links in 3 batches still wait after 30 s: the batches wait for their window though every slot gathers")
	}
	sizes := []int{}
	for _, r := range s.requests {
		sizes = append(sizes, len(r))
	}
	if slices.Sort(sizes); !slices.Equal(sizes, []int{3, 3, 4}) {
		t.Fatalf("10 links of 3 callbacks made requests of %v numbers; want 3, 3 and 4", sizes)
	}
}
