package sched

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Refresh from listings keeps a refresh of many objects of one kind from
// making one GET each. A kind that has a list route declares a Listing (its
// list call, one page at a time, with the filters that narrow it; the id
// of an item; its GET) and its refreshes call Listing.Refresh. The state
// lives in the client (its State; the Host holds it), which the provider
// creates once per provider process (per Configure), one per Listing.
//
// A plan or destroy refreshes every object in the state, one GET each. When
// a process sees RefreshListAfter refreshes of one kind, it lists every
// object of that kind once instead, with the largest page: the first page
// gives total_count, the rest are fetched concurrently. The refreshes that
// follow are answered from that snapshot. A child kind (the numbers linked
// to a 10DLC campaign) is listed per parent: the RefreshListAfter refreshes
// are counted over all its parents, and then each parent's listing is made
// once, by the first refresh that names that parent.
//
// Gathering: the first refresh of a kind in a process waits for others
// until RefreshListGather passes without another refresh of the kind
// coming (each one starts the window again). Terraform starts its
// refreshes a few milliseconds apart (-parallelism, 10, at once, and one
// as each ends), so a large refresh reaches RefreshListAfter inside the
// window and its first ten reads are served by the listing too, instead of
// each making a GET first; the window is at most RefreshListAfter windows
// long. When the window ends with fewer (a small workspace), they make
// their GETs, having waited one window after the last of them; the next
// refresh of the kind opens a new window, and every refresh counts on
// towards RefreshListAfter. Terraform may start a kind's first refresh
// alone and the rest of its burst a window later (the plugin's start-up,
// other kinds first): they then gather in the second window instead of
// making a GET each until the tenth. Before the kind is listed, at most
// RefreshListAfter-1 of its refreshes wait a window in vain. When the
// refreshes waiting in the windows of all kinds (and in the other
// gatherings, gathering.go) reach RefreshListAfter, every one of
// Terraform's slots waits and nothing more can come: the windows end at
// once, and a kind with two or more refreshes in its window is listed,
// reading at most RefreshListMaxPages / RefreshListAfter pages for each
// refresh waiting: the pages a listing that RefreshListAfter refreshes
// started may read, in proportion (9 refreshes waiting: 90 pages; 2: 20).
// A longer listing stops after its first page, and its refreshes make
// their GETs until they pay for it, as below.
// A refresh whose context is cancelled stops waiting at once. Correctness:
//   - each id is served from the snapshot at most once, so a later read of the
//     same id in the same process (after an update, say) always goes to the API;
//   - an id this process creates, updates or deletes while the listing runs or
//     after it is dropped from the snapshot, so no write of ours is hidden (the
//     Listing declares the write routes that touch it, Writes, and the client's
//     request path applies them: writes.go; a write that names no id, such as
//     a create whose reply has none, drops its parent's whole snapshot);
//   - a snapshot older than RefreshListMaxAge is dropped whole;
//   - an id missing from the snapshot is read with a GET: absence from a
//     list (which can shift under concurrent deletes) never means "deleted";
//     only the GET's 404 does;
//   - a failed listing is logged and every refresh it would have served falls
//     back to a GET.
//
// The data served is what the API held a moment before the refresh asked,
// the same freshness as a GET issued at the start of the refresh walk.
//
// Cost: a refresh of R >= RefreshListAfter objects of a kind the account
// holds E of makes ceil(E/page) list pages instead of R GETs (500
// endpoints: 25 requests, not 500) when its first ten refreshes arrive
// within the gather window, and at most RefreshListAfter-1 GETs more when
// they do not. A refresh of fewer makes one GET each, at most
// RefreshListGather after the last refresh of its window.
//
// A large account: a listing that would take P > RefreshListMaxPages
// pages stops after its first page (which the first page's total_count
// tells), and the refreshes it does not answer make their GETs until
// P - RefreshListMaxPages of them have; the next refresh then lists the
// parent whole. Reading P pages is worth it once the refresh has shown it
// needs about that many objects (the rent-or-buy rule): a refresh of R
// objects makes at most 2R + RefreshListMaxPages + 1 requests however large
// the account, and 0.09 per object at 10,000 endpoints (not one GET each,
// the fixed page bound's). A listing whose pages leave total_count out
// keeps the fixed bound: its size is unknown until it is read.
const (
	// RefreshListAfter is the number of refreshes of one kind in one
	// process that starts the listing: Terraform's default -parallelism,
	// the first burst of a refresh.
	RefreshListAfter = 10
	// RefreshListMaxPages is the most pages a listing reads before its
	// refreshes have shown they need it (2,000 endpoints); a larger one
	// is read once RefreshListMaxPages + the GETs made in its place pay
	// for its pages.
	RefreshListMaxPages = 100
	// RefreshListMaxAge is how long a snapshot may answer refreshes.
	RefreshListMaxAge = 2 * time.Minute
	// RefreshListGather is how long the first refresh of a kind in a
	// process waits for RefreshListAfter refreshes to gather.
	RefreshListGather = 50 * time.Millisecond
)

// Listing is how a kind's refreshes are answered from its list route. It
// is declared once per kind, in the client next to the kind's calls, as a
// package variable (its address keys the per-client state), with the
// write routes that change the kind's objects:
//
//	var ApplicationListing = declare(&Listing[Application]{ // sched.Declare
//		What:  "applications",
//		Limit: applicationrules.ListMaxLimit,
//		Page:  ..., // one page: c.ListApplications(ctx, "", limit, offset)
//		ID:    func(a *Application) string { return a.AppID },
//		Get:   func(c *Client, ctx context.Context, _, id string) (*Application, error) { return c.GetApplication(ctx, id) },
//		Writes: []sched.Write{
//			{Method: http.MethodPost, Path: "Application/", ID: sched.Reply("app_id")},
//			{Method: http.MethodPost, Path: "Application/{id}/"},
//			{Method: http.MethodDelete, Path: "Application/{id}/"},
//		},
//	})
//
// Nothing else is per kind.
type Listing[C Host, T any] struct {
	// What names the objects in logs: "endpoints".
	What string
	// Limit is the listing's largest page; 0 for a listing that one call
	// returns whole (a campaign's numbers), which Page is then called for
	// with limit and offset 0.
	Limit int
	// Page reads one page of the listing, of parent's objects for a child
	// kind ("" for a kind the account lists), with the filters that narrow
	// it to what a refresh reads, and the page's meta: TotalCount (0 when
	// the API leaves it out) and Next (nil on the last page).
	Page func(c C, ctx context.Context, parent string, limit, offset int) ([]T, ListMeta, error)
	// ID is an item's id, as Refresh names it.
	ID func(*T) string
	// Get reads one object (the fallback): ErrNotFound when it does not
	// exist.
	Get func(c C, ctx context.Context, parent, id string) (*T, error)
	// Narrowed says parent is no parent but a filter that narrows one
	// listing of the account (the numbers of one subaccount: Page lists
	// with it, "" lists everything, and Get ignores it). An object can
	// be under any filter (a move), so a write forgets its id under every
	// one, and only a GET's 404 ever says an object is gone.
	Narrowed bool
	// Fresh, for a kind read after its create (listing_fresh.go), reads
	// one page of the listing narrowed to where objects ids, just
	// created, are: the newest first, or a filter the ids share. nil:
	// AfterCreate reads with Get.
	Fresh func(c C, ctx context.Context, parent string, ids []string, limit, offset int) ([]T, ListMeta, error)
	// FreshNewest says Fresh lists the newest first: its first page holds
	// the objects just created, however many pages the listing has.
	FreshNewest bool
	// SettlesAfter is, for a kind waited for (listing_wait.go) that the
	// service never settles at once, how long a wait's first read may be
	// put off: once a wait of this client has seen the service take a
	// while, later waits read first when it can have settled, at most
	// this (and a tenth) after they began. 0: every wait reads at once.
	SettlesAfter time.Duration
	// Quorum and Patience let a parent's waiters (listing_wait.go) wait
	// for company: a round lists the parent once Quorum of its waiters
	// are due (or all of them, when fewer wait: the waits that began
	// together leave together), or once its first due waiter has waited
	// Patience, or when every slot waits (gathering.go), whichever comes
	// first. For a kind whose waits Terraform starts one at a time among
	// other operations (a destroy's unlinks), each list call then
	// answers more waits. 0: a parent is listed when its first waiter is
	// due.
	Quorum   int
	Patience time.Duration
	// Writes are the write routes that change the kind's objects
	// (writes.go): Declare adds them to the client's Routes, whose
	// writes then drop what they write from the listing's snapshots.
	Writes []Write
}

// Refresh reads object id (of parent, for a child kind; "" otherwise) for
// a refresh: from c's snapshot of the listing when one answers for id, else
// with Get. listed says the listing answered (then only what its items
// carry is known). ErrNotFound only ever comes from Get.
func (l *Listing[C, T]) Refresh(ctx context.Context, c C, parent, id string) (obj *T, listed bool, err error) {
	if o, ok := l.fromSnapshot(ctx, c, parent, id); ok {
		return o, true, nil
	}
	o, err := l.Get(c, ctx, parent, id)
	return o, false, err
}

// listingState is a Listing's state in one Client.
type listingState[T any] struct {
	mu    sync.Mutex
	reads int
	// armed: RefreshListAfter refreshes came (at armedAt); each parent's
	// first refresh since lists it.
	armed   bool
	armedAt time.Time
	// gathering: a window is open. gather is the current or last window,
	// closed when it ends, by the listing starting or by the window
	// expiring; each window is its own gathering (gathering.go).
	gathering bool
	gather    chan struct{}
	gatherEnd *time.Timer // ends the window
	// bound, when the windows ended armed this kind (gathering.go), is
	// how many pages its refreshes then waiting paid for; 0: the usual
	// RefreshListMaxPages.
	bound   int
	parents map[string]*listingSnapshot[T]
}

// listingSnapshot is one parent's listing.
type listingSnapshot[T any] struct {
	running bool
	done    chan struct{} // closed when the listing ends
	takenAt time.Time
	objects map[string]T
	// While running: ids written, and whether a write named none (then
	// nothing of the listing is kept).
	written    map[string]bool
	writtenAll bool
	// pages is how many pages the listing would take when it stopped at
	// its bound (0 when it did not, or when the API left total_count
	// out); fellBack counts the refreshes it did not answer since, which
	// made their GETs in its place; bound is the pages it may read before
	// those (RefreshListMaxPages, or listingState.bound).
	pages, fellBack, bound int
}

// listAgain says whether the GETs made in place of e's listing, which
// stopped at its bound, now pay for its pages.
func (e *listingSnapshot[T]) listAgain() bool {
	return !e.running && e.pages > 0 && e.bound+e.fellBack >= e.pages
}

// state is l's state in c.
func (l *Listing[C, T]) state(c C) *listingState[T] {
	return l.stateAt(c, l)
}

// existsKey keys a Listing's existence snapshot (Exists) in the State,
// apart from its refresh snapshot: a refresh takes what it serves out of
// its snapshot, an existence check does not.
type existsKey struct{ of any }

// stateAt is l's state stored in c under key: l for refreshes,
// existsKey{l} for existence checks.
func (l *Listing[C, T]) stateAt(c C, key any) *listingState[T] {
	return clientState(c, key, func() *listingState[T] {
		return &listingState[T]{parents: map[string]*listingSnapshot[T]{}}
	})
}

// clientState is the state a mechanism (a Listing's refreshes, waits or
// reads after create, a batcher) keeps in c under key, made by fresh
// the first time. Each key type holds one state type.
func clientState[S any](c Host, key any, fresh func() *S) *S {
	v, ok := c.Scheduler().listings.Load(key)
	if !ok {
		v, _ = c.Scheduler().listings.LoadOrStore(key, fresh())
	}
	s, _ := v.(*S) // the only type stored under a key of its type
	return s
}

// Exists says whether object id (of parent, for a child kind) exists, for
// a plan's check of a reference (an endpoint's app_id): the first check of
// a kind in a Client lists it once, and the checks of the next
// RefreshListMaxAge are answered from that listing, however many
// resources name one. An id the listing lacks (created since, or written
// by this client: forget drops it, or a listing that failed or exceeded
// its page bound) is read with Get, and only Get's ErrNotFound says it
// does not exist.
func (l *Listing[C, T]) Exists(ctx context.Context, c C, parent, id string) (bool, error) {
	s, e, err := l.checkSnapshot(ctx, c, parent)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	_, listed := e.objects[id]
	s.mu.Unlock()
	if listed {
		return true, nil
	}
	switch _, err := l.Get(c, ctx, parent, id); {
	case err == nil:
		return true, nil
	case c.Scheduler().IsNotFound(err):
		return false, nil
	default:
		return false, err
	}
}

// Find returns the objects of parent that match, from the same snapshot
// Exists reads (one listing per client and RefreshListMaxAge, however many
// resources ask). A listing that stopped at its page bound or failed holds
// only the pages it read: Find answers from what it holds, so an empty
// result proves nothing. The error is the context's.
func (l *Listing[C, T]) Find(ctx context.Context, c C, parent string, match func(*T) bool) ([]T, error) {
	s, e, err := l.checkSnapshot(ctx, c, parent)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []T
	for id := range e.objects {
		obj := e.objects[id]
		if match(&obj) {
			out = append(out, obj)
		}
	}
	return out, nil
}

// checkSnapshot is the snapshot of parent that Exists and Find answer
// from: the one taken within RefreshListMaxAge, or a new one, waited for.
// The error is the context's.
func (l *Listing[C, T]) checkSnapshot(ctx context.Context, c C, parent string) (*listingState[T], *listingSnapshot[T], error) {
	s := l.stateAt(c, existsKey{l})
	s.mu.Lock()
	e := s.parents[parent]
	if e == nil || !e.running && time.Since(e.takenAt) > RefreshListMaxAge {
		e = s.start(parent)
		// Detached from this check's cancellation: other checks wait on it.
		go l.run(context.WithoutCancel(ctx), c, s, parent, e)
	}
	s.mu.Unlock()
	select {
	case <-e.done:
		return s, e, nil
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
}

// forget drops id of parent from s's snapshots of l, refreshes' and
// existence checks' (and from one being taken); id "" drops the parent's
// whole snapshot.
func (l *Listing[C, T]) forget(s *State, parent, id string) {
	l.forgetIn(s, l, parent, id)
	l.forgetIn(s, existsKey{l}, parent, id)
}

// forgetIn is forget in the state stored under key.
func (l *Listing[C, T]) forgetIn(st *State, key any, parent, id string) {
	v, _ := st.listings.Load(key)
	s, ok := v.(*listingState[T])
	if !ok {
		return // nothing listed yet; a listing started later sees the write
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !l.Narrowed {
		s.parents[parent].forget(id)
		return
	}
	for _, e := range s.parents { // the object may be under any filter
		e.forget(id)
	}
}

// forget drops id from e (nil: nothing listed), or all of it for "".
// Callers hold the state's lock.
func (e *listingSnapshot[T]) forget(id string) {
	switch {
	case e == nil:
	case e.running && id == "":
		e.writtenAll = true
	case e.running:
		e.written[id] = true
	case id == "":
		e.objects = nil
	default:
		delete(e.objects, id)
	}
}

// fromSnapshot serves id of parent from c's snapshot, counting the
// refresh, opening the gathering window or starting the listing as the
// comment at the top says.
func (l *Listing[C, T]) fromSnapshot(ctx context.Context, c C, parent, id string) (*T, bool) {
	s := l.state(c)
	s.mu.Lock()
	if s.armed && time.Since(s.armedAt) > RefreshListMaxAge {
		s.reset()
	}
	s.reads++
	switch {
	case !s.armed && s.reads >= RefreshListAfter:
		if s.gathering {
			s.gathering = false
			close(s.gather)
		}
		s.armed, s.armedAt = true, time.Now()
	case !s.armed && !s.gathering && c.Scheduler().GatherWindow > 0:
		s.gathering, s.gather = true, make(chan struct{})
		s.gatherEnd = s.endGatheringAfter(c.Scheduler().GatherWindow, s.gather)
	case !s.armed && s.gathering:
		s.gatherEnd.Reset(c.Scheduler().GatherWindow) // the window starts again
	}
	gathering, gather := s.gathering, s.gather
	s.mu.Unlock()

	if gathering {
		left := gatheringsOf(c).enter(gather, func(reads int) { s.endWindow(gather, reads) })
		select {
		case <-gather:
		case <-ctx.Done():
			left()
			return nil, false
		}
		left()
	}
	s.mu.Lock()
	if !s.armed {
		s.mu.Unlock()
		return nil, false
	}
	e := s.parents[parent]
	switch {
	case e == nil || !e.running && time.Since(e.takenAt) > RefreshListMaxAge:
		e = s.start(parent)
		// Detached from this read's cancellation: other reads wait on it.
		go l.run(context.WithoutCancel(ctx), c, s, parent, e)
	case e.listAgain():
		// The GETs so far count on (run reads as many pages more): a
		// listing that has grown past that stops again, and lists once a
		// few more are made.
		fellBack, bound := e.fellBack, e.bound
		e = s.start(parent)
		e.fellBack, e.bound = fellBack, bound
		go l.run(context.WithoutCancel(ctx), c, s, parent, e)
	}
	s.mu.Unlock()
	select {
	case <-e.done:
	case <-ctx.Done():
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := e.objects[id]
	if !ok {
		if e.pages > 0 {
			e.fellBack++
		}
		return nil, false
	}
	delete(e.objects, id) // served at most once
	return &o, true
}

// reset drops what the snapshots hold and starts counting again; a
// listing still running is kept (its readers wait on it, and writes still
// reach it). Called with mu held.
func (s *listingState[T]) reset() {
	s.armed, s.reads, s.gather, s.bound = false, 0, nil, 0
	for p, e := range s.parents {
		if !e.running {
			delete(s.parents, p)
		}
	}
}

// start records that parent's listing starts. Called with mu held.
func (s *listingState[T]) start(parent string) *listingSnapshot[T] {
	e := &listingSnapshot[T]{running: true, done: make(chan struct{}), written: map[string]bool{}, bound: RefreshListMaxPages}
	if s.bound > 0 {
		e.bound = s.bound
	}
	s.parents[parent] = e
	return e
}

// endWindow ends the gathering window gather at once, as every slot
// waits in a gathering (gathering.go), arming the kind when reads (two or
// more) of its refreshes wait in it: its listings read at most
// RefreshListMaxPages / RefreshListAfter pages a refresh. Called without
// mu.
func (s *listingState[T]) endWindow(gather chan struct{}, reads int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.gathering || s.gather != gather {
		return
	}
	s.gathering = false
	s.gatherEnd.Stop()
	close(gather)
	if reads >= 2 && !s.armed {
		s.armed, s.armedAt, s.bound = true, time.Now(), reads*RefreshListMaxPages/RefreshListAfter
	}
}

// endGatheringAfter ends the gathering window gather after d, unless the
// listing started first: the reads waiting in it then make their GETs. It
// returns the window's timer, which each refresh joining the window resets.
func (s *listingState[T]) endGatheringAfter(d time.Duration, gather chan struct{}) *time.Timer {
	return time.AfterFunc(d, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.gathering && s.gather == gather {
			s.gathering = false
			close(gather)
		}
	})
}

// run takes parent's listing into e, of state s, reading at most
// RefreshListMaxPages pages and one more per GET made in its place.
func (l *Listing[C, T]) run(ctx context.Context, c C, s *listingState[T], parent string, e *listingSnapshot[T]) {
	start := time.Now()
	all, err := l.listAll(ctx, c, parent, e.bound+e.fellBack)
	s.mu.Lock()
	defer s.mu.Unlock()
	e.objects = make(map[string]T, len(all))
	for i := range all {
		if id := l.ID(&all[i]); !e.writtenAll && !e.written[id] {
			e.objects[id] = all[i]
		}
	}
	if tooMany := (errTooManyPages{}); errors.As(err, &tooMany) {
		e.pages = tooMany.pages
	}
	e.takenAt, e.written, e.running = start, nil, false
	close(e.done)
	fields := map[string]any{"kind": l.What, "objects": len(all), "duration_ms": time.Since(start).Milliseconds()}
	if parent != "" {
		fields["parent"] = parent
	}
	if err != nil {
		fields["error"] = err.Error()
		tflog.Debug(ctx, "refresh listing incomplete; its refreshes fall back to one GET each", fields)
		return
	}
	tflog.Debug(ctx, "refresh listing done", fields)
}

// errTooManyPages stops a listing larger than its page bound.
type errTooManyPages struct{ pages int }

func (e errTooManyPages) Error() string {
	if e.pages == 0 {
		return "listing would take more pages than the refresh listing's bound"
	}
	return "listing would take " + strconv.Itoa(e.pages) + " pages, more than the refresh listing's bound"
}

// listAll lists every object of parent with the largest page, the pages
// after the first concurrently when the first says how many there are
// (one after another while the API leaves total_count out). It returns
// what it got, with an error when a page failed or the listing exceeds
// maxPages (then only the first page's objects, or the first maxPages').
func (l *Listing[C, T]) listAll(ctx context.Context, c C, parent string, maxPages int) ([]T, error) {
	if l.Limit == 0 {
		all, _, err := l.Page(c, ctx, parent, 0, 0)
		return all, err
	}
	first, meta, err := l.Page(c, ctx, parent, l.Limit, 0)
	switch {
	case err != nil:
		return nil, err
	case len(first) == 0 || meta.Next == nil && (meta.TotalCount == 0 || meta.TotalCount <= len(first)):
		return first, nil
	case meta.TotalCount == 0:
		all := first
		for n := 1; ; n++ {
			if n >= maxPages {
				return all, errTooManyPages{}
			}
			objs, meta, err := l.Page(c, ctx, parent, l.Limit, len(all))
			if err != nil {
				return all, err
			}
			all = append(all, objs...)
			if meta.Next == nil || len(objs) == 0 {
				return all, nil
			}
		}
	}
	if pages := (meta.TotalCount + l.Limit - 1) / l.Limit; pages > maxPages {
		return first, errTooManyPages{pages}
	}
	all, _, err := FetchPages(ctx, l.Limit, meta.TotalCount, func(ctx context.Context, offset int) ([]T, int, error) {
		if offset == 0 {
			return first, meta.TotalCount, nil
		}
		objs, _, err := l.Page(c, ctx, parent, l.Limit, offset)
		return objs, meta.TotalCount, err
	})
	return all, err
}
