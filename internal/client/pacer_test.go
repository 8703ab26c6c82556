package client

import (
	"container/heap"
	"context"
	"math"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// fakeClock is the pacer's time in these tests: Sleep moves it forward.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }
func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if d > 0 {
		c.now = c.now.Add(d)
	}
	return ctx.Err()
}

// apiBucket is the API's limit as the emulator applies it: a token bucket
// of burst b filled at r a second, 429 with Retry-After rounded up.
type apiBucket struct {
	r, b   float64
	tokens float64
	at     time.Time
}

func (a *apiBucket) take(now time.Time) (int, string) {
	a.tokens = math.Min(a.b, a.tokens+now.Sub(a.at).Seconds()*a.r)
	a.at = now
	if a.tokens >= 1 {
		a.tokens--
		return http.StatusOK, ""
	}
	return http.StatusTooManyRequests, strconv.Itoa(int(math.Ceil((1 - a.tokens) / a.r)))
}

// worker is one of Terraform's parallel walkers: ready at a time, with a
// request to send (a retry keeps its request).
type worker struct{ ready time.Time }

type workers []*worker

func (w workers) Len() int           { return len(w) }
func (w workers) Less(i, j int) bool { return w[i].ready.Before(w[j].ready) }
func (w workers) Swap(i, j int)      { w[i], w[j] = w[j], w[i] }
func (w *workers) Push(x any)        { *w = append(*w, x.(*worker)) }
func (w *workers) Pop() any {
	old := *w
	x := old[len(old)-1]
	*w = old[:len(old)-1]
	return x
}

type simResult struct {
	elapsed   time.Duration
	answered  int // requests answered, 429s included
	throttled int
}

// simulate runs n requests from p workers, each spending think between
// its requests (Terraform's own work), against api, through pacer pc (nil:
// no pacer, plain retries after Retry-After), on the fake clock.
func simulate(clock *fakeClock, pc *pacer, api *apiBucket, n, p int, think time.Duration) simResult {
	start := clock.now
	ws := make(workers, 0, p)
	for i := 0; i < p; i++ {
		ws = append(ws, &worker{ready: start.Add(time.Duration(i) * think / time.Duration(p))})
	}
	heap.Init(&ws)
	var res simResult
	done := 0
	for done < n {
		w := ws[0]
		if clock.now.Before(w.ready) {
			clock.now = w.ready
		}
		tk := ticket{sentAt: clock.now}
		if pc != nil {
			tk, _ = pc.wait(context.Background())
		}
		status, retryAfter := api.take(clock.now)
		res.answered++
		if pc != nil {
			pc.done(context.Background(), tk, status, retryAfter)
		}
		if status == http.StatusTooManyRequests {
			res.throttled++
			secs, _ := strconv.Atoi(retryAfter)
			w.ready = clock.now.Add(time.Duration(secs) * time.Second)
		} else {
			done++
			w.ready = clock.now.Add(think)
		}
		heap.Fix(&ws, 0)
	}
	res.elapsed = clock.now.Sub(start)
	return res
}

var simStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// The bench's case: 500 creates at -parallelism=10 against 20 requests a
// second with a burst of 20, Terraform able to send about 80 a second. The
// learning pacer must finish within 1.10x of N/R with at most 2% of the
// requests refused, where plain retries are refused far more often.
func TestPacerLearnsTheLimitAndKeepsThrottlingRare(t *testing.T) {
	clock := &fakeClock{now: simStart}
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	pc := newPacer(clock, true, 0)
	res := simulate(clock, pc, api, 500, 10, 125*time.Millisecond)
	floor := 500.0 / 20
	t.Logf("learning: %d requests in %.2fs (%.3fx of N/R), %d answered 429 (%.1f%%), pace %.2f/s",
		res.answered, res.elapsed.Seconds(), res.elapsed.Seconds()/floor, res.throttled, 100*float64(res.throttled)/float64(res.answered), pc.pace())
	if ratio := res.elapsed.Seconds() / floor; ratio > 1.10 {
		t.Errorf("500 requests took %.2fs, %.2fx of N/R: the pacer is slower than the limit", res.elapsed.Seconds(), ratio)
	}
	if share := float64(res.throttled) / float64(res.answered); share > 0.02 {
		t.Errorf("%d of %d requests answered 429 (%.1f%%), want at most 2%%: the pacer does not slow down", res.throttled, res.answered, 100*share)
	}
	if pace := pc.pace(); pace < 17 || pace > 24 {
		t.Errorf("learned pace %.2f/s, want about the limit of 20/s", pace)
	}

	clock = &fakeClock{now: simStart}
	api = &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	plain := simulate(clock, nil, api, 500, 10, 125*time.Millisecond)
	t.Logf("plain retries: %d requests in %.2fs, %d answered 429", plain.answered, plain.elapsed.Seconds(), plain.throttled)
	if plain.throttled < 5*res.throttled {
		t.Errorf("plain retries were refused %d times, learning %d: the simulation does not show what learning saves", plain.throttled, res.throttled)
	}
}

// After the limit drops, the pacer follows it down within a few refusals;
// after it rises again, the cubic probe finds the new limit.
func TestPacerFollowsTheLimitDownAndProbesBackUp(t *testing.T) {
	clock := &fakeClock{now: simStart}
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	pc := newPacer(clock, true, 0)
	simulate(clock, pc, api, 300, 10, 10*time.Millisecond)

	api.r = 5 // a neighbour now shares the account's limit
	down := simulate(clock, pc, api, 150, 10, 10*time.Millisecond)
	if pace := pc.pace(); pace > 6 {
		t.Errorf("limit lowered to 5/s, pace still %.2f/s: the pacer does not slow down", pace)
	}
	if down.throttled > 10 {
		t.Errorf("%d refusals to follow the limit from 20/s down to 5/s, want at most 10", down.throttled)
	}

	api.r, api.b = 60, 60 // the neighbour stopped, and the plan was upgraded
	simulate(clock, pc, api, 600, 10, 10*time.Millisecond)
	t0 := clock.now
	up := simulate(clock, pc, api, 1200, 10, 10*time.Millisecond)
	got := 1200 / up.elapsed.Seconds()
	t.Logf("after the rise: pace %.1f/s, throughput %.1f/s, %d of %d refused", pc.pace(), got, up.throttled, up.answered)
	if got < 45 {
		t.Errorf("limit raised to 60/s, throughput %.1f/s since %s: the pacer does not probe back up", got, t0.Sub(simStart))
	}
}

// A 429 with "Retry-After: 0" asks for no wait and must not slow anyone.
func TestPacerIgnoresRetryAfterZero(t *testing.T) {
	clock := &fakeClock{now: simStart}
	pc := newPacer(clock, true, 0)
	for i := 0; i < 50; i++ {
		tk, _ := pc.wait(context.Background())
		status := http.StatusOK
		if i%5 == 0 {
			status = http.StatusTooManyRequests
		}
		pc.done(context.Background(), tk, status, "0")
		clock.now = clock.now.Add(10 * time.Millisecond)
	}
	if pace := pc.pace(); !math.IsInf(pace, 1) {
		t.Fatalf("pace %.2f after 429s with Retry-After: 0, want no limit", pace)
	}
}

// max_requests_per_second paces from the first request, and plain retries
// never learn.
func TestPacerUserCapAndPlainRetries(t *testing.T) {
	clock := &fakeClock{now: simStart}
	pc := newPacer(clock, true, 4)
	for i := 0; i < 41; i++ {
		tk, _ := pc.wait(context.Background())
		pc.done(context.Background(), tk, http.StatusOK, "")
	}
	if got := clock.now.Sub(simStart); got < 9*time.Second || got > 11*time.Second {
		t.Fatalf("41 requests at a cap of 4/s took %s, want about 10s", got)
	}

	clock = &fakeClock{now: simStart}
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	plain := newPacer(clock, false, 0)
	simulate(clock, plain, api, 200, 10, 10*time.Millisecond)
	if pace := plain.pace(); !math.IsInf(pace, 1) {
		t.Fatalf("plain retries learned a pace of %.2f/s", pace)
	}
}

func TestPacerWaitEndsWithTheContext(t *testing.T) {
	pc := newPacer(realClock{}, true, 0.001)
	if _, err := pc.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := pc.wait(ctx)
	if err == nil || !neverReachedServer(err) {
		t.Fatalf("a wait cancelled before sending: %v; want an error that says nothing was sent", err)
	}
}

// With a burst smaller than a Retry-After's worth of the rate, the first
// measurement is low (the API's bucket filled up during the hold); the
// probe must still bring the pace up to the limit, without a stampede.
func TestPacerSmallBurstRecovers(t *testing.T) {
	clock := &fakeClock{now: simStart}
	api := &apiBucket{r: 20, b: 5, tokens: 5, at: simStart}
	pc := newPacer(clock, true, 0)
	res := simulate(clock, pc, api, 500, 10, 125*time.Millisecond)
	t.Logf("burst 5: %d requests in %.2fs (%.3fx of N/R), %d answered 429, pace %.2f/s",
		res.answered, res.elapsed.Seconds(), res.elapsed.Seconds()/25, res.throttled, pc.pace())
	if res.elapsed.Seconds() > 1.2*25 || res.throttled > 12 {
		t.Errorf("with a burst of 5: %.2fs and %d refusals for 500 requests at 20/s", res.elapsed.Seconds(), res.throttled)
	}
}
