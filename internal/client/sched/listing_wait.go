package sched

import (
	"context"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// Waiting through listings: a waiter (a link waiting for the operators, a
// campaign waiting for the registry) reads its object from the listing
// that covers it, and every waiter of one Listing in a Client shares each
// read of that listing: N numbers of one campaign waiting at once cost one
// list call per round, not N GETs. The kind declares nothing more than its
// Listing (listing.go); its waiter calls Listing.Watch and hands Watch.Next
// to wait.For as the finder, with Paced set.
//
// Rounds. Each waiter is due on wait's schedule, counted from when it
// began (its first Next): its first read at once or, for a kind the
// service never settles at once (the first read after a link request is
// always PROCESSING; the Listing sets SettlesAfter), a step later, and
// once the service can have settled by what this client has seen it
// take (firstRead), then at the ages of a lone wait's
// reads (0, 100 ms, 250 ms, 475 ms ... up to wait.MaxDelay apart). A round
// of the Listing starts when its earliest waiter is due, but no sooner
// after the Listing's previous round than the step of the waiter served
// most (wait.Delay of its reads): a stream of new waiters, even one or two
// a parent at a time, does not poll faster than the oldest wait would
// alone. A round lists, at once, every parent with a waiter due within a
// quarter of its schedule's step by then (so waiters that began together, across
// parents, are read together and leave together), and answers every
// waiter of those parents. A waiter answered before it was due (it rode
// another's round) keeps its own schedule: a read it did not ask for
// never brings its next one closer. A round lists every object of each
// parent (listAll: the pages after the first concurrently).
//
// Learning with one parent. Until a Listing with SettlesAfter has seen
// the service take a while, the waiters of one parent (the probe: the
// first waiter's) read on the schedule above, and the waiters of other
// parents hold their first read to SettlesAfter and a tenth: one parent's
// reads learn for all, where each parent's early reads (each all
// PROCESSING) cost a list call a round. Once a probe's waiter has seen its
// object change, the held waiters read by what it learned; once the probe's
// waiters have all ended (Close) without seeing a change (one read found
// its object settled, or the waits were cancelled), the held waiters read
// at once. A waiter of such a Listing calls Close when its wait ends;
// one that does not only delays the held waiters to their cap.
//
// Waiting for company. For a Listing with Quorum, a parent's round waits
// until Quorum of its waiters are due (or all, when fewer wait), or its
// first due waiter has waited Patience: where Terraform starts the waits
// one at a time among other operations (a destroy's unlinks among its
// deletes), each list call then answers a few waits, not one or two. A
// due waiter held so is gathering (gathering.go): when every slot waits
// in some gathering, nothing more can come, and every parent with a due
// waiter is listed at once. The probe's parent (above) reads on its
// schedule.
//
// Freshness: a waiter is only ever served by a round that started after it
// asked (Next), so a round never hides a write the waiter made before
// waiting (the link request) or shows an earlier status.
//
// Absence: the rule of listing.go holds (absence from a list that pages
// by offset can come from concurrent deletes shifting the pages, so it is
// confirmed with Get, and only Get's ErrNotFound means gone), except for a
// listing that one call returns whole (Limit 0: a campaign's numbers):
// nothing can shift in it, so an object it lacks, in a round that started
// after the waiter asked, is gone, and Next returns ErrNotFound without a
// GET. A round whose listing failed (or exceeded RefreshListMaxPages)
// answers each of its waiters with Get.
//
// Timeouts and cancellation are the waiter's: Next returns when its ctx
// ends, leaving the waiters (the rounds then follow those left, or stop).

// Watch is one waiter's reads of one object from its Listing's shared
// rounds. Make one per wait (Listing.Watch); it is not safe for
// concurrent use.
type Watch[C Host, T any] struct {
	l          *Listing[C, T]
	c          C
	parent, id string
	// began is when the wait began (its first Next); its schedule counts
	// from it.
	began time.Time
	// served counts the rounds that answered this waiter; answeredAt is
	// the age (since began) at which the last of them started.
	served     int
	answeredAt time.Duration
	// due is when the waiter next wants a read, step how long after the
	// read before it on its schedule (both set by Next).
	due  time.Time
	step time.Duration
	// first is the age of its first read (set when it began); last is
	// its last answer, to see when the object changes.
	first time.Duration
	last  *watchAnswer[T]
	// held: its first read waits for the probe (see the top of this
	// file); probe: the probe it reads for (watchState.probes), 0 for
	// none; closed: Close ran.
	held, closed bool
	probe        int
	// entered: the waiter, due, waits for company and is counted as
	// gathering; leave stops counting it (nil once called).
	entered bool
	leave   func()
}

// Watch starts a wait on object id of parent ("" for a kind the account
// lists).
func (l *Listing[C, T]) Watch(c C, parent, id string) *Watch[C, T] {
	return &Watch[C, T]{l: l, c: c, parent: parent, id: id}
}

// watchKey keys a Listing's waiting state in the State.
type watchKey struct{ of any }

// watchState is a Listing's waiting state in one Client.
type watchState[C Host, T any] struct {
	mu sync.Mutex
	// waiting holds the waiters asking for a round, with where to answer.
	waiting map[*Watch[C, T]]chan watchAnswer[T]
	// running says the scheduler (schedule) runs; wake tells it the
	// waiters changed.
	running bool
	wake    chan struct{}
	// lastStart is when the last round started; step is its place on
	// wait's schedule: the most rounds a waiter in it had been served,
	// plus that one.
	lastStart time.Time
	step      int
	// settling is, for a Listing with SettlesAfter, the greatest age at
	// which a waiter whose object then changed still read it unchanged:
	// what this client has seen the service take (a read a waiter got
	// early, riding another's round, says less; firstRead caps it).
	settling time.Duration
	learned  bool
	// probing: the Listing has not learned, and probe is the parent
	// whose waiters read for it; probers counts those not yet closed;
	// probes numbers the probes, so that a waiter of an ended one is not
	// counted in the next.
	probing bool
	probe   string
	probers int
	probes  int
	// endAll: every slot waited in a gathering (gathering.go); the next
	// round lists every parent with a due waiter, Quorum or not.
	endAll bool
}

// firstRead is the age of a new waiter's first read: at once, or for a
// Listing with SettlesAfter, once the service can have settled: by what
// this client saw (half a step after the settling time seen), at
// most SettlesAfter and a tenth (the service's clock and ours differ by
// the request's flight and its timers' lateness). Until a wait has seen
// its object change, one step of wait's schedule (wait.FirstDelay) after
// it began: the read right after the request is never worth making.
// Called with mu held.
func (s *watchState[C, T]) firstRead(settlesAfter time.Duration) time.Duration {
	switch {
	case settlesAfter <= 0:
		return 0
	case !s.learned:
		return wait.FirstDelay
	}
	return min(settlesAfter+settlesAfter/10, max(s.settling*3/2, wait.FirstDelay))
}

// watchAnswer is one round's answer to one waiter.
type watchAnswer[T any] struct {
	obj   T
	found bool
	whole bool // the listing is one call and succeeded: absence means gone
	err   error
	start time.Time // when the round started
}

func (l *Listing[C, T]) watchState(c C) *watchState[C, T] {
	return clientState(c, watchKey{l}, func() *watchState[C, T] {
		return &watchState[C, T]{waiting: map[*Watch[C, T]]chan watchAnswer[T]{}, wake: make(chan struct{}, 1)}
	})
}

// nextAge is the age at which w next wants a read: SettlesAfter (or at
// once) for its first, then the first age of a lone wait's reads after
// its last answer; and the step of its schedule that leads to it.
func (w *Watch[C, T]) nextAge() (age, step time.Duration) {
	first := w.first
	if w.served == 0 || w.answeredAt < first {
		return first, first // a read before the first it asked for
	}
	for k := 1; ; k++ {
		age += wait.Delay(k)
		if age > first && age > w.answeredAt {
			return age, wait.Delay(k)
		}
	}
}

// Next waits for the next round of the listing (see the top of this file)
// that serves the waiter and returns the object: from the listing, or from
// Get when the listing failed or, paged, lacks it. ErrNotFound when it is
// gone.
func (w *Watch[C, T]) Next(ctx context.Context) (*T, error) {
	s := w.l.watchState(w.c)
	s.mu.Lock()
	if w.began.IsZero() {
		w.began, w.first = time.Now(), s.firstRead(w.l.SettlesAfter)
		if w.l.SettlesAfter > 0 && !s.learned {
			if !s.probing {
				s.probing, s.probe = true, w.parent
				s.probes++
			}
			if w.parent == s.probe {
				w.probe = s.probes
				s.probers++
			} else {
				w.held, w.first = true, w.l.SettlesAfter+w.l.SettlesAfter/10
			}
		}
	}
	age, step := w.nextAge()
	w.due, w.step = w.began.Add(age), step
	w.entered, w.leave = false, nil
	answer := make(chan watchAnswer[T], 1)
	s.waiting[w] = answer
	if !s.running {
		s.running = true
		// Detached from this waiter's cancellation: others wait on it.
		go w.l.schedule(context.WithoutCancel(ctx), w.c, s)
	}
	s.signal()
	s.mu.Unlock()

	var a watchAnswer[T]
	select {
	case a = <-answer:
	case <-ctx.Done():
		s.mu.Lock()
		leave := w.leave
		w.leave = nil
		if _, ok := s.waiting[w]; ok {
			delete(s.waiting, w)
			s.signal()
		}
		s.mu.Unlock()
		if leave != nil {
			leave()
		}
		return nil, ctx.Err()
	}
	if prev := w.last; prev != nil && w.l.SettlesAfter > 0 &&
		(prev.found != a.found || a.found && !reflect.DeepEqual(prev.obj, a.obj)) {
		// The object changed since the last answer: it was still
		// unchanged at that age.
		s.mu.Lock()
		if !s.learned || w.answeredAt > s.settling {
			s.settling, s.learned = w.answeredAt, true
		}
		s.release()
		s.mu.Unlock()
	}
	w.last = &a
	w.served++
	w.answeredAt = a.start.Sub(w.began)
	switch {
	case a.found:
		return &a.obj, nil
	case a.whole:
		return nil, w.c.Scheduler().NotFound(w.l.What + ": " + w.id + " is no longer listed")
	}
	return w.l.Get(w.c, ctx, w.parent, w.id)
}

// Close ends the wait. A wait of a Listing with SettlesAfter calls it
// (defer w.Close()) so that, when it was the probe's last, the waiters of
// other parents need not hold their first read (see the top of this file).
func (w *Watch[C, T]) Close() {
	s := w.l.watchState(w.c)
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.closed || !s.probing || w.probe != s.probes {
		w.closed = true
		return
	}
	w.closed = true
	s.probers--
	if w.served == 1 {
		// Settled at its first read, before the service was seen to
		// take any while: it can settle at once.
		s.settling, s.learned = 0, true
	}
	if s.learned || s.probers == 0 {
		s.release()
	}
}

// release ends the probe: the held waiters' first reads come by what the
// Listing has learned, or at once when it has not (the next waiter then
// probes). Called with mu held.
func (s *watchState[C, T]) release() {
	if !s.probing {
		return
	}
	s.probing, s.probers = false, 0
	for w := range s.waiting {
		// The held waiters, and those that began for the probe but have
		// not read yet: their first read by what was learned.
		if (w.held || w.probe != 0) && w.served == 0 {
			w.first = s.firstRead(w.l.SettlesAfter)
			w.due, w.step = w.began.Add(w.first), w.first
		}
		w.held = false
	}
	s.signal()
}

// signal wakes the scheduler. Called with mu held.
func (s *watchState[C, T]) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// schedule runs the Listing's rounds while waiters ask (see the top of
// this file), and ends when none is left.
func (l *Listing[C, T]) schedule(ctx context.Context, c C, s *watchState[C, T]) {
	for {
		s.mu.Lock()
		if len(s.waiting) == 0 {
			s.running = false
			s.mu.Unlock()
			return
		}
		byParent := map[string][]*Watch[C, T]{}
		for w := range s.waiting {
			byParent[w.parent] = append(byParent[w.parent], w)
		}
		var earliest time.Time
		for parent, ws := range byParent {
			slices.SortFunc(ws, func(a, b *Watch[C, T]) int { return a.due.Compare(b.due) })
			if at := s.readyAt(l, parent, ws); earliest.IsZero() || at.Before(earliest) {
				earliest = at
			}
		}
		// The bound follows the waiters due then, served most: one
		// waiting long and not yet due does not slow the others' rounds.
		most := 0
		for w := range s.waiting {
			if !w.due.After(earliest) {
				most = max(most, w.served)
			}
		}
		if !s.lastStart.IsZero() {
			if bound := s.lastStart.Add(wait.Delay(max(most, s.step))); bound.After(earliest) {
				earliest = bound
			}
		}
		now := time.Now()
		if d := earliest.Sub(now); d > 0 {
			held, next := s.heldForCompany(l, byParent, now)
			s.mu.Unlock()
			if len(held) > 0 {
				l.gather(c, s, held)
				continue // entering may have ended every gathering
			}
			if !next.IsZero() && next.Before(earliest) {
				d = next.Sub(now) // then it is held, and gathering
			}
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-s.wake:
				t.Stop()
			}
			continue
		}
		// The parents ready: with a waiter due within a quarter of its
		// step (and old enough to have settled), and for Quorum, enough
		// of them or one waiting long enough.
		parents := map[string]bool{}
		for parent, ws := range byParent {
			if s.ready(l, parent, ws, now) {
				parents[parent] = true
			}
		}
		if len(parents) == 0 {
			s.mu.Unlock()
			continue
		}
		if s.probing {
			// The held waiters' first reads learn nothing of the
			// service's time: the probe's waiters, read with them, do.
			parents[s.probe] = true
		}
		round := map[string]map[*Watch[C, T]]chan watchAnswer[T]{}
		var leaves []func()
		s.step = 0
		for w, answer := range s.waiting {
			if !w.due.After(now) {
				s.step = max(s.step, w.served+1)
			}
			if parents[w.parent] {
				if round[w.parent] == nil {
					round[w.parent] = map[*Watch[C, T]]chan watchAnswer[T]{}
				}
				round[w.parent][w] = answer
				delete(s.waiting, w)
				if w.leave != nil {
					leaves = append(leaves, w.leave)
					w.leave = nil
				}
			}
		}
		s.lastStart, s.endAll = now, false
		s.mu.Unlock()
		for _, leave := range leaves {
			leave()
		}
		for parent, waiters := range round {
			go l.runRound(ctx, c, parent, now, waiters)
		}
	}
}

// quorum says whether parent's round waits for Quorum of its waiters.
// Called with mu held.
func (s *watchState[C, T]) quorum(l *Listing[C, T], parent string) bool {
	return l.Quorum > 1 && !s.endAll && !(s.probing && parent == s.probe)
}

// readyAt is when parent's waiters ws, by due time, want a round: when
// the first is due, or for Quorum, when Quorum are (or all, when fewer
// wait) or the first has waited Patience. Called with mu held.
func (s *watchState[C, T]) readyAt(l *Listing[C, T], parent string, ws []*Watch[C, T]) time.Time {
	at := ws[0].due
	if !s.quorum(l, parent) {
		return at
	}
	quorate := ws[min(l.Quorum, len(ws))-1].due
	if patient := at.Add(l.Patience); patient.Before(quorate) {
		return patient
	}
	return quorate
}

// ready says whether parent's round is due at now. Called with mu held.
func (s *watchState[C, T]) ready(l *Listing[C, T], parent string, ws []*Watch[C, T], now time.Time) bool {
	due := 0
	for _, w := range ws {
		if w.due.Sub(now) <= w.step/4 && now.Sub(w.began) >= w.first*10/11 {
			due++
		}
	}
	if !s.quorum(l, parent) {
		return due > 0
	}
	return due >= min(l.Quorum, len(ws)) || !ws[0].due.Add(l.Patience).After(now)
}

// heldForCompany marks and returns the waiters due but held for their
// parent's Quorum, not yet counted as gathering, and when the next one
// not yet due will be (zero: none). Called with mu held.
func (s *watchState[C, T]) heldForCompany(l *Listing[C, T], byParent map[string][]*Watch[C, T], now time.Time) (held []*Watch[C, T], next time.Time) {
	for parent, ws := range byParent {
		if !s.quorum(l, parent) {
			continue
		}
		for _, w := range ws {
			switch {
			case w.entered:
			case !w.due.After(now):
				w.entered = true
				held = append(held, w)
			case next.IsZero() || w.due.Before(next):
				next = w.due
			}
		}
	}
	return held, next
}

// gather counts the waiters held for company as gathering (gathering.go):
// when every slot gathers, the next round lists every parent with a due
// waiter. Called without mu.
func (l *Listing[C, T]) gather(c C, s *watchState[C, T], held []*Watch[C, T]) {
	g := gatheringsOf(c)
	for _, w := range held {
		left := g.enter(s, func(int) {
			s.mu.Lock()
			s.endAll = true
			s.signal()
			s.mu.Unlock()
		})
		s.mu.Lock()
		_, waiting := s.waiting[w]
		if waiting && w.entered {
			w.leave = left
		}
		s.mu.Unlock()
		if !waiting || !w.entered {
			left()
		}
	}
}

// runRound lists parent's objects for a round started at start and
// answers its waiters.
func (l *Listing[C, T]) runRound(ctx context.Context, c C, parent string, start time.Time, waiters map[*Watch[C, T]]chan watchAnswer[T]) {
	all, err := l.listAll(ctx, c, parent, RefreshListMaxPages)
	objects := make(map[string]int, len(all))
	for i := range all {
		objects[l.ID(&all[i])] = i
	}
	whole := l.Limit == 0 && err == nil
	for w, answer := range waiters {
		a := watchAnswer[T]{whole: whole, err: err, start: start}
		if i, ok := objects[w.id]; ok {
			a.obj, a.found = all[i], true
		}
		answer <- a
	}
	fields := map[string]any{"kind": l.What, "waiters": len(waiters), "objects": len(all), "duration_ms": time.Since(start).Milliseconds()}
	if parent != "" {
		fields["parent"] = parent
	}
	if err != nil {
		fields["error"] = err.Error()
		tflog.Debug(ctx, "wait listing incomplete; its waiters read with one GET each", fields)
		return
	}
	tflog.Debug(ctx, "wait listing round done", fields)
}
