package sched

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// The gatherings of different mechanisms count together: 6 creates
// waiting in a batch and 4 reads after create waiting in their round fill
// the 10 slots, so the batch is sent and the round lists at once.
func TestEverySlotGatheringEndsBatchesAndReadsAfterCreate(t *testing.T) {
	c := fakeClient(t, time.Minute)
	var mu sync.Mutex
	var requests [][]string
	b := &Batcher[*fakeHost, string, string]{
		What: "fake links",
		Send: func(_ context.Context, _ *fakeHost, _ string, items []string) error {
			mu.Lock()
			defer mu.Unlock()
			requests = append(requests, items)
			return nil
		},
	}
	k := newFakeKind(map[string]int{"": 15})
	l := freshListing(k, 0)
	done := make(chan int, 2)
	go func() {
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := b.Do(context.Background(), c, "campaign", fmt.Sprintf("+1555000%02d", i)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		done <- 0
	}()
	go func() { done <- afterCreates(t, c, l, "-0", "-1", "-2", "-3") }()
	listed := 0
	for range 2 {
		select {
		case n := <-done:
			listed += n
		case <-time.After(30 * time.Second):
			t.Fatal("6 creates and 4 reads after create still wait after 30 s, though together they fill every slot")
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(requests) != 1 || len(requests[0]) != 6 {
		t.Fatalf("6 creates made requests %v; want one of 6 items", requests)
	}
	if listed != 4 || k.listCalls() != 1 || k.gets != 0 {
		t.Fatalf("4 reads after create: %d served by the listing, %d list calls, %d GETs; want 4, 1, 0", listed, k.listCalls(), k.gets)
	}
}
