package sched

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

func TestFetchPagesKeepsOrderAndStopsAtMaxItems(t *testing.T) {
	const total = 97
	var calls atomic.Int32
	fetch := func(_ context.Context, offset int) ([]int, int, error) {
		calls.Add(1)
		var out []int
		for i := offset; i < min(offset+20, total); i++ {
			out = append(out, i)
		}
		return out, total, nil
	}
	for _, tc := range []struct{ maxItems, wantLen, wantCalls int }{
		{1000, 97, 5}, {20, 20, 1}, {21, 21, 2}, {60, 60, 3}, {5, 5, 1},
	} {
		calls.Store(0)
		got, gotTotal, err := FetchPages(context.Background(), 20, tc.maxItems, fetch)
		if err != nil || gotTotal != total || len(got) != tc.wantLen || int(calls.Load()) != tc.wantCalls {
			t.Errorf("maxItems %d: %d items, total %d, %d calls, %v; want %d items, %d calls", tc.maxItems, len(got), gotTotal, calls.Load(), err, tc.wantLen, tc.wantCalls)
			continue
		}
		for i, v := range got {
			if v != i {
				t.Errorf("maxItems %d: item %d is %d: order lost", tc.maxItems, i, v)
				break
			}
		}
	}
	boom := errors.New("boom")
	_, _, err := FetchPages(context.Background(), 20, 1000, func(_ context.Context, offset int) ([]int, int, error) {
		if offset == 40 {
			return nil, 0, fmt.Errorf("page at 40: %w", boom)
		}
		return make([]int, 20), 100, nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("a failed page: err = %v", err)
	}
}
