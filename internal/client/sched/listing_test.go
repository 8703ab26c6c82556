package sched

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
)

// The refresh listing's own tests, on a fake kind whose list and GET are
// Go functions that count their calls; endpoint_cache_test.go has the
// endpoints' through the emulator.

type fakeItem struct{ parent, id, v string }

// fakeKind holds objects by parent; its listing pages by limit, and
// leaves total_count out when noTotal is set.
type fakeKind struct {
	mu       sync.Mutex
	objects  map[string][]fakeItem // by parent
	hidden   map[string]bool       // ids the list leaves out (GET still has them)
	noTotal  bool
	failList bool
	delay    time.Duration  // each list call takes this long
	pages    map[string]int // list calls by parent
	gets     int
}

func newFakeKind(parents map[string]int) *fakeKind {
	k := &fakeKind{objects: map[string][]fakeItem{}, hidden: map[string]bool{}, pages: map[string]int{}}
	for p, n := range parents {
		for i := range n {
			k.objects[p] = append(k.objects[p], fakeItem{parent: p, id: fmt.Sprintf("%s-%d", p, i), v: "listed"})
		}
	}
	return k
}

func (k *fakeKind) listing(limit int) *Listing[*fakeHost, fakeItem] {
	return &Listing[*fakeHost, fakeItem]{
		What:  "fakes",
		Limit: limit,
		Page: func(_ *fakeHost, _ context.Context, parent string, limit, offset int) ([]fakeItem, ListMeta, error) {
			time.Sleep(k.delay)
			k.mu.Lock()
			defer k.mu.Unlock()
			k.pages[parent]++
			if k.failList {
				return nil, ListMeta{}, errors.New("listing refused")
			}
			var visible []fakeItem
			for _, o := range k.objects[parent] {
				if !k.hidden[o.id] {
					visible = append(visible, o)
				}
			}
			if limit == 0 {
				return visible, ListMeta{}, nil
			}
			end := min(offset+limit, len(visible))
			meta := ListMeta{Limit: limit, Offset: offset}
			if !k.noTotal {
				meta.TotalCount = len(visible)
			}
			if end < len(visible) {
				next := "more"
				meta.Next = &next
			}
			return visible[offset:end], meta, nil
		},
		ID: func(o *fakeItem) string { return o.id },
		Get: func(_ *fakeHost, _ context.Context, parent, id string) (*fakeItem, error) {
			k.mu.Lock()
			defer k.mu.Unlock()
			k.gets++
			for _, o := range k.objects[parent] {
				if o.id == id {
					o.v = "got"
					return &o, nil
				}
			}
			return nil, errNotFound
		},
	}
}

func (k *fakeKind) listCalls() (n int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, c := range k.pages {
		n += c
	}
	return n
}

type ref struct{ parent, id string }

// refreshFakes refreshes refs with 10 workers, as terraform
// -parallelism=10, and returns how many the listing answered.
func refreshFakes(t *testing.T, c *fakeHost, l *Listing[*fakeHost, fakeItem], refs []ref) (listed int) {
	t.Helper()
	var errs []error
	clienttest.InParallel(refs, func(r ref, mu *sync.Mutex) {
		o, fromList, err := l.Refresh(context.Background(), c, r.parent, r.id)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: %w", r.id, err))
		case o.id != r.id:
			errs = append(errs, fmt.Errorf("refresh of %s read %s", r.id, o.id))
		case fromList != (o.v == "listed"):
			errs = append(errs, fmt.Errorf("refresh of %s: listed %v, but the object came from %s", r.id, fromList, o.v))
		case fromList:
			listed++
		}
	})
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
	return listed
}

func refsOf(k *fakeKind, parents ...string) []ref {
	var refs []ref
	for _, p := range parents {
		for _, o := range k.objects[p] {
			refs = append(refs, ref{p, o.id})
		}
	}
	return refs
}

// A child kind counts its refreshes over every parent, then lists each
// parent once, when a refresh first names it.
func TestListingListsEachParentOnce(t *testing.T) {
	k := newFakeKind(map[string]int{"a": 7, "b": 4, "c": 1})
	l := k.listing(0)
	c := fakeClient(t, time.Minute)
	listed := refreshFakes(t, c, l, refsOf(k, "a", "b", "c"))
	if listed != 12 || k.gets != 0 {
		t.Fatalf("12 refreshes of 3 parents: %d listed, %d GETs; want every one listed", listed, k.gets)
	}
	for _, p := range []string{"a", "b", "c"} {
		if k.pages[p] != 1 {
			t.Errorf("parent %s was listed %d times, want once", p, k.pages[p])
		}
	}
	// Each id once: a second refresh of the same link is a GET.
	if _, fromList, err := l.Refresh(context.Background(), c, "a", "a-0"); err != nil || fromList || k.gets != 1 {
		t.Fatalf("a second refresh of a-0: listed %v, %v, %d GETs; want one GET", fromList, err, k.gets)
	}
	if n := k.listCalls(); n != 3 {
		t.Fatalf("%d list calls, want 3", n)
	}
}

// A listing whose pages leave total_count out is read page after page, and
// stops at the page bound.
func TestListingWithoutTotalStopsAtThePageBound(t *testing.T) {
	k := newFakeKind(map[string]int{"": 45})
	k.noTotal = true
	l := k.listing(10)
	c := fakeClient(t, 0)
	got, err := l.listAll(context.Background(), c, "", 3)
	var tooMany errTooManyPages
	if !errors.As(err, &tooMany) || len(got) != 30 || k.pages[""] != 3 {
		t.Fatalf("45 objects bounded at 3 pages of 10: %d objects, %d calls, %v", len(got), k.pages[""], err)
	}
	k.pages[""] = 0
	if got, err := l.listAll(context.Background(), c, "", 5); err != nil || len(got) != 45 || k.pages[""] != 5 {
		t.Fatalf("45 objects in pages of 10: %d objects, %d calls, %v", len(got), k.pages[""], err)
	}
	// With total_count the bound is known from the first page.
	k.noTotal, k.pages[""] = false, 0
	if got, err := l.listAll(context.Background(), c, "", 4); !errors.As(err, &tooMany) || tooMany.pages != 5 || len(got) != 10 || k.pages[""] != 1 {
		t.Fatalf("45 objects bounded at 4 pages, with total_count: %d objects, %d calls, %v", len(got), k.pages[""], err)
	}
}

// A listing past the page bound stops after its first page, and its
// refreshes make their GETs only until those pay for the listing's pages
// (P - RefreshListMaxPages of them); the rest come from one whole listing.
// A small refresh of a large account never lists it.
func TestListingPastItsBoundListsOnceTheGETsPayForIt(t *testing.T) {
	for _, tc := range []struct {
		name              string
		objects, limit, R int
		// the most list calls and GETs the refresh of R may make
		maxPages, maxGets int
	}{
		// 120 pages: the first, then 20 GETs (and what the other nine
		// workers had started), then the 120 pages.
		{"120 pages", RefreshListMaxPages + 20, 1, RefreshListMaxPages + 20, 121, 29},
		// 10,000 endpoints' 500 pages of 20: 400 GETs, then the listing;
		// at most 0.10 requests per object.
		{"10,000 in pages of 20", 10000, 20, 10000, 501, 409},
		// Ten refreshes of the same account: the first page and ten GETs.
		{"10 of 10,000", 10000, 20, 10, 1, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newFakeKind(map[string]int{"": tc.objects})
			c := fakeClient(t, time.Minute)
			refs := refsOf(k, "")[tc.objects-tc.R:] // the last ones: not on the first page
			listed := refreshFakes(t, c, k.listing(tc.limit), refs)
			pages := k.listCalls()
			if pages > tc.maxPages || k.gets > tc.maxGets || listed+k.gets != tc.R {
				t.Fatalf("%d refreshes of %d objects in pages of %d: %d list calls, %d GETs, %d listed; want at most %d list calls and %d GETs",
					tc.R, tc.objects, tc.limit, pages, k.gets, listed, tc.maxPages, tc.maxGets)
			}
			if perObject := float64(pages+k.gets) / float64(tc.R); tc.R >= 10000 && perObject > 0.10 {
				t.Fatalf("%d refreshes made %.3f requests per object, want at most 0.10", tc.R, perObject)
			}
			if bound := 2*tc.R + RefreshListMaxPages + 1; pages+k.gets > bound {
				t.Fatalf("%d refreshes made %d requests, more than 2R + RefreshListMaxPages + 1 = %d", tc.R, pages+k.gets, bound)
			}
		})
	}
}

// A snapshot older than RefreshListMaxAge answers nothing: counting starts
// again, and the next listing is a new one.
func TestListingSnapshotExpires(t *testing.T) {
	k := newFakeKind(map[string]int{"": 30})
	l := k.listing(20)
	c := fakeClient(t, time.Minute)
	refs := refsOf(k, "")
	if listed := refreshFakes(t, c, l, refs[:10]); listed != 10 || k.pages[""] != 2 {
		t.Fatalf("first 10: %d listed, %d pages", listed, k.pages[""])
	}
	s := l.state(c)
	s.mu.Lock()
	s.armedAt = s.armedAt.Add(-RefreshListMaxAge - time.Second)
	s.parents[""].takenAt = s.armedAt
	s.mu.Unlock()
	c.Scheduler().GatherWindow = 0
	if _, fromList, err := l.Refresh(context.Background(), c, "", refs[20].id); err != nil || fromList || k.gets != 1 {
		t.Fatalf("a refresh after the snapshot's age: listed %v, %v, %d GETs; want a GET", fromList, err, k.gets)
	}
	// Nine more (the 10th since the reset) list again. One after another:
	// refreshes in parallel may start after the 10th's listing and be
	// served by it, which would make the count depend on timing.
	listed := 0
	for _, r := range refs[21:30] {
		o, fromList, err := l.Refresh(context.Background(), c, r.parent, r.id)
		if err != nil || o.id != r.id {
			t.Fatalf("refresh of %s: %v, %v", r.id, o, err)
		}
		if fromList {
			listed++
		}
	}
	if listed != 1 || k.pages[""] != 4 || k.gets != 9 {
		t.Fatalf("after the reset: %d listed, %d pages, %d GETs; want 8 more GETs, then a new listing", listed, k.pages[""], k.gets)
	}
}

// A write of this client drops what it wrote: one id, or a parent's whole
// snapshot when the write names no id (a link of several numbers), while
// the listing runs or after.
func TestListingDropsWrites(t *testing.T) {
	k := newFakeKind(map[string]int{"a": 5, "b": 5, "c": 5})
	l := k.listing(0)
	c := fakeClient(t, 0)
	s := l.state(c)
	s.mu.Lock()
	s.armed, s.armedAt = true, time.Now()
	ea := s.start("a")
	s.mu.Unlock()
	l.forget(c.Scheduler(), "a", "")
	l.run(context.Background(), c, s, "a", ea)
	for _, r := range []ref{{"b", "b-0"}, {"c", "c-0"}} {
		if _, ok := l.fromSnapshot(context.Background(), c, r.parent, r.id); !ok {
			t.Fatalf("%s of an untouched parent was not served from its listing", r.id)
		}
	}
	l.forget(c.Scheduler(), "b", "")
	l.forget(c.Scheduler(), "c", "c-3")
	for _, r := range refsOf(k, "a", "b", "c") {
		_, ok := l.fromSnapshot(context.Background(), c, r.parent, r.id)
		want := r.parent == "c" && r.id != "c-3" && r.id != "c-0"
		if ok != want {
			t.Errorf("%s served from the snapshot: %v, want %v", r.id, ok, want)
		}
	}
}

// A failed listing answers nothing: every refresh is a GET; and an id the
// listing leaves out is a GET too, whose 404 alone says it is gone.
func TestListingFallsBackToGet(t *testing.T) {
	k := newFakeKind(map[string]int{"": 25})
	k.failList = true
	l := k.listing(20)
	c := fakeClient(t, time.Minute)
	if listed := refreshFakes(t, c, l, refsOf(k, "")); listed != 0 || k.gets != 25 || k.pages[""] != 1 {
		t.Fatalf("a failed listing: %d listed, %d GETs, %d list calls; want one listing and 25 GETs", listed, k.gets, k.pages[""])
	}

	k = newFakeKind(map[string]int{"": 25})
	l = k.listing(20)
	k.hidden["-3"], k.hidden["-17"] = true, true
	c = fakeClient(t, time.Minute)
	if listed := refreshFakes(t, c, l, refsOf(k, "")); listed != 23 || k.gets != 2 {
		t.Fatalf("2 of 25 left out of the listing: %d listed, %d GETs; want 23 and the 2 GETs", listed, k.gets)
	}
	if _, _, err := l.Refresh(context.Background(), c, "", "-99"); !errors.Is(err, errNotFound) {
		t.Fatalf("an id nobody has = %v, want the GET's errNotFound", err)
	}
}

// TestListingExists: the existence checks of one client, however many
// and however concurrent, cost one listing; an id the listing lacks is
// read with the GET, and only its 404 says the object does not exist;
// an id this client wrote since is read again; a second look at a listed
// id is still answered from the listing (a check, unlike a refresh,
// takes nothing out of it).
func TestListingExists(t *testing.T) {
	k := newFakeKind(map[string]int{"": 30})
	l := k.listing(10)
	c := fakeClient(t, 0)
	var refs []ref
	for i := range 30 {
		refs = append(refs, ref{"", fmt.Sprintf("-%d", i)}, ref{"", fmt.Sprintf("-%d", i)})
	}
	var errs []error
	clienttest.InParallel(refs, func(r ref, mu *sync.Mutex) {
		ok, err := l.Exists(context.Background(), c, r.parent, r.id)
		mu.Lock()
		defer mu.Unlock()
		if err != nil || !ok {
			errs = append(errs, fmt.Errorf("%s: exists %v, %v", r.id, ok, err))
		}
	})
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
	if n := k.listCalls(); n != 3 || k.gets != 0 {
		t.Fatalf("60 checks of 30 listed ids made %d list pages and %d GETs, want 3 pages (one listing) and no GET", n, k.gets)
	}
	if ok, err := l.Exists(context.Background(), c, "", "missing"); ok || err != nil {
		t.Fatalf("a missing id: exists %v, %v", ok, err)
	}
	if k.gets != 1 {
		t.Fatalf("a missing id made %d GETs, want 1", k.gets)
	}
	// Deleted by this client after the listing: the GET says so.
	k.mu.Lock()
	k.objects[""] = k.objects[""][1:]
	k.mu.Unlock()
	l.forget(c.Scheduler(), "", "-0")
	if ok, err := l.Exists(context.Background(), c, "", "-0"); ok || err != nil {
		t.Fatalf("an id deleted by this client: exists %v, %v", ok, err)
	}
	if n := k.listCalls(); n != 3 || k.gets != 2 {
		t.Fatalf("after the delete: %d list pages and %d GETs, want 3 and 2", n, k.gets)
	}
	// A failed listing: every check falls back to a GET.
	k2 := newFakeKind(map[string]int{"": 3})
	k2.failList = true
	l2 := k2.listing(10)
	if ok, err := l2.Exists(context.Background(), c, "", "-1"); !ok || err != nil || k2.gets != 1 {
		t.Fatalf("after a failed listing: exists %v, %v, %d GETs; want true, nil, 1", ok, err, k2.gets)
	}
}

// When every slot waits in a gathering window, nothing more can come: 9
// refreshes of one kind and 1 of another, with a 3 s window, end
// their windows at once; the kind with 9 is listed (2 pages), the other
// makes its GET. Before, each kind waited out its window and then every
// refresh made its GET.
func TestRefreshWindowsEndWhenEverySlotWaits(t *testing.T) {
	a, b := newFakeKind(map[string]int{"": 30}), newFakeKind(map[string]int{"": 5})
	listedA, listedB := fillSlots(t, a, b, fakeRefs(0, 1, 2, 3, 4, 5, 6, 7, 8), fakeRefs(0))
	if listedA != 9 || a.listCalls() != 2 || a.gets != 0 || listedB != 0 || b.listCalls() != 0 || b.gets != 1 {
		t.Fatalf("9 + 1 refreshes filling the slots: kind of 9: %d listed, %d list calls and %d GETs, kind of 1: %d, %d and %d; want 9, 2, 0, 0, 0, 1",
			listedA, a.listCalls(), a.gets, listedB, b.listCalls(), b.gets)
	}
}

// A kind listed because every slot waited reads at most 10 pages for
// each refresh waiting (RefreshListMaxPages / RefreshListAfter): 4
// refreshes of a kind of 50 pages (beside 6 of a kind of one page) read
// the first page, which holds them, and stop.
func TestRefreshWindowsEndReadsNoMorePagesThanRefreshesPayFor(t *testing.T) {
	a, b := newFakeKind(map[string]int{"": 1000}), newFakeKind(map[string]int{"": 10})
	listedA, listedB := fillSlots(t, a, b, fakeRefs(0, 1, 2, 3), fakeRefs(0, 1, 2, 3, 4, 5))
	if listedB != 6 || b.listCalls() != 1 || b.gets != 0 {
		t.Fatalf("6 refreshes of a listing of 1 page: %d listed, %d list calls, %d GETs; want 6, 1, 0", listedB, b.listCalls(), b.gets)
	}
	if listedA != 4 || a.listCalls() != 1 || a.gets != 0 {
		t.Fatalf("4 refreshes of a listing of 50 pages: %d listed, %d list calls, %d GETs; want 4, 1, 0", listedA, a.listCalls(), a.gets)
	}
}

// ... and reads it whole within that: 2 refreshes of a kind of 20 pages
// (beside 8 of another) read the 20 pages, not the first page and a GET
// for each refresh it lacks, then the 20 pages again for the refreshes
// that follow (28 requests for the waits mix's 400 endpoints).
func TestRefreshWindowsEndReadsTheWholeListingTheRefreshesPayFor(t *testing.T) {
	a, b := newFakeKind(map[string]int{"": 400}), newFakeKind(map[string]int{"": 10})
	listedA, _ := fillSlots(t, a, b, fakeRefs(150, 350), fakeRefs(0, 1, 2, 3, 4, 5, 6, 7)) // a's beyond its first page
	if listedA != 2 || a.listCalls() != 20 || a.gets != 0 {
		t.Fatalf("2 refreshes of a listing of 20 pages: %d listed, %d list calls, %d GETs; want 2, 20, 0", listedA, a.listCalls(), a.gets)
	}
}

// fillSlots fills Terraform's 10 slots with refreshes of two kinds, each
// with a 3 s gathering window: refsA of a, which all wait in a's window,
// then refsB of b beside them. It returns how many of each the listings
// answered.
func fillSlots(t *testing.T, a, b *fakeKind, refsA, refsB []ref) (listedA, listedB int) {
	t.Helper()
	la, lb := a.listing(20), b.listing(20)
	c := fakeClient(t, 3*time.Second)
	got := make(chan int, 1)
	go func() { got <- refreshFakes(t, c, la, refsA) }()
	waitWindowReads(la.state(c), len(refsA))
	listedB = refreshFakes(t, c, lb, refsB)
	return <-got, listedB
}

// fakeRefs names objects -n of a kind the account lists.
func fakeRefs(ns ...int) []ref {
	refs := make([]ref, 0, len(ns))
	for _, n := range ns {
		refs = append(refs, ref{"", fmt.Sprintf("-%d", n)})
	}
	return refs
}

// waitWindowReads waits until n refreshes of s have come.
func waitWindowReads(s *listingState[fakeItem], n int) {
	for {
		s.mu.Lock()
		reads := s.reads
		s.mu.Unlock()
		if reads >= n {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// A write forgets its object under every filter of a narrowed listing: a
// number moved to another subaccount is read again, not served from the
// listing of the subaccount it left.
func TestNarrowedListingWriteForgetsUnderEveryFilter(t *testing.T) {
	for _, narrowed := range []bool{true, false} {
		t.Run(fmt.Sprintf("narrowed=%v", narrowed), func(t *testing.T) {
			k := newFakeKind(map[string]int{"SA1": 12})
			l := k.listing(20)
			l.Narrowed = narrowed
			c := fakeClient(t, 0)
			refs := refsOf(k, "SA1")
			// Arm the listing with the first ten, served from its snapshot.
			if got := refreshFakes(t, c, l, refs[:RefreshListAfter]); got == 0 {
				t.Fatalf("the listing answered none of the first %d refreshes", RefreshListAfter)
			}
			// A write that names no filter, as an update of the object does.
			id := refs[len(refs)-1].id
			l.forget(c.Scheduler(), "", id)
			o, fromList, err := l.Refresh(context.Background(), c, "SA1", id)
			if err != nil {
				t.Fatal(err)
			}
			if narrowed == fromList {
				t.Errorf("after a write, the refresh came from the listing: %v (%s); want %v", fromList, o.v, !narrowed)
			}
		})
	}
}

// A read waiting in the window stops waiting when its context ends, and
// the window stays open for the others.
func TestRefreshGatheringHonoursCancellation(t *testing.T) {
	k := newFakeKind(map[string]int{"": 1})
	l := k.listing(20)
	c := fakeClient(t, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan bool)
	go func() {
		_, ok := l.fromSnapshot(ctx, c, "", "-0")
		served <- ok
	}()
	gathering := func() bool {
		s := l.state(c)
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.gathering
	}
	for deadline := time.Now().Add(10 * time.Second); !gathering(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the first read did not open the gathering window")
		}
	}
	cancel()
	select {
	case ok := <-served:
		if ok {
			t.Fatal("a cancelled read was served from a snapshot")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a cancelled read still waits in the gathering window")
	}
	if _, fromList, err := l.Refresh(ctx, c, "", "-0"); err != nil || fromList || k.gets != 1 {
		t.Fatalf("a refresh with a cancelled context: listed %v, %v, %d GETs; want its GET at once", fromList, err, k.gets)
	}
	if !gathering() {
		t.Fatal("the window closed when its reads were cancelled")
	}
}
