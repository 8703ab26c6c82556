package sched

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// The waits through listings (listing_wait.go), on the fake kind of
// listing_test.go: its item's v is the status a waiter reads.

// setStatus sets the status of id of parent.
func (k *fakeKind) setStatus(parent, id, v string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for i := range k.objects[parent] {
		if k.objects[parent][i].id == id {
			k.objects[parent][i].v = v
		}
	}
}

// remove deletes id of parent.
func (k *fakeKind) remove(parent, id string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	objs := k.objects[parent]
	for i := range objs {
		if objs[i].id == id {
			k.objects[parent] = append(objs[:i:i], objs[i+1:]...)
			return
		}
	}
}

func (k *fakeKind) getCalls() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.gets
}

// waitFor waits (wait.For, paced) until id of parent reads "done", or is
// gone (then it returns nil).
func waitFor(ctx context.Context, c *fakeHost, l *Listing[*fakeHost, fakeItem], parent, id string) (*fakeItem, error) {
	w := l.Watch(c, parent, id)
	defer w.Close()
	find := func(ctx context.Context) (*fakeItem, error) {
		o, err := w.Next(ctx)
		if errors.Is(err, errNotFound) {
			return nil, nil
		}
		return o, err
	}
	return wait.For[*fakeItem]{What: "fake " + id, Target: []string{"done", "gone"}, Paced: true,
		Status: wait.StatusOf(find, func(o *fakeItem) string {
			if o == nil {
				return "gone"
			}
			return o.v
		})}.Wait(ctx)
}

// N objects of one parent waiting at once share each round: the waits
// cost the listing's rounds, not a GET each per round, and each waiter
// sees its own object's status.
func TestWatchWaitersShareEachRound(t *testing.T) {
	const n = 40
	k := newFakeKind(map[string]int{"c1": n})
	l := k.listing(0)
	c := fakeClient(t, 0)
	for i := range n {
		k.setStatus("c1", fmt.Sprintf("c1-%d", i), "pending")
	}
	// The objects are done 300 ms from now: unshared, each waiter would
	// read 5 times (0, 100, 250, 475 ms: pending; 812 ms: done).
	time.AfterFunc(300*time.Millisecond, func() {
		for i := range n {
			k.setStatus("c1", fmt.Sprintf("c1-%d", i), "done")
		}
	})
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("c1-%d", i)
			o, err := waitFor(context.Background(), c, l, "c1", id)
			switch {
			case err != nil:
				errs <- err
			case o == nil || o.id != id || o.v != "done":
				errs <- fmt.Errorf("%s: read %+v", id, o)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// 40 waiters on one schedule: the rounds of one wait (5, a few more if
	// the waiters arrive across a round), never 40 x 5.
	if lists, gets := k.listCalls(), k.getCalls(); lists > 8 || gets != 0 {
		t.Fatalf("%d waiters made %d list calls and %d GETs; want at most 8 list calls (one per round) and no GET", n, lists, gets)
	}
}

// Waiters of different parents do not share: each parent is listed for
// its own waiters only.
func TestWatchListsEachParentForItsWaiters(t *testing.T) {
	k := newFakeKind(map[string]int{"c1": 3, "c2": 3, "c3": 3})
	l := k.listing(0)
	c := fakeClient(t, 0)
	for _, p := range []string{"c1", "c2"} {
		for i := range 3 {
			k.setStatus(p, fmt.Sprintf("%s-%d", p, i), "done")
		}
	}
	var wg sync.WaitGroup
	for _, p := range []string{"c1", "c2"} {
		for i := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := waitFor(context.Background(), c, l, p, fmt.Sprintf("%s-%d", p, i)); err != nil {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.pages["c3"] != 0 || k.pages["c1"] == 0 || k.pages["c2"] == 0 {
		t.Fatalf("list calls by parent %v: want c1 and c2 listed, c3 never", k.pages)
	}
}

// A waiter is served only by a round that started after it asked: a
// write it made before waiting is never hidden by an older listing.
func TestWatchServesOnlyRoundsStartedAfterTheWaiterAsked(t *testing.T) {
	k := newFakeKind(map[string]int{"c1": 2})
	l := k.listing(0)
	c := fakeClient(t, 0)
	k.setStatus("c1", "c1-0", "pending")
	k.setStatus("c1", "c1-1", "pending")
	first := l.Watch(c, "c1", "c1-0")
	if o, err := first.Next(context.Background()); err != nil || o.v != "pending" {
		t.Fatalf("first read: %+v, %v", o, err)
	}
	k.setStatus("c1", "c1-1", "done") // a write made before the second waiter asks
	o, err := l.Watch(c, "c1", "c1-1").Next(context.Background())
	if err != nil || o.v != "done" {
		t.Fatalf("a waiter after the write read %+v, %v; want done (a round started after it asked)", o, err)
	}
	if got := k.listCalls(); got != 2 {
		t.Fatalf("%d list calls, want 2", got)
	}
}

// Absence: from a listing one call returns whole, an object missing is
// gone (no GET); from a paged listing, absence is confirmed with Get.
func TestWatchAbsence(t *testing.T) {
	for _, tc := range []struct {
		name     string
		limit    int
		wantGets int
	}{{"whole", 0, 0}, {"paged", 2, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			k := newFakeKind(map[string]int{"c1": 5})
			l := k.listing(tc.limit)
			c := fakeClient(t, 0)
			k.remove("c1", "c1-3")
			_, err := l.Watch(c, "c1", "c1-3").Next(context.Background())
			if !errors.Is(err, errNotFound) {
				t.Fatalf("Next of a deleted object: %v; want errNotFound", err)
			}
			if got := k.getCalls(); got != tc.wantGets {
				t.Fatalf("%d GETs, want %d", got, tc.wantGets)
			}
		})
	}
}

// A failed listing answers its waiters with Get.
func TestWatchFallsBackToGetWhenTheListingFails(t *testing.T) {
	k := newFakeKind(map[string]int{"c1": 3})
	k.failList = true
	l := k.listing(0)
	c := fakeClient(t, 0)
	o, err := l.Watch(c, "c1", "c1-1").Next(context.Background())
	if err != nil || o.id != "c1-1" || o.v != "got" {
		t.Fatalf("read %+v, %v; want c1-1 from Get", o, err)
	}
}

// A waiter whose context ends leaves at once; the wait's timeout is its
// own.
func TestWatchHonoursTheWaitersContext(t *testing.T) {
	k := newFakeKind(map[string]int{"c1": 1})
	k.setStatus("c1", "c1-0", "pending")
	l := k.listing(0)
	c := fakeClient(t, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := waitFor(ctx, c, l, "c1", "c1-0")
	if !errors.Is(err, wait.ErrTimeout) {
		t.Fatalf("wait: %v; want a timeout", err)
	}
	if el := time.Since(start); el > time.Second {
		t.Fatalf("the wait took %s after its 400 ms context", el)
	}
	// Its rounds kept wait's schedule: 0, 100, 250 ms (and 475 ms past the
	// deadline, never started).
	if got := k.listCalls(); got < 2 || got > 4 {
		t.Fatalf("%d list calls in 400 ms, want wait's schedule (3)", got)
	}
}

// Newcomers ride the group's schedule: 40 waiters arriving 25 ms apart,
// each object done 300 ms after its waiter came (alone: 4 reads each, 160
// in all), with each list call taking 20 ms, cost the rounds of the
// group's schedule: a newcomer arriving while a round runs waits for the
// group's next one instead of forcing one at once.
func TestWatchNewcomersRideTheGroupsSchedule(t *testing.T) {
	const n = 40
	k := newFakeKind(map[string]int{"c1": n})
	k.delay = 20 * time.Millisecond
	l := k.listing(0)
	c := fakeClient(t, 0)
	for i := range n {
		k.setStatus("c1", fmt.Sprintf("c1-%d", i), "pending")
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 25 * time.Millisecond)
			id := fmt.Sprintf("c1-%d", i)
			time.AfterFunc(300*time.Millisecond, func() { k.setStatus("c1", id, "done") })
			if o, err := waitFor(context.Background(), c, l, "c1", id); err != nil || o == nil || o.v != "done" {
				t.Errorf("%s: %+v, %v", id, o, err)
			}
		}()
	}
	wg.Wait()
	// The group's schedule from the first arrival (0, 0.1, 0.25, 0.48,
	// 0.81, 1.3 s) covers the 1.3 s of arrivals and waits in 7 or 8 rounds;
	// newcomers forcing rounds of their own made 11 to 16.
	if lists := k.listCalls(); lists > 10 {
		t.Fatalf("%d waiters arriving in a stream made %d list calls, want at most 10 (alone 4 each)", n, lists)
	}
}

// Waiters spread over parents, one a parent at a time, ride the
// Listing's oldest wait after their first read: 12 waiters on 4 parents
// arriving 250 ms apart (a parent gets one each second), each object done
// 1 s after its waiter came. Alone, or on schedules of their parent only,
// each reads 6 times (0, 0.1, 0.25, 0.48, 0.81 s: pending; 1.3 s: done).
func TestWatchParentsRideTheListingsSchedule(t *testing.T) {
	const n, parents = 12, 4
	counts := map[string]int{}
	for i := range parents {
		counts[fmt.Sprintf("c%d", i)] = n / parents
	}
	k := newFakeKind(counts)
	l := k.listing(0)
	c := fakeClient(t, 0)
	var wg sync.WaitGroup
	for i := range n {
		p, id := fmt.Sprintf("c%d", i%parents), fmt.Sprintf("c%d-%d", i%parents, i/parents)
		k.setStatus(p, id, "pending")
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 250 * time.Millisecond)
			time.AfterFunc(time.Second, func() { k.setStatus(p, id, "done") })
			if o, err := waitFor(context.Background(), c, l, p, id); err != nil || o == nil || o.v != "done" {
				t.Errorf("%s: %+v, %v", id, o, err)
			}
		}()
	}
	wg.Wait()
	// Measured: 40 list calls; on schedules of their parent only, 48.
	if lists := k.listCalls(); lists > 44 {
		t.Fatalf("%d waiters over %d parents made %d list calls, want at most 44 (alone 6 each, 72)", n, parents, lists)
	}
}

// operatorsKind is a fake kind of n objects over parents (c0, c1 ...)
// and its Listing, settled as the operators settle a link: never at
// once (SettlesAfter 1 s).
func operatorsKind(n, parents int) (*fakeKind, *Listing[*fakeHost, fakeItem]) {
	counts := map[string]int{}
	for i := range parents {
		counts[fmt.Sprintf("c%d", i)] = n / parents
	}
	k := newFakeKind(counts)
	l := k.listing(0)
	l.SettlesAfter = time.Second
	return k, l
}

// slotStream runs n waits through l as Terraform runs a destroy's unlinks:
// slots at a time, each wait's object (of one of parents) settling
// settle after its request, a new wait starting as soon as one ends. It
// returns the list calls and the time taken.
func slotStream(t *testing.T, k *fakeKind, l *Listing[*fakeHost, fakeItem], n, slots, parents int, settle time.Duration) (int, time.Duration) {
	t.Helper()
	tasks := make([]int, n)
	for i := range n {
		tasks[i] = i
	}
	return runStream(t, k, l, tasks, slots, parents, settle, 0)
}

// runStream runs tasks, slots at a time: a task i >= 0 is a wait on
// object i/parents of parent i%parents, settled settle after its
// request; a task -1 is another operation, of otherTook. It returns the
// list calls and the time taken.
func runStream(t *testing.T, k *fakeKind, l *Listing[*fakeHost, fakeItem], tasks []int, slots, parents int, settle, otherTook time.Duration) (int, time.Duration) {
	t.Helper()
	c := fakeClient(t, 0)
	next := make(chan int, len(tasks))
	for _, i := range tasks {
		next <- i
	}
	close(next)
	start := time.Now()
	var wg sync.WaitGroup
	for range slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if i < 0 {
					time.Sleep(otherTook)
					continue
				}
				p := fmt.Sprintf("c%d", i%parents)
				id := fmt.Sprintf("%s-%d", p, i/parents)
				k.setStatus(p, id, "pending") // the request
				time.AfterFunc(settle, func() { k.setStatus(p, id, "done") })
				if o, err := waitFor(context.Background(), c, l, p, id); err != nil || o == nil || o.v != "done" {
					t.Errorf("%s: %+v, %v", id, o, err)
				}
			}
		}()
	}
	wg.Wait()
	return k.listCalls(), time.Since(start)
}

// A destroy's unlinks as the bench makes them (10 at a time, over 4
// campaigns, each settled 1 s after its request, a kind that never
// settles at once): one campaign's waits learn that the service takes
// 1 s while the others hold their first read (5 list calls and one
// round of 4), then each later batch of 10 costs one round of the 4
// campaigns, 4 list calls: 60 waits cost 28 list calls (40 when each
// campaign learned for itself), where each wait's own immediate first
// read and schedule cost about 1.6 a wait (96).
func TestWatchSlotStreamReadsAfterTheServiceCanSettle(t *testing.T) {
	const n, slots, parents = 60, 10, 4
	k, l := operatorsKind(n, parents)
	lists, took := slotStream(t, k, l, n, slots, parents, time.Second)
	t.Logf("%d waits, %d at a time over %d parents: %d list calls in %s", n, slots, parents, lists, took)
	if lists > 34 {
		t.Errorf("%d list calls, want at most 34 (one campaign's schedule until it learns, then 4 per 10 waits, and some for clock races)", lists)
	}
	if took > 11*time.Second {
		t.Errorf("the waits took %s, want about 7 s (6 rounds of the settle time) and at most 11 s", took)
	}
}

// A service that settles at once is not waited for as long as
// SettlesAfter: the first read of a wait comes by what the client has
// seen the service take. 40 waits settled 30 ms after their request, 10
// at a time, take about 4 x 100 ms, not 4 x 1.1 s.
func TestWatchFastServiceIsNotWaitedForAsSettlesAfter(t *testing.T) {
	const n, slots, parents = 40, 10, 2
	k := newFakeKind(map[string]int{"c0": n / parents, "c1": n / parents})
	l := k.listing(0)
	l.SettlesAfter = time.Second
	lists, took := slotStream(t, k, l, n, slots, parents, 30*time.Millisecond)
	t.Logf("%d waits settled after 30 ms: %d list calls in %s", n, lists, took)
	if took > 2*time.Second {
		t.Errorf("the waits took %s, want well under 4 x SettlesAfter (4.4 s): at most 2 s", took)
	}
}

// Until the service has been seen to take a while, one parent's waiters
// learn for all: 4 waits on 4 parents, each settled 1 s after it began.
// The first parent's waiter reads on the schedule (0.1, 0.25, 0.48, 0.81
// s: pending), the others hold their first read to 1.1 s, where the
// probe reads with them: 8 list calls. Each parent reading for itself
// made 20 (5 each).
func TestWatchOneParentLearnsForAll(t *testing.T) {
	const parents = 4
	counts := map[string]int{}
	for i := range parents {
		counts[fmt.Sprintf("c%d", i)] = 1
	}
	k := newFakeKind(counts)
	l := k.listing(0)
	l.SettlesAfter = time.Second
	c := fakeClient(t, 0)
	var wg sync.WaitGroup
	for i := range parents {
		p := fmt.Sprintf("c%d", i)
		k.setStatus(p, p+"-0", "pending")
		time.AfterFunc(time.Second, func() { k.setStatus(p, p+"-0", "done") })
		wg.Add(1)
		go func() {
			defer wg.Done()
			if o, err := waitFor(context.Background(), c, l, p, p+"-0"); err != nil || o == nil || o.v != "done" {
				t.Errorf("%s: %+v, %v", p, o, err)
			}
		}()
		time.Sleep(time.Millisecond) // c0 waits first
	}
	wg.Wait()
	if lists := k.listCalls(); lists > 10 {
		t.Fatalf("4 waits on 4 parents, settled after 1 s: %d list calls, want at most 10 (the first parent's 5, then one round of all 4)", lists)
	}
}

// A held waiter does not wait on a probe that never settles nor ends: it
// reads at SettlesAfter and a tenth.
func TestWatchHeldWaiterReadsAtItsCap(t *testing.T) {
	k := newFakeKind(map[string]int{"c0": 1, "c1": 1})
	l := k.listing(0)
	l.SettlesAfter = 500 * time.Millisecond
	c := fakeClient(t, 0)
	k.setStatus("c0", "c0-0", "pending") // never settles
	k.setStatus("c1", "c1-0", "done")
	ctx, cancel := context.WithCancel(context.Background())
	probe := make(chan error, 1)
	go func() { _, err := waitFor(ctx, c, l, "c0", "c0-0"); probe <- err }()
	time.Sleep(10 * time.Millisecond)
	start := time.Now()
	if o, err := waitFor(context.Background(), c, l, "c1", "c1-0"); err != nil || o == nil || o.v != "done" {
		t.Fatalf("held waiter: %+v, %v", o, err)
	}
	if took := time.Since(start); took < 500*time.Millisecond || took > 5*time.Second {
		t.Errorf("the held waiter read after %s, want at its cap (550 ms): not before, nor waiting on the probe", took)
	}
	cancel()
	if err := <-probe; !errors.Is(err, context.Canceled) {
		t.Errorf("probe: %v, want context.Canceled", err)
	}
}

// mixedStream runs n waits through l as Terraform runs a destroy's
// unlinks among its other deletes: slots at a time, the waits (over
// parents) in a fixed shuffle among others operations of otherTook each,
// each wait's object settling settle after its request. It returns the
// list calls and the time taken.
func mixedStream(t *testing.T, k *fakeKind, l *Listing[*fakeHost, fakeItem], n, others, slots, parents int, settle, otherTook time.Duration) (int, time.Duration) {
	t.Helper()
	tasks := make([]int, 0, n+others)
	for i := range n {
		tasks = append(tasks, i)
	}
	for range others {
		tasks = append(tasks, -1)
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(tasks), func(i, j int) { tasks[i], tasks[j] = tasks[j], tasks[i] })
	return runStream(t, k, l, tasks, slots, parents, settle, otherTook)
}

// A destroy's unlinks among its other deletes, at a third of the bench's
// account: 60 waits over 4 parents in a fixed shuffle among 213 others
// of 100 ms, 10 slots, each settled 1 s after its request. With a Quorum
// of 2, a parent's list waits for a second due waiter (or a second):
// measured 37 list calls, where each parent listed as its first waiter
// was due made 53.
func TestWatchQuorumAnswersMoreWaitsAList(t *testing.T) {
	const n, others, slots, parents = 60, 213, 10, 4
	k, l := operatorsKind(n, parents)
	l.Quorum, l.Patience = 2, time.Second
	lists, took := mixedStream(t, k, l, n, others, slots, parents, time.Second, 100*time.Millisecond)
	t.Logf("%d waits among %d others: %d list calls in %s", n, others, lists, took)
	if lists > 45 {
		t.Errorf("%d list calls, want at most 45 (measured 37; 53 without the Quorum)", lists)
	}
}

// quorumPair waits on two objects of one parent with l (Quorum 2,
// SettlesAfter 2 s) in a client that has seen the service take 1 s, so
// that a wait's first read is due 1.5 s after it begins: a, done, from
// the start (due at 1.5 s), b from 0.5 s (due at 2 s), done from 1.9 s
// (a round before then answers b pending). atA runs as a becomes due. It
// returns how long a's wait took and the list calls.
func quorumPair(t *testing.T, l *Listing[*fakeHost, fakeItem], k *fakeKind, c *fakeHost, atA func()) (time.Duration, int) {
	t.Helper()
	l.SettlesAfter = 2 * time.Second
	st := l.watchState(c)
	st.mu.Lock()
	st.learned, st.settling = true, time.Second
	st.mu.Unlock()
	k.setStatus("c0", "c0-0", "done")
	k.setStatus("c0", "c0-1", "pending") // a round before 1.9 s does not end b's wait
	time.AfterFunc(1900*time.Millisecond, func() { k.setStatus("c0", "c0-1", "done") })
	time.AfterFunc(1450*time.Millisecond, atA)
	b := make(chan error, 1)
	time.AfterFunc(500*time.Millisecond, func() {
		o, err := waitFor(context.Background(), c, l, "c0", "c0-1")
		if err == nil && (o == nil || o.v != "done") {
			err = fmt.Errorf("b read %+v", o)
		}
		b <- err
	})
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if o, err := waitFor(ctx, c, l, "c0", "c0-0"); err != nil || o == nil || o.v != "done" {
		t.Fatalf("a: %+v, %v", o, err)
	}
	took := time.Since(start)
	if err := <-b; err != nil {
		t.Fatalf("b: %v", err)
	}
	return took, k.listCalls()
}

// A due waiter waits for its parent's Quorum, at most Patience: a, due at
// 1.5 s, is held until b is due (at 2 s), and one list answers both
// (without the Quorum: 2 list calls, a's at 1.5 s); with a Patience of
// 250 ms, a reads at 1.75 s, before b is due, and b then reads alone.
func TestWatchQuorumHoldsADueWaiter(t *testing.T) {
	for _, tc := range []struct {
		name        string
		patience    time.Duration
		lists       int
		tookAtLeast time.Duration
	}{
		{"until its parent's next is due", time.Minute, 1, 1900 * time.Millisecond},
		{"no longer than Patience", 250 * time.Millisecond, 2, 1700 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newFakeKind(map[string]int{"c0": 2})
			l := k.listing(0)
			l.Quorum, l.Patience = 2, tc.patience
			took, lists := quorumPair(t, l, k, fakeClient(t, 0), func() {})
			if lists != tc.lists || took < tc.tookAtLeast {
				t.Errorf("a read after %s, with %d list calls; want at least %s and %d list calls", took, lists, tc.tookAtLeast, tc.lists)
			}
		})
	}
}

// A waiter held for its Quorum is gathering: when it fills the last slot
// (9 other calls wait in gatherings), every gathering ends and it reads
// at once (1.5 s), not with b (2 s): 2 list calls, where held it made 1.
func TestWatchQuorumHeldWaiterEndsWhenEverySlotGathers(t *testing.T) {
	k := newFakeKind(map[string]int{"c0": 2})
	l := k.listing(0)
	l.Quorum, l.Patience = 2, time.Minute
	c := fakeClient(t, 0)
	var ended sync.WaitGroup
	ended.Add(RefreshListAfter - 1)
	var mu sync.Mutex
	var leaves []func()
	took, lists := quorumPair(t, l, k, c, func() {
		mu.Lock()
		defer mu.Unlock()
		for range RefreshListAfter - 1 {
			var once sync.Once
			leaves = append(leaves, gatheringsOf(c).enter(&once, func(int) { once.Do(ended.Done) }))
		}
	})
	mu.Lock()
	for _, leave := range leaves {
		leave()
	}
	mu.Unlock()
	done := make(chan struct{})
	go func() { ended.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("the other 9 gatherings did not end")
	}
	if lists != 2 {
		t.Errorf("%d list calls (a read after %s); want 2: a at once, then b", lists, took)
	}
}
