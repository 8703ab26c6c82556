package emulator

import (
	"container/heap"
	"sync"
	"time"
)

// Clock is the emulator's time. A real clock follows the wall clock plus an
// offset that Advance moves forward; a manual clock stands still until
// Advance moves it. Everything time-based in the emulator (registration
// delays, expiry, callback retries) reads this clock, never time.Now.
type Clock struct {
	mu     sync.Mutex
	manual bool
	frozen time.Time
	offset time.Duration
	// onAdvance runs after every Advance (the scheduler hooks in here).
	onAdvance func()
}

// NewRealClock returns a clock that follows the wall clock.
func NewRealClock() *Clock { return &Clock{} }

// NewManualClock returns a clock standing at start until advanced.
func NewManualClock(start time.Time) *Clock {
	return &Clock{manual: true, frozen: start.UTC()}
}

// Now is the emulator's current time, in UTC.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.manual {
		return c.frozen
	}
	return time.Now().UTC().Add(c.offset)
}

// Advance moves the clock forward by d (negative d is ignored) and then runs
// whatever became due, before returning.
func (c *Clock) Advance(d time.Duration) time.Time {
	c.mu.Lock()
	if d > 0 {
		if c.manual {
			c.frozen = c.frozen.Add(d)
		} else {
			c.offset += d
		}
	}
	hook := c.onAdvance
	c.mu.Unlock()
	if hook != nil {
		hook()
	}
	return c.Now()
}

// Manual reports whether the clock only moves when advanced.
func (c *Clock) Manual() bool { return c.manual }

// scheduler runs jobs when the emulator's clock reaches their time: from a
// background goroutine that sleeps until the next job (real clock) or until
// woken, and synchronously inside Clock.Advance, so a test that advances the
// clock sees the effects as soon as Advance returns.
type scheduler struct {
	clock   *Clock
	mu      sync.Mutex
	jobs    jobHeap
	seq     uint64
	wake    chan struct{}
	stop    chan struct{}
	stopped sync.Once
	running sync.Mutex // one runDue at a time, so jobs run in order
	// afterJob runs after each job (the server saves its state file).
	afterJob func()
}

type job struct {
	at  time.Time
	seq uint64
	run func()
}

type jobHeap []job

func (h jobHeap) Len() int { return len(h) }
func (h jobHeap) Less(i, j int) bool {
	if h[i].at.Equal(h[j].at) {
		return h[i].seq < h[j].seq
	}
	return h[i].at.Before(h[j].at)
}
func (h jobHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *jobHeap) Push(x any) {
	if j, ok := x.(job); ok {
		*h = append(*h, j)
	}
}
func (h *jobHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

func newScheduler(clock *Clock) *scheduler {
	s := &scheduler{clock: clock, wake: make(chan struct{}, 1), stop: make(chan struct{})}
	go s.loop()
	return s
}

// At schedules fn to run once the clock reaches t.
func (s *scheduler) At(t time.Time, fn func()) {
	s.mu.Lock()
	s.seq++
	heap.Push(&s.jobs, job{at: t, seq: s.seq, run: fn})
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// After schedules fn to run d after the clock's now.
func (s *scheduler) After(d time.Duration, fn func()) { s.At(s.clock.Now().Add(d), fn) }

// Pending is the number of jobs not yet run.
func (s *scheduler) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.jobs)
}

// hasDue reports whether a job is due on the clock.
func (s *scheduler) hasDue() bool {
	now := s.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.jobs) > 0 && !s.jobs[0].at.After(now)
}

// clear drops every pending job (reset).
func (s *scheduler) clear() {
	s.mu.Lock()
	s.jobs = nil
	s.mu.Unlock()
}

func (s *scheduler) runDue() {
	s.running.Lock()
	defer s.running.Unlock()
	for {
		now := s.clock.Now()
		s.mu.Lock()
		if len(s.jobs) == 0 || s.jobs[0].at.After(now) {
			s.mu.Unlock()
			return
		}
		j, _ := heap.Pop(&s.jobs).(job)
		s.mu.Unlock()
		j.run()
		if s.afterJob != nil {
			s.afterJob()
		}
	}
}

func (s *scheduler) loop() {
	for {
		var timer <-chan time.Time
		var t *time.Timer
		s.mu.Lock()
		if len(s.jobs) > 0 && !s.clock.Manual() {
			d := s.jobs[0].at.Sub(s.clock.Now())
			t = time.NewTimer(max(d, 0))
			timer = t.C
		}
		s.mu.Unlock()
		select {
		case <-s.stop:
			if t != nil {
				t.Stop()
			}
			return
		case <-s.wake:
		case <-timer:
		}
		if t != nil {
			t.Stop()
		}
		s.runDue()
	}
}

func (s *scheduler) close() { s.stopped.Do(func() { close(s.stop) }) }
