package sched

import (
	"context"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Reads after create through the listing: where a create's reply is too
// thin to fill the state (a bought number's record, a subaccount's
// created), the object is read once after the create. Many creates of one
// kind in one apply share those reads: a read after a create joins its
// kind's next fresh round, and the round reads the listing once for every
// read in it, narrowed by the kind (Listing.Fresh) to where the new
// objects are (the newest subaccounts come first; the numbers bought share
// a prefix). A kind without Fresh reads with Get.
//
// Gathering: a round starts once RefreshListGather has passed without
// another read joining it and no create of the kind that said it would
// read after (Expect) is still under way, or at once when RefreshListAfter
// reads (Terraform's -parallelism) have joined it or wait in gatherings of
// any kind (gathering.go): the reads of the creates Terraform runs side by
// side share one round, however long each create takes. A round waits for
// creates under way at most RefreshListAfter windows after its first read
// joined; and as long, for a listing not newest first, while its pages
// (by the last round's total_count) are as many as its reads but fewer
// than RefreshListAfter: more reads would make the listing cheaper than
// their GETs. A round of one read makes that read's Get (one request
// either way, and the GET carries the whole record).
//
// Freshness: a read joins only a round that has not started, so the round's
// listing starts after the create that read follows returned: it never
// serves a page older than the create. Each round serves each of its reads
// at most once, and nothing of it is kept for later reads.
//
// Cost: a round reads pages until every id in it is found, and stops when
// one id is left (its Get costs the same as a page); an id the pages lack is
// read with Get, whose 404 the caller retries as for any read after create.
// A listing newest first reads at most half as many pages as the round has
// reads. A listing that is not newest first (Listing.FreshNewest) holds the
// new objects on any of its pages: a round lists it only while the pages
// left (by its total_count; before the first, the last round's) are fewer
// than the ids not yet found, since reading them all then costs less than
// those ids' Gets; else the ids left make their Gets.
// Ten numbers bought in one apply's burst cost one list call, not ten GETs.

// Expected is a create of a Listing's kind under way whose read after
// create will join a round (Listing.Expect).
type Expected[C Host, T any] struct {
	l       *Listing[C, T]
	c       C
	parent  string
	settled bool // joined a round, or Done: no longer awaited
}

// Expect says a create of the kind (of parent) starts whose object will be
// read after it: rounds of reads after create wait for it (see the top of
// this file). Call Done when the create ends (defer it: a create that
// fails before its read must not keep rounds waiting), and read through
// the Expected's AfterCreate.
func (l *Listing[C, T]) Expect(c C, parent string) *Expected[C, T] {
	e := &Expected[C, T]{l: l, c: c, parent: parent}
	if l.Fresh == nil {
		e.settled = true
		return e
	}
	s := l.freshState(c)
	s.mu.Lock()
	s.expected[parent]++
	s.mu.Unlock()
	return e
}

// Done ends the expectation, if its read has not joined a round.
func (e *Expected[C, T]) Done() {
	if e.settled {
		return
	}
	s := e.l.freshState(e.c)
	s.mu.Lock()
	defer s.mu.Unlock()
	e.unexpect(s)
}

// unexpect ends the expectation and wakes the parent's pending round.
// Called with mu held.
func (e *Expected[C, T]) unexpect(s *freshState[T]) {
	if e.settled {
		return
	}
	e.settled = true
	s.expected[e.parent]--
	if r := s.pending[e.parent]; r != nil {
		r.wake()
	}
}

// AfterCreate is Listing.AfterCreate for the expected create: its read
// joining a round ends the expectation.
func (e *Expected[C, T]) AfterCreate(ctx context.Context, id string) (*T, error) {
	return e.l.afterCreate(ctx, e.c, e.parent, id, e)
}

// AfterCreate reads object id (of parent; "" for a kind the account lists)
// that this client has just created, sharing one listing read with the
// other reads after create of the kind that gather with it (see the top
// of this file). ErrNotFound only ever comes from Get.
func (l *Listing[C, T]) AfterCreate(ctx context.Context, c C, parent, id string) (*T, error) {
	return l.afterCreate(ctx, c, parent, id, nil)
}

func (l *Listing[C, T]) afterCreate(ctx context.Context, c C, parent, id string, e *Expected[C, T]) (*T, error) {
	if l.Fresh == nil {
		return l.Get(c, ctx, parent, id)
	}
	s := l.freshState(c)
	s.mu.Lock()
	r := s.pending[parent]
	if r == nil {
		r = &freshRound[T]{ids: map[string]bool{}, start: make(chan struct{}), nudge: make(chan struct{}, 1), done: make(chan struct{})}
		s.pending[parent] = r
		// Detached from this read's cancellation: other reads wait on it.
		go l.runFresh(context.WithoutCancel(ctx), c, s, parent, r, c.Scheduler().GatherWindow)
	}
	r.ids[id] = true
	r.lastJoin = time.Now()
	if e != nil {
		e.unexpect(s)
	}
	full := len(r.ids) == RefreshListAfter
	if full {
		r.begin()
	} else {
		r.wake() // the window starts again
	}
	s.mu.Unlock()
	left := func() {}
	if !full {
		left = gatheringsOf(c).enter(r, func(int) {
			s.mu.Lock()
			defer s.mu.Unlock()
			r.begin()
		})
	}

	select {
	case <-r.done:
		left()
	case <-ctx.Done():
		left()
		return nil, ctx.Err()
	}
	if o, ok := r.objects[id]; ok {
		return &o, nil
	}
	return l.Get(c, ctx, parent, id)
}

// freshKey keys a Listing's reads-after-create state in the State.
type freshKey struct{ of any }

// freshState is a Listing's reads-after-create state in one Client.
type freshState[T any] struct {
	mu      sync.Mutex
	pending map[string]*freshRound[T] // by parent: the round reads join
	// expected counts, by parent, the creates under way whose reads
	// have not joined a round (Expect).
	expected map[string]int
	// total is the last total_count a round read (0: none yet): how
	// many pages a listing not newest first would take.
	total int
}

// freshRound is one listing read for the reads after create in it.
type freshRound[T any] struct {
	ids map[string]bool
	// started: start is closed (the round is full, or every slot gathers:
	// gathering.go), under the state's lock.
	started bool
	start   chan struct{}
	nudge   chan struct{} // a read joined or a create ended: look again
	// lastJoin is when the last read joined (under the state's lock).
	lastJoin time.Time
	done     chan struct{} // closed once the listing is read; objects then set
	objects  map[string]T
}

func (l *Listing[C, T]) freshState(c C) *freshState[T] {
	return clientState(c, freshKey{l}, func() *freshState[T] {
		return &freshState[T]{pending: map[string]*freshRound[T]{}, expected: map[string]int{}}
	})
}

// begin starts the round now. Called with mu held.
func (r *freshRound[T]) begin() {
	if !r.started {
		r.started = true
		close(r.start)
	}
}

// wake tells the round's runner to look again. Called with mu held.
func (r *freshRound[T]) wake() {
	select {
	case r.nudge <- struct{}{}:
	default:
	}
}

// runFresh starts round r of parent when it is full, or when gather has
// passed since a read last joined it and no expected create is under way
// (at most RefreshListAfter windows after its first read), reads the
// listing for its ids and wakes its reads.
func (l *Listing[C, T]) runFresh(ctx context.Context, c C, s *freshState[T], parent string, r *freshRound[T], gather time.Duration) {
	first := time.Now()
	t := time.NewTimer(gather)
gathering:
	for {
		select {
		case <-t.C:
		case <-r.nudge:
		case <-r.start:
			t.Stop()
			break gathering
		}
		s.mu.Lock()
		quiet := time.Since(r.lastJoin)
		awaited := (s.expected[parent] > 0 || l.worthMoreReads(s.total, len(r.ids))) && time.Since(first) < gather*RefreshListAfter
		s.mu.Unlock()
		if quiet >= gather && !awaited {
			break gathering
		}
		next := gather - quiet
		if quiet >= gather { // awaiting creates under way: until the bound, or a wake
			next = gather*RefreshListAfter - time.Since(first)
		}
		t.Stop()
		t.Reset(max(next, time.Millisecond))
	}
	gatheringsOf(c).ended(r)
	s.mu.Lock()
	r.started = true
	if s.pending[parent] == r {
		delete(s.pending, parent) // later reads start a round of their own
	}
	ids := make([]string, 0, len(r.ids))
	for id := range r.ids {
		ids = append(ids, id)
	}
	total := s.total
	s.mu.Unlock()
	defer close(r.done)
	r.objects = map[string]T{}
	if len(ids) < 2 || !l.FreshNewest && l.Limit > 0 && (total+l.Limit-1)/l.Limit >= len(ids) {
		// One read: its Get costs what a page would. A listing not
		// newest first that takes as many pages as the round has reads
		// (as the last round found) costs no less than their Gets.
		return
	}
	start := time.Now()
	pages, offset := 0, 0
	var err error
	for {
		var objs []T
		var meta ListMeta
		objs, meta, err = l.Fresh(c, ctx, parent, ids, l.Limit, offset)
		if err != nil {
			break
		}
		pages++
		if meta.TotalCount > 0 {
			s.mu.Lock()
			s.total = meta.TotalCount
			s.mu.Unlock()
		}
		for i := range objs {
			if id := l.ID(&objs[i]); r.ids[id] {
				r.objects[id] = objs[i]
			}
		}
		offset += len(objs)
		missing := len(ids) - len(r.objects)
		if missing <= 1 || meta.Next == nil || len(objs) == 0 || l.Limit == 0 || !l.worthPages(meta.TotalCount-offset, missing, pages, len(ids)) {
			break
		}
	}
	fields := map[string]any{"kind": l.What, "reads": len(ids), "listed": len(r.objects), "pages": pages, "duration_ms": time.Since(start).Milliseconds()}
	if parent != "" {
		fields["parent"] = parent
	}
	if err != nil {
		fields["error"] = err.Error()
		tflog.Debug(ctx, "read-after-create listing incomplete; its reads fall back to one GET each", fields)
		return
	}
	tflog.Debug(ctx, "read-after-create listing done", fields)
}

// worthMoreReads says whether a round of reads, of a listing not newest
// first that the last round found total objects long, costs no less
// listed than its reads' GETs but would cost less with more reads, up to
// RefreshListAfter: then it waits for them, within its bound.
func (l *Listing[C, T]) worthMoreReads(total, reads int) bool {
	if l.FreshNewest || l.Limit == 0 {
		return false
	}
	pages := (total + l.Limit - 1) / l.Limit
	return pages >= reads && pages < RefreshListAfter
}

// worthPages says whether a round that has read pages, and still lacks
// missing of its reads' ids, reads on rather than leaving them to their
// Gets. Not newest first, the ids may be on any of the left pages: on when
// reading them all (left objects, by total_count) costs less than the
// Gets. Newest first (or without total_count), on while it has read fewer
// pages than half the round's reads.
func (l *Listing[C, T]) worthPages(left, missing, pages, reads int) bool {
	if l.FreshNewest || left <= 0 {
		return pages < reads/2
	}
	return (left+l.Limit-1)/l.Limit < missing
}
