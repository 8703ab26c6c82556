package sched

import "sync"

// Every slot gathering. Four mechanisms hold a call back so that others
// of its kind can join it: a kind's refresh window (listing.go), a round
// of reads after create (listing_fresh.go), a batched create (batch.go)
// and a wait held for its parent's Quorum (listing_wait.go). Terraform
// runs at most RefreshListAfter operations at once (-parallelism), so
// when that many calls wait in gatherings, of any mechanism and any kind,
// every slot waits and nothing more can join any of them: waiting on only
// holds every slot idle. Each gathering a call waits in is entered here
// (gatherings.enter); the call that makes RefreshListAfter ends them all
// at once, each by its own rule (a refresh window arms its kind when two
// or more refreshes wait in it; a round of reads starts; a batch is sent;
// a waits' listing lists every parent with a due waiter).
//
// The count is of calls waiting to be joined, not of calls waiting on
// the service: a link waiting for the operators (listing_wait.go) is not
// gathering until it is due, and ending the gatherings could not bring
// its answer sooner.

// gatheringsKey keys a client's gatherings in the State (clientState).
type gatheringsKey struct{}

// gatherings counts the calls waiting in each gathering of one Client.
type gatherings struct {
	mu    sync.Mutex
	total int
	of    map[any]*gathering
}

// gathering is one gathering's waiting calls, and how to end it.
type gathering struct {
	calls int
	end   func(calls int)
}

func gatheringsOf(c Host) *gatherings {
	return clientState(c, gatheringsKey{}, func() *gatherings { return &gatherings{of: map[any]*gathering{}} })
}

// enter counts a call waiting in the gathering key (end ends it, given
// how many calls wait in it) and returns what to call, once, when it
// stops waiting. The call that makes RefreshListAfter ends every
// gathering (see the top of this file). Call it without holding the lock
// end takes.
func (g *gatherings) enter(key any, end func(calls int)) (left func()) {
	g.mu.Lock()
	k := g.of[key]
	if k == nil {
		k = &gathering{end: end}
		g.of[key] = k
	}
	k.calls++
	g.total++
	var ends []func()
	if g.total >= RefreshListAfter {
		for key, k := range g.of {
			calls := k.calls
			ends = append(ends, func() { k.end(calls) })
			g.total -= k.calls
			delete(g.of, key)
		}
	}
	g.mu.Unlock()
	for _, end := range ends {
		end()
	}
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if cur := g.of[key]; cur == k { // else the gatherings ended: it is no longer counted
			k.calls--
			g.total--
			if k.calls == 0 {
				delete(g.of, key)
			}
		}
	}
}

// ended says gathering key ended by its own rule (its timer, or it is
// full): its calls, waiting now for their request, no longer count.
func (g *gatherings) ended(key any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if k := g.of[key]; k != nil {
		g.total -= k.calls
		delete(g.of, key)
	}
}
