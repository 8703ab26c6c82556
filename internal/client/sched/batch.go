package sched

import (
	"context"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Batched creates: where the API takes several objects of one parent in
// one request (the numbers of a 10DLC link request), concurrent creates of
// one key (the parent and what else the request carries for all of them)
// share one request. A create joins its key's pending batch; the batch is
// sent the batcher's gathering time (a number of RefreshListGather
// windows) after its first create joined, or at once when
// RefreshListAfter creates (Terraform's -parallelism) have joined it or
// wait in gatherings of any kind (gathering.go): nothing more can join.
// A batch of one is the plain request. The number links are the only user
// today.
//
// Outcomes stay each create's own:
//   - sent: every create of the batch was carried out;
//   - refused (an error that says the request was not carried out, such as
//     a 400 naming one bad item, as the API refuses the whole request): each
//     create sends its own one-item request, so each gets its own answer
//     and a limit (a campaign's number pool) admits those that fit;
//   - ambiguous (a lost reply or a 5xx, IsAmbiguousCreate): each create gets
//     the error and adopts as a create alone does (its caller looks its own
//     item up).
//
// The request is detached from each create's cancellation: a create whose
// context ends before the batch is sent leaves it (its item is not sent);
// once the batch is sent, its outcome is every member's, so that nothing
// is created without its create knowing.

// Batcher sends the items of concurrent calls of one key in one request.
type Batcher[C Host, K comparable, I any] struct {
	// What names the items in logs.
	What string
	// Send makes one request for items (at least one), all of key.
	Send func(ctx context.Context, c C, key K, items []I) error
	// Windows is how many of the client's gathering windows
	// (RefreshListGather) a batch gathers for; 0 is one.
	Windows int
}

// batchesKey keys a Batcher's state in the State (clientState).
type batchesKey struct{ of any }

// batchState is a Batcher's pending batches in one client.
type batchState[K comparable, I any] struct {
	mu      sync.Mutex
	pending map[K]*batch[I] // by key: the batch calls join
}

// batch is one request for the items of the calls in it.
type batch[I any] struct {
	items []*I // each call's item; a call that left is removed
	sent  bool // set (under the state's lock) when the items are taken
	// started: start is closed (the batch is full, or every slot
	// gathers: gathering.go), under the state's lock.
	started bool
	start   chan struct{}
	done    chan struct{} // closed once the request returned; err then set
	err     error
}

func (b *Batcher[C, K, I]) state(c C) *batchState[K, I] {
	return clientState(c, batchesKey{b}, func() *batchState[K, I] {
		return &batchState[K, I]{pending: map[K]*batch[I]{}}
	})
}

// Do sends item in key's next batch and returns the item's own outcome
// (see the top of this file).
func (b *Batcher[C, K, I]) Do(ctx context.Context, c C, key K, item I) error {
	s := b.state(c)
	it := &item
	s.mu.Lock()
	r := s.pending[key]
	if r == nil {
		r = &batch[I]{start: make(chan struct{}), done: make(chan struct{})}
		s.pending[key] = r
		// Detached from this call's cancellation: other calls wait on it.
		go b.run(context.WithoutCancel(ctx), c, s, key, r, c.Scheduler().GatherWindow*time.Duration(max(1, b.Windows)))
	}
	r.items = append(r.items, it)
	full := len(r.items) == RefreshListAfter
	if full {
		b.start(s, key, r)
	}
	s.mu.Unlock()
	left := func() {}
	if !full {
		left = gatheringsOf(c).enter(r, func(int) {
			s.mu.Lock()
			defer s.mu.Unlock()
			b.start(s, key, r)
		})
	}

	select {
	case <-r.done:
		left()
	case <-ctx.Done():
		left()
		s.mu.Lock()
		if !r.sent {
			for i := range r.items {
				if r.items[i] == it {
					r.items = append(r.items[:i], r.items[i+1:]...)
					break
				}
			}
			s.mu.Unlock()
			return ctx.Err()
		}
		s.mu.Unlock()
		<-r.done // sent: the request may have created the item
	}
	// Once sent, items no longer change: they are the request's.
	if r.err == nil || len(r.items) == 1 || c.Scheduler().IsAmbiguous(r.err) {
		return r.err
	}
	// Refused as a whole, with nothing created: this item alone gets its
	// own answer.
	return b.Send(ctx, c, key, []I{item})
}

// start ends batch r's gathering: it is sent now, and later calls of key
// start a batch of their own. Called with mu held.
func (b *Batcher[C, K, I]) start(s *batchState[K, I], key K, r *batch[I]) {
	if r.started {
		return
	}
	r.started = true
	if s.pending[key] == r {
		delete(s.pending, key)
	}
	close(r.start)
}

// run sends batch r of key when it is full or gather has passed, and wakes
// its calls.
func (b *Batcher[C, K, I]) run(ctx context.Context, c C, s *batchState[K, I], key K, r *batch[I], gather time.Duration) {
	t := time.NewTimer(gather)
	select {
	case <-t.C:
	case <-r.start:
		t.Stop()
	}
	gatheringsOf(c).ended(r)
	s.mu.Lock()
	r.started = true
	if s.pending[key] == r {
		delete(s.pending, key) // later calls start a batch of their own
	}
	r.sent = true
	items := make([]I, len(r.items))
	for i, it := range r.items {
		items[i] = *it
	}
	s.mu.Unlock()
	defer close(r.done)
	if len(items) == 0 {
		return // every call left
	}
	start := time.Now()
	r.err = b.Send(ctx, c, key, items)
	if len(items) > 1 {
		fields := map[string]any{"kind": b.What, "items": len(items), "duration_ms": time.Since(start).Milliseconds()}
		if r.err != nil {
			fields["error"] = r.err.Error()
		}
		tflog.Debug(ctx, "batched create sent", fields)
	}
}
