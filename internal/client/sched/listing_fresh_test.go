package sched

import (
	"context"
	"sync"
	"testing"
	"time"
)

// freshListing is k's listing read after create: Fresh takes the page as
// it is when called, then takes lag to answer, so that a round started
// before an object existed cannot hold it.
func freshListing(k *fakeKind, lag time.Duration) *Listing[*fakeHost, fakeItem] {
	l := k.listing(20)
	page := l.Page
	l.Fresh = func(c *fakeHost, ctx context.Context, parent string, _ []string, limit, offset int) ([]fakeItem, ListMeta, error) {
		k.delay = 0
		objs, meta, err := page(c, ctx, parent, limit, offset)
		time.Sleep(lag)
		return objs, meta, err
	}
	return l
}

// afterCreates reads ids after their create, concurrently, and returns
// how many the listing served (v "listed"; Get gives "got").
func afterCreates(t *testing.T, c *fakeHost, l *Listing[*fakeHost, fakeItem], ids ...string) (listed int) {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o, err := l.AfterCreate(context.Background(), c, "", id)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Errorf("%s: %v", id, err)
			case o.id != id:
				t.Errorf("read %s, got %s", id, o.id)
			case o.v == "listed":
				listed++
			}
		}()
	}
	wg.Wait()
	return listed
}

// Ten reads after create in one burst cost one list call, not ten GETs.
func TestAfterCreateSharesOnePage(t *testing.T) {
	k := newFakeKind(map[string]int{"": 15})
	c := fakeClient(t, 20*time.Millisecond)
	l := freshListing(k, 0)
	ids := make([]string, 0, 10)
	for i := range 10 {
		ids = append(ids, k.objects[""][i].id)
	}
	if listed := afterCreates(t, c, l, ids...); listed != 10 || k.listCalls() != 1 || k.gets != 0 {
		t.Fatalf("10 reads after create: %d served by the listing, %d list calls, %d GETs; want 10, 1, 0", listed, k.listCalls(), k.gets)
	}
	// One read alone is one GET, as before.
	if listed := afterCreates(t, c, l, ids[0]); listed != 0 || k.listCalls() != 1 || k.gets != 1 {
		t.Fatalf("one read after create: %d served by the listing, %d list calls, %d GETs; want 0, 1, 1", listed, k.listCalls(), k.gets)
	}
}

// A read after create never joins a round whose listing started before it
// asked: objects created while a round lists are read by the next round.
func TestAfterCreateNeverServedByAnEarlierListing(t *testing.T) {
	k := newFakeKind(map[string]int{"": 2})
	c := fakeClient(t, 10*time.Millisecond)
	l := freshListing(k, 200*time.Millisecond)
	first := make(chan int)
	go func() { first <- afterCreates(t, c, l, "-0", "-1") }()
	time.Sleep(100 * time.Millisecond) // the first round has taken its page
	k.mu.Lock()
	k.objects[""] = append(k.objects[""], fakeItem{id: "new-a", v: "listed"}, fakeItem{id: "new-b", v: "listed"})
	k.mu.Unlock()
	if listed := afterCreates(t, c, l, "new-a", "new-b"); listed != 2 || k.gets != 0 {
		t.Fatalf("objects created during a round's listing: %d served by a listing, %d GETs; want 2 by the next round's, 0", listed, k.gets)
	}
	if listed := <-first; listed != 2 || k.listCalls() != 2 {
		t.Fatalf("first round: %d served, %d list calls in all; want 2, 2", listed, k.listCalls())
	}
}

// A listing not newest first is read only while it takes fewer pages than
// the round has reads: ids the pages lack are read with Get, and once a
// round has seen the listing's size, later rounds of as few reads make
// their Gets without listing.
func TestAfterCreatePagesBounded(t *testing.T) {
	k := newFakeKind(map[string]int{"": 200})
	c := fakeClient(t, 20*time.Millisecond)
	l := freshListing(k, 0)
	ids := []string{"-150", "-160", "-170", "-180", "-190", "-199"} // beyond the first page
	if listed := afterCreates(t, c, l, ids...); listed != 0 || k.listCalls() != 1 || k.gets != 6 {
		t.Fatalf("6 reads of a listing of 10 pages: %d served, %d list calls, %d GETs; want 0, 1, 6", listed, k.listCalls(), k.gets)
	}
	if listed := afterCreates(t, c, l, ids...); listed != 0 || k.listCalls() != 1 || k.gets != 12 {
		t.Fatalf("6 more reads of it: %d served, %d list calls, %d GETs; want 0, 1 (no new one), 12", listed, k.listCalls(), k.gets)
	}
	// Newest first, the first page holds what was just created.
	k.objects[""] = append([]fakeItem{{id: "new-a", v: "listed"}, {id: "new-b", v: "listed"}}, k.objects[""]...)
	l.FreshNewest = true
	if listed := afterCreates(t, c, l, "new-a", "new-b"); listed != 2 || k.listCalls() != 2 || k.gets != 12 {
		t.Fatalf("2 reads of a listing newest first: %d served, %d list calls, %d GETs; want 2, 2, 12", listed, k.listCalls(), k.gets)
	}
}

// Reads that keep joining less than a window apart share one round: ten
// creates finishing 50 ms apart over 450 ms, with a 150 ms window, cost
// one list call. With a window counted from the first read they took
// four rounds.
func TestAfterCreateRoundGathersWhileReadsKeepComing(t *testing.T) {
	k := newFakeKind(map[string]int{"": 15})
	c := fakeClient(t, 150*time.Millisecond)
	l := freshListing(k, 0)
	var wg sync.WaitGroup
	listed := make(chan int, 10)
	for i := range 10 {
		if i > 0 {
			time.Sleep(50 * time.Millisecond)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			listed <- afterCreates(t, c, l, k.objects[""][i].id)
		}()
	}
	wg.Wait()
	close(listed)
	n := 0
	for v := range listed {
		n += v
	}
	if n != 10 || k.listCalls() != 1 || k.gets != 0 {
		t.Fatalf("10 reads 50 ms apart, 150 ms window: %d served by the listing, %d list calls, %d GETs; want 10, 1, 0", n, k.listCalls(), k.gets)
	}
}

// A listing not newest first is read to its end when its pages left are
// fewer than the ids not yet found: ten ids over the last seven of eight
// pages cost the eight pages, not the five pages and five GETs of a bound
// at half the reads.
func TestAfterCreateReadsEveryPageWhenCheaperThanGets(t *testing.T) {
	k := newFakeKind(map[string]int{"": 160})
	c := fakeClient(t, 20*time.Millisecond)
	l := freshListing(k, 0)
	ids := []string{"-25", "-35", "-45", "-65", "-85", "-105", "-125", "-140", "-150", "-159"}
	if listed := afterCreates(t, c, l, ids...); listed != 10 || k.listCalls() != 8 || k.gets != 0 {
		t.Fatalf("10 reads over 7 of 8 pages: %d served by the listing, %d list calls, %d GETs; want 10, 8, 0", listed, k.listCalls(), k.gets)
	}
}

// Reads of creates expected under way wait for them: three creates that
// end 120 ms apart, longer than the 50 ms window, share one round when
// each said it would read after (Expect). Without, each made its GET.
func TestAfterCreateWaitsForExpectedCreates(t *testing.T) {
	k := newFakeKind(map[string]int{"": 15})
	c := fakeClient(t, 50*time.Millisecond)
	l := freshListing(k, 0)
	var expected []*Expected[*fakeHost, fakeItem]
	for range 3 {
		expected = append(expected, l.Expect(c, ""))
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	listed := 0
	for i, e := range expected {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer e.Done()
			time.Sleep(time.Duration(i) * 120 * time.Millisecond) // the create
			o, err := e.AfterCreate(context.Background(), k.objects[""][i].id)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Error(err)
			} else if o.v == "listed" {
				listed++
			}
		}()
	}
	wg.Wait()
	if listed != 3 || k.listCalls() != 1 || k.gets != 0 {
		t.Fatalf("3 expected creates ending 120 ms apart: %d served by the listing, %d list calls, %d GETs; want 3, 1, 0", listed, k.listCalls(), k.gets)
	}
}

// An expected create that ends without reading (it failed) stops holding
// the round at once; one that never ends holds it at most RefreshListAfter
// windows.
func TestAfterCreateExpectationEnds(t *testing.T) {
	k := newFakeKind(map[string]int{"": 15})
	c := fakeClient(t, time.Second) // the bound: 10 s
	l := freshListing(k, 0)
	reader, failed := l.Expect(c, ""), l.Expect(c, "")
	time.AfterFunc(100*time.Millisecond, failed.Done)
	start := time.Now()
	if _, err := reader.AfterCreate(context.Background(), k.objects[""][0].id); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("the read waited %s for a create that had ended, want one window (1 s), not the bound (10 s)", took)
	}
	if k.gets != 1 || k.listCalls() != 0 {
		t.Fatalf("a round of one read: %d GETs, %d list calls; want 1, 0", k.gets, k.listCalls())
	}

	c = fakeClient(t, 20*time.Millisecond) // the bound: 200 ms
	l.Expect(c, "")                        // never ends
	start = time.Now()
	if _, err := l.AfterCreate(context.Background(), c, "", k.objects[""][1].id); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 200*time.Millisecond || took > 5*time.Second {
		t.Fatalf("a read beside a create that never ends took %s, want the bound (200 ms)", took)
	}
}

// A round whose listing (not newest first) costs as much as its reads'
// GETs waits, within its bound, for reads that make it cheaper: once a
// round has seen the listing's 5 pages, 3 reads and 3 more coming 200 ms
// apart (longer than the 100 ms window) share one round: 5 requests (the
// pages while they cost less than the GETs left, then those), where they
// made 6 GETs.
func TestAfterCreateWaitsForReadsThatMakeTheListingCheaper(t *testing.T) {
	k := newFakeKind(map[string]int{"": 100})
	c := fakeClient(t, 100*time.Millisecond)
	l := freshListing(k, 0)
	if listed := afterCreates(t, c, l, "-0", "-1"); listed != 2 || k.listCalls() != 1 {
		t.Fatalf("the first round: %d listed, %d list calls; want 2, 1", listed, k.listCalls())
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	listed := 0
	for i, ids := range [][]string{{"-15", "-35", "-55"}, {"-75"}, {"-95"}, {"-45"}} {
		if i > 0 {
			time.Sleep(200 * time.Millisecond)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := afterCreates(t, c, l, ids...)
			mu.Lock()
			listed += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	if lists := k.listCalls() - 1; lists+k.gets != 5 || lists == 0 {
		t.Fatalf("6 reads of a listing of 5 pages: %d list calls and %d GETs; want one round, 5 requests", lists, k.gets)
	}
}
