package client

import (
	"container/heap"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"
)

// The fleet: K provider processes at once against one account (parallel CI
// runners, each its own Terraform and its own cache directory), each with
// its own pacer and nothing shared but the API's bucket. The simulation
// runs every worker of every process as a goroutine on one virtual clock
// (fleetClock): one goroutine runs at a time, and time moves only when all
// are asleep, to the earliest wake-up. So a pacer's wait does not move the
// others' time, and the outcome is the same at every run.

// fleetClock is virtual time for many goroutines: Sleep parks the caller
// until the clock reaches its wake-up; when every goroutine is parked, the
// earliest (first come first served at equal times) runs.
type fleetClock struct {
	mu       sync.Mutex
	now      time.Time
	seq      uint64
	running  int
	sleepers sleeperHeap
}

type sleeper struct {
	at   time.Time
	seq  uint64
	wake chan struct{}
}

type sleeperHeap []sleeper

func (h sleeperHeap) Len() int { return len(h) }
func (h sleeperHeap) Less(i, j int) bool {
	if !h[i].at.Equal(h[j].at) {
		return h[i].at.Before(h[j].at)
	}
	return h[i].seq < h[j].seq
}
func (h sleeperHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *sleeperHeap) Push(x any)   { *h = append(*h, x.(sleeper)) }
func (h *sleeperHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (c *fleetClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep parks the caller for d (at least until every goroutine due earlier,
// or at the same time and parked before it, has run).
func (c *fleetClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	s := sleeper{at: c.now.Add(max(d, 0)), seq: c.seq, wake: make(chan struct{})}
	c.seq++
	heap.Push(&c.sleepers, s)
	c.running--
	c.next()
	c.mu.Unlock()
	<-s.wake
	return ctx.Err()
}

// exit is a goroutine's end.
func (c *fleetClock) exit() {
	c.mu.Lock()
	c.running--
	c.next()
	c.mu.Unlock()
}

// next wakes the earliest sleeper when nobody runs. Callers hold mu.
func (c *fleetClock) next() {
	if c.running > 0 || len(c.sleepers) == 0 {
		return
	}
	s := heap.Pop(&c.sleepers).(sleeper)
	c.now = s.at
	c.running++
	close(s.wake)
}

// fleetRun is one process of a fleet: its pacer (nil: plain retries), its
// work, and when it starts.
type fleetRun struct {
	pc      *pacer
	n       int           // requests to get through
	workers int           // Terraform's -parallelism
	think   time.Duration // Terraform's own time between two requests of a worker
	start   time.Duration // after the fleet's start

	// results
	end         time.Time
	answered    int
	throttled   int
	mostRetries int // the most 429s one request met: MaxThrottleRetries fails the run
}

// own is the run's time with no limit at all: its workers' own time.
func (r *fleetRun) own() time.Duration {
	return time.Duration((r.n+r.workers-1)/r.workers) * r.think
}

// simulateFleet runs every run's requests against api on clock, from t0.
func simulateFleet(clock *fleetClock, api *apiBucket, runs []*fleetRun) {
	t0 := clock.now
	var wg sync.WaitGroup
	clock.mu.Lock()
	for _, r := range runs {
		left := r.n
		for w := range r.workers {
			clock.running++
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer clock.exit()
				ctx := context.Background()
				// Every goroutine parks first; the clock starts them in order.
				_ = clock.Sleep(ctx, t0.Add(r.start+time.Duration(w)*r.think/time.Duration(r.workers)).Sub(clock.Now()))
				for left > 0 {
					left--
					for throttles := 0; ; throttles++ {
						tk := ticket{sentAt: clock.Now()}
						if r.pc != nil {
							tk, _ = r.pc.wait(ctx)
						}
						now := clock.Now()
						status, retryAfter := api.take(now)
						r.answered++
						if r.pc != nil {
							r.pc.done(ctx, tk, status, retryAfter)
						}
						if status != http.StatusTooManyRequests {
							r.mostRetries = max(r.mostRetries, throttles)
							r.end = now
							break
						}
						r.throttled++
						// The retry waits the Retry-After, as the transport's
						// backoff does, then the pacer again.
						secs, _ := strconv.Atoi(retryAfter)
						_ = clock.Sleep(ctx, time.Duration(secs)*time.Second)
					}
					_ = clock.Sleep(ctx, r.think)
				}
			}()
		}
	}
	clock.mu.Unlock()
	wg.Wait()
}

// fleetResult sums up a fleet's command.
type fleetResult struct {
	k                 int
	elapsed, floor    time.Duration
	fastest, slowest  time.Duration
	answered, refused int
	mostRetries       int
	ratio, spread     float64
}

func (f fleetResult) String() string {
	return fmt.Sprintf("K=%2d: fleet %6.2fs floor %6.2fs (%.2fx), runs %6.2fs to %6.2fs (%.2fx), %4d answered 429 of %5d, at most %d for one request",
		f.k, f.elapsed.Seconds(), f.floor.Seconds(), f.ratio, f.fastest.Seconds(), f.slowest.Seconds(), f.spread, f.refused, f.answered, f.mostRetries)
}

// fleetOf sums runs up: the fleet's time is the first start to the last end;
// its floor, what the limit let through over its rate plus one run's own
// time; the spread, the slowest run over the fastest (each from its start).
func fleetOf(t0 time.Time, rate float64, runs []*fleetRun) fleetResult {
	f := fleetResult{k: len(runs), fastest: time.Duration(1<<63 - 1)}
	var last time.Time
	var ok int
	for _, r := range runs {
		d := r.end.Sub(t0.Add(r.start))
		f.fastest, f.slowest = min(f.fastest, d), max(f.slowest, d)
		if r.end.After(last) {
			last = r.end
		}
		f.answered += r.answered
		f.refused += r.throttled
		ok += r.answered - r.throttled
		f.mostRetries = max(f.mostRetries, r.mostRetries)
	}
	f.elapsed = last.Sub(t0)
	f.floor = time.Duration(float64(ok)/rate*float64(time.Second)) + runs[0].own()
	f.ratio = f.elapsed.Seconds() / f.floor.Seconds()
	f.spread = f.slowest.Seconds() / f.fastest.Seconds()
	return f
}

// The simulator itself: one run with no pacer and no limit takes its own
// time; K runs without a pacer share the bucket and all get through.
func TestFleetSimulator(t *testing.T) {
	clock := &fleetClock{now: simStart}
	api := &apiBucket{r: 1e9, b: 1e9, tokens: 1e9, at: simStart}
	r := &fleetRun{n: 90, workers: 10, think: 125 * time.Millisecond}
	simulateFleet(clock, api, []*fleetRun{r})
	if got := r.end.Sub(simStart); got != r.own()-r.think/10 {
		t.Errorf("one run, no limit: %s, want its own time %s less the last worker's offset", got, r.own())
	}
	clock = &fleetClock{now: simStart}
	api = &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	runs := []*fleetRun{{n: 90, workers: 10, think: 125 * time.Millisecond}, {n: 90, workers: 10, think: 125 * time.Millisecond, start: time.Second}}
	simulateFleet(clock, api, runs)
	f := fleetOf(simStart, 20, runs)
	t.Log("plain retries:", f)
	if f.answered-f.refused != 180 || f.refused == 0 {
		t.Errorf("two runs of 90 under 20/s: %d got through, %d refused; want 180 and some refused", f.answered-f.refused, f.refused)
	}
	if f.elapsed < 8*time.Second {
		t.Errorf("180 requests at 20/s, burst 20, in %s: the bucket is not shared", f.elapsed)
	}
}
