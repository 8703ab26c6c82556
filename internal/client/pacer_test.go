package client

import (
	"container/heap"
	"context"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The pacers of the tests draw their jitter from a fixed seed, so that each
// run of a test is the same; the fleet's give each pacer its own.
func init() {
	pacerRand = func() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }
}

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
// after it rises again, the probe finds the new limit. At the lower limit
// the pace saws between it and pacerDecrease of it, refused about once a
// second or two: the probe's increase is absolute (the same for every
// process sharing the account, so their shares converge), which is steep
// for a limit of 5/s. The old probe, proportional to the pace, was refused
// less often there (at most 10 of the 150 requests) but kept shared
// accounts unfair.
func TestPacerFollowsTheLimitDownAndProbesBackUp(t *testing.T) {
	clock := &fakeClock{now: simStart}
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	pc := newPacer(clock, true, 0)
	simulate(clock, pc, api, 300, 10, 10*time.Millisecond)

	api.r = 5 // a neighbour now shares the account's limit
	// Follow it down: the refusals until the pace is first under 6/s.
	following := 0
	for pc.pace() > 6 && following <= 10 {
		tk, _ := pc.wait(context.Background())
		status, retryAfter := api.take(clock.now)
		pc.done(context.Background(), tk, status, retryAfter)
		if status == http.StatusTooManyRequests {
			following++
		}
		clock.now = clock.now.Add(10 * time.Millisecond)
	}
	if following > 10 {
		t.Errorf("limit lowered to 5/s, pace still %.2f/s after %d refusals: the pacer does not slow down", pc.pace(), following)
	}
	down := simulate(clock, pc, api, 150, 10, 10*time.Millisecond)
	t.Logf("down to 5/s: %d refusals to follow, then 150 requests in %.2fs with %d refused, pace %.2f/s", following, down.elapsed.Seconds(), down.throttled, pc.pace())
	if ratio := down.elapsed.Seconds() / (150 / 5.0); ratio > 1.05 {
		t.Errorf("150 requests at 5/s took %.2fs, %.2fx of N/R: the pacer is slower than the limit", down.elapsed.Seconds(), ratio)
	}
	if share := float64(down.throttled) / float64(down.answered); share > 0.25 {
		t.Errorf("%d of %d requests refused at 5/s, want at most a quarter: the pacer does not keep to the limit", down.throttled, down.answered)
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

// A plan in a new provider process sends its ~35 requests (ten reads, then
// the pages of one listing, eight at a time) all at once. Knowing nothing,
// the pacer lets the API refuse some; starting from what the apply's
// process remembered, none is refused and the API's burst is used.
func TestPacerRemembersThePaceForTheNextProcess(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pace.json")
	clock := &fakeClock{now: simStart}
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: simStart}
	apply := newPacer(clock, true, 0)
	apply.memory = file
	simulate(clock, apply, api, 500, 10, 125*time.Millisecond)
	m, ok := recallPace(file, clock.now)
	if !ok {
		t.Fatal("the apply's pacer learned the limit but remembered nothing")
	}
	t.Logf("remembered: %.2f requests/s, burst %d", m.Rate, m.Burst)
	if m.Rate < 17 || m.Rate > 22 || m.Burst < 10 || m.Burst > 20 {
		t.Errorf("remembered %.2f/s burst %d, want about the API's 20/s and at most its burst of 20", m.Rate, m.Burst)
	}

	plan := func(seed bool) simResult {
		clock := &fakeClock{now: simStart.Add(time.Minute)}
		api := &apiBucket{r: 20, b: 20, tokens: 20, at: clock.now}
		pc := newPacer(clock, true, 0)
		if seed {
			m, ok := recallPace(file, clock.now)
			if !ok {
				t.Fatal("a pace remembered a minute ago was not recalled")
			}
			pc.seed(m)
		}
		return simulate(clock, pc, api, 35, 18, 0)
	}
	fresh, seeded := plan(false), plan(true)
	t.Logf("plan of 35 requests: knowing nothing %d refused in %.2fs; remembered pace %d refused in %.2fs",
		fresh.throttled, fresh.elapsed.Seconds(), seeded.throttled, seeded.elapsed.Seconds())
	if fresh.throttled == 0 {
		t.Error("the fresh pacer was refused nothing: the simulation does not show what memory saves")
	}
	if seeded.throttled != 0 {
		t.Errorf("starting from the remembered pace, %d of %d requests were refused, want none", seeded.throttled, seeded.answered)
	}
	// The floor of 35 requests is 35/R = 1.75 s paced one by one; with the
	// API's burst, (35 - 20)/R = 0.75 s.
	if s := seeded.elapsed.Seconds(); s > 35.0/20 {
		t.Errorf("35 requests took %.2fs from the remembered pace, more than 35/R: the burst is not used", s)
	}

	if _, ok := recallPace(file, clock.now.Add(PaceMemoryMaxAge+time.Second)); ok {
		t.Error("a pace older than PaceMemoryMaxAge was recalled")
	}
	if err := os.WriteFile(file, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := recallPace(file, clock.now); ok {
		t.Error("a corrupt pace file was recalled")
	}
}

// pacerFor starts a new account's pacer from the memory of its base URL and
// account only, and only when learning.
func TestPacerForRecallsOnlyItsAccount(t *testing.T) {
	dir := t.TempDir()
	RememberPacesIn(dir)
	t.Cleanup(func() { RememberPacesIn("") })
	base := "http://127.0.0.1:1/" + t.Name()
	file := paceMemoryFile(base, "MAAAAAAAAAAAAAAAAAA1")
	rememberPace(context.Background(), file, rememberedPace{Rate: 7, Burst: 3, LearnedAt: time.Now()})
	if got := pacerFor(base, "MAAAAAAAAAAAAAAAAAA1", true, 0).pace(); got < 6.9 || got > 8 {
		t.Errorf("pace %.2f/s, want the remembered 7/s", got)
	}
	if got := pacerFor(base, "MAAAAAAAAAAAAAAAAAA2", true, 0).pace(); !math.IsInf(got, 1) {
		t.Errorf("another account starts at %.2f/s, want no limit", got)
	}
	if got := pacerFor(base+"/plain", "MAAAAAAAAAAAAAAAAAA1", false, 0).pace(); !math.IsInf(got, 1) {
		t.Errorf("plain retries start at %.2f/s, want no limit", got)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if strings.Contains(string(data), "MAAAAAAAAAAAAAAAAAA1") || strings.Contains(e.Name(), "MAAAA") {
			t.Errorf("%s names the account: %s", e.Name(), data)
		}
	}
}

// A remembered pace counts from the process's first request: the seconds
// Terraform takes to start walking must not read as a slow API when the
// probe is next refused, neither in the pace, which the refusal cuts from
// the pace in force, nor in what the process remembers.
func TestPacerSeededPaceIgnoresTheIdleStart(t *testing.T) {
	clock := &fakeClock{now: simStart}
	pc := newPacer(clock, true, 0)
	pc.memory = filepath.Join(t.TempDir(), "pace.json")
	pc.seed(rememberedPace{Rate: 19.4, Burst: 16, LearnedAt: simStart})
	clock.now = clock.now.Add(5 * time.Second) // Terraform starting up
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: clock.now}
	// Run until the probe is refused once, then look at what was learned.
	for i := 0; i < 2000; i++ {
		tk, _ := pc.wait(context.Background())
		status, retryAfter := api.take(clock.now)
		pc.done(context.Background(), tk, status, retryAfter)
		if status == http.StatusTooManyRequests {
			break
		}
	}
	if pace := pc.pace(); pace < pacerDecrease*19 {
		t.Errorf("after the first refusal the pace is %.2f/s, want at least %.2f of the API's 20/s: the idle start was counted", pace, pacerDecrease)
	}
	if m, ok := recallPace(pc.memory, clock.now); !ok || m.Rate < 18 {
		t.Errorf("after the first refusal %.2f/s is remembered, want about the API's 20/s: the idle start was counted", m.Rate)
	}
}

// A seeded process starts with its bucket full, as the API's is: the
// requests the two buckets let through at once before the probe is first
// refused are the API's burst, not its rate, and neither the pace set at
// that refusal nor what the process remembers may count them (it did: 22/s
// against an API of 20/s, refused again within a second and cut to 14/s).
func TestPacerSeededFirstRefusalDiscountsTheFullBucket(t *testing.T) {
	clock := &fakeClock{now: simStart}
	pc := newPacer(clock, true, 0)
	pc.memory = filepath.Join(t.TempDir(), "pace.json")
	pc.seed(rememberedPace{Rate: 19.4, Burst: 14, LearnedAt: simStart})
	api := &apiBucket{r: 20, b: 20, tokens: 20, at: clock.now}
	think := 12 * time.Millisecond // Terraform's own time per delete, 10 workers
	ws := make(workers, 0, 10)
	for i := range 10 {
		ws = append(ws, &worker{ready: clock.now.Add(time.Duration(i) * think / 10)})
	}
	heap.Init(&ws)
	refused := false
	for i := 0; i < 5000 && !refused; i++ {
		w := ws[0]
		if clock.now.Before(w.ready) {
			clock.now = w.ready
		}
		tk, _ := pc.wait(context.Background())
		status, retryAfter := api.take(clock.now)
		pc.done(context.Background(), tk, status, retryAfter)
		refused = status == http.StatusTooManyRequests
		w.ready = clock.now.Add(think)
		heap.Fix(&ws, 0)
	}
	if !refused {
		t.Fatal("the probe was never refused: the test does not reach the first event")
	}
	pace := pc.pace()
	m, _ := recallPace(pc.memory, clock.now)
	t.Logf("pace after the first refusal: %.2f/s; remembered %.2f/s", pace, m.Rate)
	if pace > 20 || pace < pacerDecrease*pacerMargin*20 {
		t.Errorf("after the first refusal of a seeded process the pace is %.2f/s, want at most the API's 20/s and at least %.2f of it", pace, pacerDecrease*pacerMargin)
	}
	if m.Rate > 20 || m.Rate < 18 {
		t.Errorf("after the first refusal of a seeded process %.2f/s is remembered, want at most the API's 20/s and at least 18/s", m.Rate)
	}
	// And it holds: the next 500 requests go at about the API's rate.
	const n = 500
	res := simulate(clock, pc, api, n, 10, think)
	if ratio := res.elapsed.Seconds() / (n / 20.0); ratio > 1.03 {
		t.Errorf("%d requests after the first refusal took %.2fs, %.3fx of N/R (%d refused); want within 1.03x", n, res.elapsed.Seconds(), ratio, res.throttled)
	}
}
