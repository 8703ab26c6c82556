package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
	"golang.org/x/time/rate"
)

// The pacer keeps the requests of one account, from every resource and
// worker of a provider process, under the API's rate limit, so that a
// -parallelism=10 apply does not stampede into 429s; and, since teams run
// several states at once against one account (parallel CI runners: separate
// provider processes that share nothing but the account), it shares the
// limit fairly with the other processes without knowing they exist.
//
// It starts unrestricted (or at max_requests_per_second). The API's 429s
// are all it learns from: an API that refuses a request has an empty
// bucket. In detail:
//   - the first 429 (a "throttle event") holds every request of the process
//     for its Retry-After: nothing is known of the rate yet, so nothing is
//     sent before the API asked. After the hold, requests go at a
//     provisional pace, restartPace whatever got through before the
//     refusal, that triples each second until the next refusal; that
//     refusal sets the pace from what got through since the first (answers
//     over seconds, or what some stretch of them proves: its answers less
//     a full bucket, over its length: windowRate), at least the ramp's pace
//     of a second before. Every process restarts from the same pace:
//     processes started a moment apart meet the limit within a second of
//     each other and, ramping in step, reach it with about equal shares.
//     (A provisional pace of what got through before the refusal, as the
//     pacer once set, rewarded the process that started first and took
//     the API's whole burst: four runs started a quarter of a second apart
//     took from 1.2 to 2.3 times as long as each other, the first running
//     at about twice the others' pace until it finished);
//   - from then on the pace is AIMD, the rule under which senders that
//     share a limit and only see their own refusals converge to equal
//     shares: each later event cuts the pace in force by pacerDecrease
//     (the multiplicative decrease), and between events the pace grows by
//     probeSlope requests/s each second (the additive increase, the same
//     for every process whatever its pace). A process twice as fast as
//     another is refused about twice as often, so cut more often, while
//     both gain the same: their paces draw together. (Setting the pace to
//     what got through, and probing in proportion to it, as the pacer
//     once did, kept any ratio between shares: runs of equal work took 2
//     to 7 times as long as each other.) After probeLinearFor without a
//     refusal, the others having stopped or the limit having been raised,
//     the pace grows by probeGrowth a second, so that a process left alone
//     takes the whole limit within seconds;
//   - alone, the cut costs little: while the pace is under the API's rate
//     the API's bucket fills, and the probe spends it on its way back up;
//   - a waiting request holds no slot: it sleeps until the pacer's bucket
//     holds a token and asks again, so a pace changed meanwhile (cut at an
//     event, raised by the probe) applies to it at once;
//   - after an event the pacer's bucket starts empty but for a random part
//     of a token: processes refused at the same moment, with the same pace,
//     would otherwise send at the same moment again, one of them let
//     through and the others refused and cut, in step, run after run;
//   - a refused request is retried after its own Retry-After (the
//     transport does that); the other requests of the process wait for the
//     pacer only, which after the first event knows the rate: a token comes
//     within one interval of the new pace, well before the whole second a
//     Retry-After rounds up to;
//   - a 429 answering a request sent before the current event began is the
//     same event seen late, and teaches nothing new;
//   - a 429 that says "Retry-After: 0" asks for no wait and teaches nothing
//     (the emulator's injected faults send it), it is only retried;
//   - the pacer's bucket mirrors the API's: from the first two events it
//     also estimates the API's burst (what the API let through before its
//     first refusal, less what it refilled meanwhile), so that after a quiet
//     moment requests go out at once, as the API allows, not one per
//     interval; a refusal while the mirror held tokens (someone else spent
//     the API's) ends the bursts;
//   - what got through per second since the pace was first measured (the
//     process's share over its run: rememberedRate), and a burst in
//     proportion to it (rememberedBurst), are remembered for the
//     next provider process (see pace_memory.go): Terraform starts the
//     provider afresh for each command, and a plan, whose few requests all
//     leave at once, would otherwise be refused before it knows anything.
//     A remembered pace is confirmed: the next process probes up from it as
//     after any event, so a share learned among others holds a later
//     command back for a few seconds at most.
//
// Every attempt, retries included, waits for the pacer, so all workers slow
// down together. The pacer lives for the process and is shared by every
// Client of the same base URL and account (see pacerFor).
type pacer struct {
	mu    sync.Mutex
	clock pacerClock
	lim   *rate.Limiter
	// provisional: the pace is the first hold's guess, not a measurement.
	provisional bool
	learn       bool
	maxRPS      float64 // max_requests_per_second; 0: none

	hold     time.Time // no request is sent before this
	eventAt  time.Time // start of the last throttle event; zero: none yet
	paceFrom time.Time // t = 0 of the pace's curve (paceAt): eventAt, or the end of the first hold
	accepted int       // answers other than 429 to requests sent since eventAt
	// acceptedAt are the send times of those answers (the latest
	// maxAcceptedKept), for windowRate.
	acceptedAt []time.Time
	// apiBurst bounds the API's burst from above (0: unknown), for
	// windowRate: what was sent before the first refusal, at firstEventAt,
	// and got through.
	apiBurst     float64
	firstEventAt time.Time
	learned      float64 // pace set at the last event; 0: not learned yet
	seeded       bool    // learned was remembered from an earlier process
	// fullAtStart: the process was seeded with a full bucket, as the API's
	// is after Terraform started it, and no event has happened since: what
	// got through until the first refusal includes both bursts.
	fullAtStart bool
	// confirmed is false while the pace rests on the first hold's guess,
	// which is low when the API's burst is smaller than what it refills in
	// a Retry-After (or when other processes share it): the pace then
	// triples each second until the next refusal, which bounds the limit
	// from above. From then on each refusal cuts the pace by pacerDecrease.
	confirmed bool

	// burst is the pacer's bucket size, the API's burst as estimated (1
	// until known). firstSent, firstAccepted and firstSpan describe the
	// start of the process up to the first event, from which the second
	// event estimates the burst (estimateBurst).
	burst         int
	firstSent     time.Time
	firstAccepted int
	firstSpan     time.Duration
	estimateBurst bool
	// memory is the file that remembers the pace for the next process ("":
	// none); see pace_memory.go.
	memory string
	// sharedFrom is the first event after which the pace was a measured
	// one (zero: none yet), and sharedOK the answers other than 429 since:
	// the process's own share of the API, over the whole run, which is
	// what it remembers (rememberedRate).
	sharedFrom time.Time
	sharedOK   int
	// rng draws the jitter after an event (see record).
	rng *rand.Rand
}

// pacerRand makes each pacer's source of jitter: seeded at random, so that
// the processes sharing an account draw apart. Tests replace it.
var pacerRand = func() *rand.Rand { return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())) }

// Tuning of the pacer.
const (
	// MinLearnedRate is the slowest pace learning can set, requests/s.
	MinLearnedRate = 0.5
	// pacerMargin: the pace starts this much under the rate measured, so
	// the API's bucket, empty at the refusal, gains a few tokens of margin
	// against jitter before the probe passes the limit.
	pacerMargin = 0.97
	// pacerDecrease is the share of the pace in force that a refusal
	// leaves: the multiplicative decrease. Every process sharing the
	// account cuts by the same share, the faster ones more often (they are
	// refused more often), so shares converge; the API's bucket, refilling
	// while the pace is under its rate, banks most of what the cut leaves
	// unused.
	pacerDecrease = 0.7
	// probeSlope is the additive increase after an event, requests/s
	// gained per second, the same for every process whatever its pace: a
	// probe in proportion to the pace would keep the shares' ratio. After
	// probeLinearFor without a refusal (the others sharing the limit have
	// stopped, or it was raised), the pace grows probeGrowth a second.
	// Being absolute, the slope is steep for a small limit: alone at 5/s
	// the pacer is refused about once a second or two (a request's worth
	// of a worker's time each), at 20/s once in a few seconds.
	probeSlope     = 2.0
	probeLinearFor = 5 * time.Second
	probeGrowth    = 1.5
	// minMeasureWindow is the shortest time a rate is measured over.
	minMeasureWindow = time.Second
	// restartPace is the provisional pace, requests/s, every process
	// restarts from after its first hold, and rampPerSecond the growth of
	// an unconfirmed pace: from 4/s, 12 a second later, 36 two seconds
	// later.
	restartPace   = 4.0
	rampPerSecond = 3.0
	// defaultRetryAfter is assumed for a 429 without a Retry-After.
	defaultRetryAfter = time.Second
	// burstMargin: the pacer's burst is this share of the API's as
	// estimated, against the estimate's noise.
	burstMargin = 0.8
	// maxAcceptedKept bounds the send times windowRate looks at.
	maxAcceptedKept = 1024
)

// windowRate is the highest rate the API must have refilled at to let
// through the requests sent at times (ascending, all answered other than
// 429), with a bucket of at most burst: in any stretch of at least
// minMeasureWindow, the requests less burst over its length. 0 when burst
// is unknown (0) or no stretch is long enough.
func windowRate(times []time.Time, burst float64) float64 {
	if burst <= 0 {
		return 0
	}
	best := 0.0
	for i := range times {
		for j := 0; j < i; j++ {
			span := times[i].Sub(times[j])
			if span < minMeasureWindow {
				break
			}
			best = math.Max(best, (float64(i-j+1)-burst)/span.Seconds())
		}
	}
	return best
}

// burstRate is the rate the API's burst is estimated with: what the answers
// measured, when they measured anything, not a ramp's guess above it, which
// would make the burst (what got through less what was refilled) too small.
func burstRate(measured, seen float64) float64 {
	if measured > 0 {
		return measured
	}
	return seen
}

// pacerClock is time for the pacer; tests drive a fake one.
type pacerClock interface {
	Now() time.Time
	// Sleep waits d or until ctx is done.
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }
func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func newPacer(clock pacerClock, learn bool, maxRPS float64) *pacer {
	p := &pacer{clock: clock, learn: learn, maxRPS: maxRPS, burst: 1, rng: pacerRand()}
	p.lim = rate.NewLimiter(rate.Inf, 1)
	p.lim.SetLimitAt(clock.Now(), p.paceAt(clock.Now()))
	return p
}

// errNotSent wraps the reason a request was never sent (its context ended
// while it waited for the pacer): the API saw nothing, so even a create may
// be retried.
var errNotSent = errors.New("request not sent: cancelled while waiting for the rate limit")

// errInterruptedNotSent is why a request that changes something was not
// sent: the run was interrupted before it went out.
var errInterruptedNotSent = fmt.Errorf("%w (the run was interrupted before it went out)", errNotSent)

// ticket is one attempt let through by the pacer.
type ticket struct{ sentAt time.Time }

// paceAt is the pace at now, requests/s (rate.Inf: none). Callers hold mu.
func (p *pacer) paceAt(now time.Time) rate.Limit {
	pace := rate.Inf
	if p.learned > 0 {
		t := max(0, now.Sub(p.paceFrom).Seconds())
		var r float64
		if p.confirmed {
			lin := probeLinearFor.Seconds()
			r = p.learned + probeSlope*min(t, lin)
			if t > lin {
				r *= math.Pow(probeGrowth, t-lin)
			}
		} else {
			r = p.learned * math.Pow(rampPerSecond, t)
		}
		if r < 1e6 {
			pace = rate.Limit(r)
		}
	}
	if p.maxRPS > 0 && (pace == rate.Inf || float64(pace) > p.maxRPS) {
		pace = rate.Limit(p.maxRPS)
	}
	return pace
}

// wait blocks until the pacer lets one more request go, then returns its
// ticket. A waiting request reserves no slot: it sleeps until the pacer's
// bucket next holds a token and asks again, so a pace raised meanwhile (a
// probe, a ramp) or lowered (an event) applies to it at once.
func (p *pacer) wait(ctx context.Context) (ticket, error) {
	for {
		p.mu.Lock()
		now := p.clock.Now()
		if p.firstSent.IsZero() {
			p.firstSent = now
			if p.seeded {
				// A remembered pace counts from the first request, not
				// from the process start: the time Terraform took to start
				// walking would read as a slow API at the next event.
				p.eventAt, p.paceFrom = now, now
			}
		}
		var d time.Duration
		if now.Before(p.hold) {
			d = p.hold.Sub(now)
		} else {
			p.lim.SetLimitAt(now, p.paceAt(now))
			if p.lim.AllowN(now, 1) {
				p.mu.Unlock()
				return ticket{sentAt: now}, nil
			}
			// Until the bucket holds a whole token, at the pace in force.
			d = time.Duration((1 - p.lim.TokensAt(now)) / float64(p.lim.Limit()) * float64(time.Second))
			d = max(d, time.Millisecond)
		}
		p.mu.Unlock()
		if err := p.clock.Sleep(ctx, d); err != nil {
			return ticket{}, errors.Join(errNotSent, err)
		}
	}
}

// done records the answer to the attempt of t: status 0 when none came.
func (p *pacer) done(ctx context.Context, t ticket, status int, retryAfter string) {
	if !p.learn || status == 0 {
		return
	}
	if learned, ok := p.record(ctx, t, status, retryAfter); ok && p.memory != "" {
		// Outside the lock: a file write; events are a few per run.
		rememberPace(ctx, p.memory, learned)
	}
}

// record is done under the lock; it returns what was learned when a 429
// taught something new.
func (p *pacer) record(ctx context.Context, t ticket, status int, retryAfter string) (rememberedPace, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	// A seeded process's eventAt is its first request, which is no event:
	// its answer counts.
	sameEvent := !p.fullAtStart && !p.eventAt.IsZero() && !t.sentAt.After(p.eventAt)
	if status != http.StatusTooManyRequests {
		if !p.sharedFrom.IsZero() {
			p.sharedOK++
		}
		if p.apiBurst > 0 && !p.seeded && !t.sentAt.After(p.firstEventAt) {
			// Sent before the first refusal, answered after it: the API let
			// it through from its first bucket too.
			p.apiBurst++
		}
		if !sameEvent {
			p.accepted++
		}
		// Send times matter only from the first refusal on (windowRate);
		// a workload that never meets the limit keeps none.
		if !sameEvent && !p.eventAt.IsZero() {
			if len(p.acceptedAt) == maxAcceptedKept {
				p.acceptedAt = append(p.acceptedAt[:0], p.acceptedAt[maxAcceptedKept/2:]...)
			}
			p.acceptedAt = append(p.acceptedAt, t.sentAt)
		}
		return rememberedPace{}, false
	}
	wait, ok := parseRetryAfter(retryAfter)
	if !ok {
		wait = defaultRetryAfter
	}
	if wait == 0 || sameEvent {
		return rememberedPace{}, false
	}
	now := p.clock.Now()
	if p.eventAt.IsZero() {
		// First refusal: nothing is known of the rate yet. Everyone waits
		// what the API asks, then the answers until the next refusal
		// measure it. What got through until now, less what the API
		// refilled meanwhile, is its burst, once the rate is known.
		hold := min(wait, MaxRetryAfter)
		p.hold = now.Add(hold)
		p.firstAccepted, p.firstSpan, p.estimateBurst = p.accepted, now.Sub(p.firstSent), true
		p.eventAt, p.accepted, p.acceptedAt = now, 0, p.acceptedAt[:0]
		p.apiBurst, p.firstEventAt = float64(p.firstAccepted), now
		// After the hold, not all at once (every request in flight when
		// the API's bucket runs dry again is refused): a provisional,
		// unconfirmed pace, the same for every process, which ramps up
		// from the hold's end until the next refusal measures the rate.
		p.learned = restartPace
		p.paceFrom, p.provisional = p.hold, true
		p.lim.SetLimitAt(now, p.paceAt(now))
		p.lim.SetBurstAt(now, 1)
		tflog.Debug(ctx, "CPaaS API rate limit: first 429, every request waits its Retry-After", map[string]any{"retry_after_seconds": wait.Seconds()})
		return rememberedPace{}, false
	}
	// Refused while the pacer's bucket held tokens: its mirror of the API's
	// bucket is too generous (the burst is smaller, or someone else spends
	// it): no more bursts.
	mirrorHadTokens := p.lim.TokensAt(now) >= 1
	cur := p.paceAt(now)
	// got is what got through since the last event, per second: about the
	// API's rate for a process alone, its share when others spend the
	// same bucket. It is what the next process starts from.
	since := max(now.Sub(p.eventAt).Seconds(), minMeasureWindow.Seconds())
	through := float64(p.accepted)
	if p.fullAtStart {
		// The first refusal of a seeded process: the API's bucket was
		// full at the start and is empty now, so a burst of what got
		// through is not its rate. The API's burst as estimated is the
		// pacer's over burstMargin. At least the remembered pace less the
		// decrease, should the estimate be far too large.
		through = math.Max(through-float64(p.burst)/burstMargin, p.learned*pacerDecrease*since)
	}
	got := through / since
	// measured is what the answers prove the API's rate is at least;
	// seen is what an unconfirmed pace is set from.
	var measured, seen float64
	if p.confirmed && cur != rate.Inf {
		// The pace in force was refused: the multiplicative decrease.
		p.learned = max(float64(cur)*pacerDecrease, MinLearnedRate)
	} else {
		measured, seen = p.measure(now, cur, got)
		p.learned = max(seen*pacerMargin, MinLearnedRate)
		p.confirmed, p.provisional = true, false
	}
	switch {
	case p.estimateBurst:
		p.estimateBurst = false
		b := float64(p.firstAccepted) - burstRate(measured, seen)*p.firstSpan.Seconds()
		p.burst = max(1, min(int(b*burstMargin), p.firstAccepted))
	case mirrorHadTokens:
		p.burst = 1
	}
	tflog.Debug(ctx, "CPaaS API rate limit: pace learned from a 429", map[string]any{
		"answered_since_last_429": p.accepted, "seconds_since_last_429": now.Sub(p.eventAt).Seconds(), "requests_per_second": p.learned,
		"burst": p.burst,
	})
	p.eventAt, p.paceFrom, p.accepted, p.acceptedAt = now, now, 0, p.acceptedAt[:0]
	p.fullAtStart = false
	// A new bucket at the new pace, empty as the API's is: the next
	// request waits one interval.
	// A random part of a token is left in it, so that processes refused
	// together (their state alike: the same pace, the same instant) do
	// not send together again, one of them let through and the others
	// refused and cut again, in step, until it ends.
	pace := p.paceAt(now)
	p.lim = rate.NewLimiter(pace, p.burst)
	from := now
	if pace != rate.Inf {
		from = now.Add(-time.Duration(p.rng.Float64() / float64(pace) * float64(time.Second)))
	}
	p.lim.ReserveN(from, p.burst)
	remembered := p.rememberedRate(now, cur, got)
	if p.sharedFrom.IsZero() {
		p.sharedFrom, p.sharedOK = now, 0
	}
	return rememberedPace{Rate: remembered, Burst: rememberedBurst(remembered, p.burst), LearnedAt: now}, true
}

// rememberedRate is the pace the next process starts from, learned at an
// event at now: what got through per second since the pace was first
// measured (sharedFrom), less pacerMargin. A process that shares the API
// with others remembers its share over its whole run, which is much the
// same for every run of a fleet sharing fairly; what got through between
// the last two events alone, or the pace the last cut left, swings with
// the AIMD's saw-tooth and with who was refused last: in the fleet
// simulation the runs of four states applied at once remembered from 2.4
// to 7.4 requests/s, and the bench's next plan, a few seconds each, took
// from 2.4 to 2.8 times as long as each other. Until the share has been
// measured for minMeasureWindow: the pace set at this event, or what got
// through since the last one if more. Callers hold mu.
func (p *pacer) rememberedRate(now time.Time, cur rate.Limit, got float64) float64 {
	if !p.sharedFrom.IsZero() {
		if secs := now.Sub(p.sharedFrom).Seconds(); secs >= minMeasureWindow.Seconds() {
			return max(float64(p.sharedOK)/secs*pacerMargin, MinLearnedRate)
		}
	}
	remembered := p.learned
	if cur != rate.Inf {
		remembered = max(remembered, min(got, float64(cur))*pacerMargin)
	}
	return remembered
}

// rememberedBurstSpan bounds the burst the next process starts with: at
// most what its remembered pace refills in this long. A share of the
// API's rate is a share of its bucket too. The first run of a fleet
// meets the API's bucket full and alone, so it learns the whole burst,
// while its pace settles at a share: remembered together, they let its
// next command spend the whole bucket at its start, ahead of the others
// starting with it (a plan of 18 requests then ended in a fifth of the
// others' time). Alone, the pace is the API's rate, and the burst of a
// bucket that holds a second of it or less is kept whole.
const rememberedBurstSpan = time.Second

// rememberedBurst is the burst remembered with rate: burst, at most what
// rate refills in rememberedBurstSpan, at least 1.
func rememberedBurst(rate float64, burst int) int {
	return max(1, min(burst, int(rate*rememberedBurstSpan.Seconds())))
}

// measure is the rate an unconfirmed (or unlimited) pace is set from at a
// refusal at now: measured, what the answers since the last event prove
// the API's rate is at least, and seen, that or the ramp's guess above it.
// got is what got through since the last event, per second. Callers hold
// mu.
func (p *pacer) measure(now time.Time, cur rate.Limit, got float64) (measured, seen float64) {
	measured = got
	if cur != rate.Inf {
		measured = math.Min(measured, float64(cur))
	}
	// What got through in any stretch since the last event bounds the
	// API's rate from below too: it cannot exceed a full bucket plus the
	// refill. This is the bound that counts after a ramp from a low first
	// measurement, whose whole window the API's bucket spent mostly full.
	measured = math.Max(measured, windowRate(p.acceptedAt, p.apiBurst))
	seen = measured
	if p.learned > 0 && !p.confirmed {
		// Refused while ramping up. The pace of a second ago got through;
		// it is a guess that can be too high when the API's bucket was
		// full as the ramp passed its rate (the overshoot then lasts
		// longer): the next refusal cuts it. A ramp that started from a
		// measured pace keeps at least that.
		guess := 0.0
		if now.Sub(p.paceFrom) >= time.Second {
			guess = float64(cur) / rampPerSecond
		}
		if !p.provisional {
			guess = math.Max(guess, p.learned/pacerMargin)
		}
		seen = math.Max(seen, guess)
	}
	return measured, seen
}

// seed starts the pacer from what an earlier process learned: the pace
// (confirmed, probing up from the first request) and the burst, with a
// full bucket: the API's has refilled while Terraform started this
// process.
func (p *pacer) seed(m rememberedPace) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	p.learned, p.confirmed, p.eventAt, p.paceFrom, p.accepted, p.seeded = m.Rate, true, now, now, 0, true
	p.fullAtStart = true
	p.burst = max(1, m.Burst)
	p.apiBurst = 0 // not known to bound the burst: no windowRate
	p.lim = rate.NewLimiter(p.paceAt(now), p.burst)
}

// pace reports the pace in force, requests/s (+Inf: none), for logs and tests.
func (p *pacer) pace() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r := p.paceAt(p.clock.Now()); r != rate.Inf {
		return float64(r)
	}
	return math.Inf(1)
}

// pacers holds one pacer per base URL and account for the whole process:
// the API limits an account, whichever provider block or resource calls.
var pacers = struct {
	sync.Mutex
	m map[string]*pacer
}{m: map[string]*pacer{}}

// pacerFor returns the process's pacer for baseURL and authID. maxRPS, when
// set, caps it; of several caps for one account the lowest holds.
func pacerFor(baseURL, authID string, learn bool, maxRPS float64) *pacer {
	pacers.Lock()
	defer pacers.Unlock()
	key := baseURL + "\x00" + authID
	p := pacers.m[key]
	if p == nil {
		p = newPacer(realClock{}, learn, maxRPS)
		if learn {
			if file := paceMemoryFile(baseURL, authID); file != "" {
				p.memory = file
				if m, ok := recallPace(file, time.Now()); ok {
					p.seed(m)
				}
			}
		}
		pacers.m[key] = p
		return p
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if maxRPS > 0 && (p.maxRPS == 0 || maxRPS < p.maxRPS) {
		p.maxRPS = maxRPS
	}
	p.learn = p.learn && learn
	return p
}

// pacedTransport makes every attempt wait for the pacer and reports its
// answer; it also bounds each attempt by the request timeout, which must
// not count the time spent waiting for the pacer.
type pacedTransport struct {
	pacer   *pacer
	timeout time.Duration
	next    http.RoundTripper // reads the whole reply (loggingTransport)
}

func (t *pacedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	tk, err := t.pacer.wait(req.Context())
	if err != nil {
		return nil, err
	}
	// A request that changes something (a create, a purchase, a send) is
	// never sent once its run was interrupted (Ctrl-C cancels the
	// context), and once sent it is never abandoned: an interrupt does not
	// cut it short, so its reply (the object it made) still reaches the
	// caller and the state; the request timeout alone bounds it.
	parent := req.Context()
	if idempotent, _ := parent.Value(idempotentKey{}).(bool); !idempotent {
		if err := parent.Err(); err != nil {
			t.pacer.done(parent, tk, 0, "")
			return nil, errors.Join(errInterruptedNotSent, err)
		}
		parent = context.WithoutCancel(parent)
	}
	ctx, cancel := context.WithTimeout(parent, t.timeout)
	defer cancel()
	resp, err := t.next.RoundTrip(req.WithContext(ctx))
	if err == nil {
		// The reply is read within the attempt's timeout, before its
		// context ends with this call: read later, it would fail
		// "context canceled" and its connection could not be kept.
		err = bufferBody(resp)
	}
	if err != nil {
		t.pacer.done(req.Context(), tk, 0, "")
		return nil, err
	}
	t.pacer.done(req.Context(), tk, resp.StatusCode, resp.Header.Get("Retry-After"))
	return resp, nil
}

// bufferBody reads resp's body (up to maxReplyBytes) into memory and
// closes it, leaving resp with the bytes read.
func bufferBody(resp *http.Response) error {
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	return err
}
