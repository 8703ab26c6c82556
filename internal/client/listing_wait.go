package client

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// Waiting through listings: a waiter (a link waiting for the operators, a
// campaign waiting for the registry) reads its object from the listing
// that covers it, and every waiter of one Listing and parent in a Client
// shares each read of that listing: N numbers of one campaign waiting at
// once cost one list call per round, not N GETs. The kind declares
// nothing more than its Listing (listing.go); its waiter calls
// Listing.Watch and hands Watch.Next to wait.For as the finder, with
// Paced set.
//
// Rounds. Waiters join the next round of their (Listing, parent); a round
// starts when the longest-served waiter in it, in the round before, or
// waiting on any parent of the same Listing, is due on wait's schedule
// (wait.Delay of the rounds it was served, after the parent's previous
// round started): at once for a parent never listed for a wait, then
// 100 ms, 150 ms, ... up to wait.MaxDelay. A waiter that joins while
// others wait rides their schedule, so a stream of new waiters, even one
// or two a campaign at a time across several campaigns, does not make the
// rounds more frequent than the oldest wait would poll alone; a newcomer
// waits at most one step of it after its first read. The oldest wait
// polls exactly on wait's schedule. A round lists every object of the parent (listAll: the pages
// after the first concurrently), and wakes each waiter in it with its
// object.
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
// ends, leaving its round (which then starts on the schedule of the
// waiters left, or not at all).

// Watch is one waiter's reads of one object from its Listing's shared
// rounds. Make one per wait (Listing.Watch); it is not safe for
// concurrent use.
type Watch[T any] struct {
	l          *Listing[T]
	c          *Client
	parent, id string
	// served counts the rounds that answered this waiter: its place on
	// wait's schedule.
	served int
}

// Watch starts a wait on object id of parent ("" for a kind the account
// lists).
func (l *Listing[T]) Watch(c *Client, parent, id string) *Watch[T] {
	return &Watch[T]{l: l, c: c, parent: parent, id: id}
}

// watchKey keys a Listing's waiting state in c.listings.
type watchKey struct{ of any }

// watchState is a Listing's waiting state in one Client.
type watchState[T any] struct {
	mu     sync.Mutex
	groups map[string]*watchGroup[T] // by parent
}

// watchGroup is the waiters of one parent.
type watchGroup[T any] struct {
	lastStart time.Time
	// step is the schedule's place after the last round: the most rounds
	// a waiter in it had been served, plus that one.
	step int
	next *watchRound[T] // the round waiters join; nil when none is pending
}

// watchRound is one read of the listing for the waiters in it.
type watchRound[T any] struct {
	joined  map[*Watch[T]]int // waiter -> rounds it was served before
	changed chan struct{}     // a waiter joined or left
	done    chan struct{}     // closed once the listing is read
	objects map[string]T
	whole   bool // the listing is one call and succeeded: absence means gone
	err     error
}

func (l *Listing[T]) watchState(c *Client) *watchState[T] {
	v, ok := c.listings.Load(watchKey{l})
	if !ok {
		v, _ = c.listings.LoadOrStore(watchKey{l}, &watchState[T]{groups: map[string]*watchGroup[T]{}})
	}
	s, _ := v.(*watchState[T]) // the only type stored under the key
	return s
}

// Next waits for the next round of the listing (see the top of this file)
// and returns the object: from the listing, or from Get when the listing
// failed or, paged, lacks it. ErrNotFound when it is gone.
func (w *Watch[T]) Next(ctx context.Context) (*T, error) {
	s := w.l.watchState(w.c)
	s.mu.Lock()
	g := s.groups[w.parent]
	if g == nil {
		g = &watchGroup[T]{}
		s.groups[w.parent] = g
	}
	r := g.next
	if r == nil {
		r = &watchRound[T]{joined: map[*Watch[T]]int{}, changed: make(chan struct{}, 1), done: make(chan struct{})}
		g.next = r
		// Detached from this waiter's cancellation: others wait on it.
		go w.l.runRound(context.WithoutCancel(ctx), w.c, s, g, r, w.parent)
	}
	r.joined[w] = w.served
	r.signal()
	s.mu.Unlock()

	select {
	case <-r.done:
	case <-ctx.Done():
		s.mu.Lock()
		delete(r.joined, w)
		r.signal()
		s.mu.Unlock()
		return nil, ctx.Err()
	}
	w.served++
	switch o, ok := r.objects[w.id]; {
	case ok:
		return &o, nil
	case r.whole:
		return nil, &APIError{StatusCode: http.StatusNotFound, Method: http.MethodGet, Message: w.l.What + ": " + w.id + " is no longer listed"}
	}
	return w.l.Get(w.c, ctx, w.parent, w.id)
}

// busiest is the most rounds any waiter of the Listing, of any parent,
// waiting for a round has been served: the schedule a parent's rounds
// ride once they have started. Called with mu held.
func (s *watchState[T]) busiest() int {
	most := 0
	for _, g := range s.groups {
		if g.next == nil {
			continue
		}
		for _, served := range g.next.joined {
			most = max(most, served)
		}
	}
	return most
}

// signal tells r's timer that its waiters changed. Called with mu held.
func (r *watchRound[T]) signal() {
	select {
	case r.changed <- struct{}{}:
	default:
	}
}

// runRound starts round r of parent's group g when its longest-served
// waiter is due, reads the listing and wakes the round's waiters. A round
// all of whose waiters left is dropped.
func (l *Listing[T]) runRound(ctx context.Context, c *Client, s *watchState[T], g *watchGroup[T], r *watchRound[T], parent string) {
	for {
		s.mu.Lock()
		if len(r.joined) == 0 {
			if g.next == r {
				g.next = nil
			}
			s.mu.Unlock()
			close(r.done)
			return
		}
		// The group's schedule: its longest-served waiter's, or the last
		// round's when those waiters have just been answered (a newcomer
		// then waits for the group's next round instead of forcing one).
		most := 0
		for _, served := range r.joined {
			most = max(most, served)
		}
		due := time.Until(g.lastStart.Add(wait.Delay(max(most, g.step, s.busiest()))))
		if due <= 0 {
			g.next, g.lastStart, g.step = nil, time.Now(), most+1
			s.mu.Unlock()
			break
		}
		s.mu.Unlock()
		t := time.NewTimer(due)
		select {
		case <-t.C:
		case <-r.changed:
			t.Stop()
		}
	}

	start := time.Now()
	all, err := l.listAll(ctx, c, parent, RefreshListMaxPages)
	s.mu.Lock()
	waiters := len(r.joined)
	s.mu.Unlock()
	r.objects = make(map[string]T, len(all))
	for i := range all {
		r.objects[l.ID(&all[i])] = all[i]
	}
	r.whole, r.err = l.Limit == 0 && err == nil, err
	close(r.done)
	fields := map[string]any{"kind": l.What, "waiters": waiters, "objects": len(all), "duration_ms": time.Since(start).Milliseconds()}
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
