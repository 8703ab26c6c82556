package wait

import (
	"context"
	"errors"
	"testing"
	"time"
)

// statuses returns a status function that reports seq in turn (the last
// one repeated) and counts its calls.
func statuses(seq ...string) (StatusFunc[int], *int) {
	calls := 0
	return func(context.Context) (int, string, error) {
		calls++
		return calls, seq[min(calls, len(seq))-1], nil
	}, &calls
}

func TestForWaitsThroughPendingUntilTarget(t *testing.T) {
	f, calls := statuses("PROCESSING", "PROCESSING", "COMPLETED")
	v, err := For[int]{What: "brand B1", Pending: []string{"PROCESSING"}, Target: []string{"COMPLETED"}, Status: f}.Wait(context.Background())
	if err != nil || v != 3 || *calls != 3 {
		t.Fatalf("Wait = %d, %v after %d calls; want 3, nil after 3", v, err, *calls)
	}
}

func TestForEmptyTargetEndsOnAnyStatusNotPending(t *testing.T) {
	f, calls := statuses("PROCESSING", "FAILED")
	_, err := For[int]{What: "brand B1", Pending: []string{"PROCESSING"}, Status: f}.Wait(context.Background())
	if err != nil || *calls != 2 {
		t.Fatalf("Wait: %v after %d calls; want nil after 2", err, *calls)
	}
}

func TestForEmptyPendingWaitsThroughAnyStatusNotTarget(t *testing.T) {
	f, calls := statuses("PROCESSING", "COMPLETED", "GONE")
	_, err := For[int]{What: "link", Target: []string{"GONE"}, Status: f}.Wait(context.Background())
	if err != nil || *calls != 3 {
		t.Fatalf("Wait: %v after %d calls; want nil after 3", err, *calls)
	}
}

func TestForUnexpectedStatus(t *testing.T) {
	f, _ := statuses("PROCESSING", "EXPLODED")
	v, err := For[int]{What: "brand B1", Pending: []string{"PROCESSING"}, Target: []string{"COMPLETED"}, Status: f}.Wait(context.Background())
	var ue *UnexpectedStatusError
	if !errors.As(err, &ue) || ue.Status != "EXPLODED" || v != 2 {
		t.Fatalf("Wait = %d, %v; want the object and an UnexpectedStatusError for EXPLODED", v, err)
	}
}

func TestForTimeoutReportsLastStatus(t *testing.T) {
	f, _ := statuses("PROCESSING")
	_, err := For[int]{What: "brand B1", Pending: []string{"PROCESSING"}, Target: []string{"COMPLETED"}, Status: f,
		Timeout: 150 * time.Millisecond}.Wait(context.Background())
	var te *TimeoutError
	if !errors.Is(err, ErrTimeout) || !errors.As(err, &te) || te.Status != "PROCESSING" || te.What != "brand B1" {
		t.Fatalf("Wait: %v; want a TimeoutError for brand B1 in PROCESSING", err)
	}
}

func TestForStatusErrorEndsTheWait(t *testing.T) {
	boom := errors.New("boom")
	calls := 0
	_, err := For[int]{What: "x", Pending: []string{"P"}, Status: func(context.Context) (int, string, error) {
		calls++
		return 0, "", boom
	}}.Wait(context.Background())
	if !errors.Is(err, boom) || calls != 1 {
		t.Fatalf("Wait: %v after %d calls; want boom after 1", err, calls)
	}
}

func TestForCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f, _ := statuses("P")
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	_, err := For[int]{What: "x", Pending: []string{"P"}, Target: []string{"T"}, Status: f}.Wait(ctx)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrTimeout) {
		t.Fatalf("Wait: %v; want context.Canceled, not a timeout", err)
	}
}

var errLag = errors.New("404")

func TestRetryRetriesUntilSuccess(t *testing.T) {
	calls := 0
	v, err := Retry(context.Background(), "read", 6, 0, func(err error) bool { return errors.Is(err, errLag) },
		func(context.Context) (int, error) {
			calls++
			if calls < 3 {
				return 0, errLag
			}
			return 7, nil
		})
	if err != nil || v != 7 || calls != 3 {
		t.Fatalf("Retry = %d, %v after %d calls; want 7, nil after 3", v, err, calls)
	}
}

func TestRetryStopsOnAnErrorNotRetryable(t *testing.T) {
	boom := errors.New("boom")
	calls := 0
	_, err := Retry(context.Background(), "read", 6, 0, func(err error) bool { return errors.Is(err, errLag) },
		func(context.Context) (int, error) { calls++; return 0, boom })
	if !errors.Is(err, boom) || calls != 1 {
		t.Fatalf("Retry: %v after %d calls; want boom after 1", err, calls)
	}
}

func TestRetryReturnsTheLastErrorWhenAttemptsRunOut(t *testing.T) {
	calls := 0
	_, err := Retry(context.Background(), "lookup", 3, 0, Always,
		func(context.Context) (int, error) { calls++; return 0, errLag })
	if err != errLag || calls != 3 {
		t.Fatalf("Retry: %v after %d calls; want the call's own error after 3", err, calls)
	}
}

func TestRetryReturnsTheLastErrorWhenTimeoutRunsOut(t *testing.T) {
	_, err := Retry(context.Background(), "read", 0, 150*time.Millisecond, Always,
		func(context.Context) (int, error) { return 0, errLag })
	if err != errLag {
		t.Fatalf("Retry: %v; want the call's own error", err)
	}
}

func TestBackoffSchedule(t *testing.T) {
	want := []time.Duration{100 * time.Millisecond, 150 * time.Millisecond, 225 * time.Millisecond, 337500 * time.Microsecond, 506250 * time.Microsecond}
	d := FirstDelay
	for i, w := range want {
		if d != w {
			t.Fatalf("delay %d = %s, want %s", i, d, w)
		}
		d = nextDelay(d)
	}
	for range 30 {
		d = nextDelay(d)
	}
	if d != MaxDelay {
		t.Fatalf("delay grows to %s, want the cap %s", d, MaxDelay)
	}
}

func TestStatusOfReadsTheStatusOfWhatTheFinderFinds(t *testing.T) {
	type brand struct{ status string }
	boom := errors.New("boom")
	f := StatusOf(func(context.Context) (*brand, error) { return &brand{"COMPLETED"}, nil }, func(b *brand) string { return b.status })
	if b, s, err := f(context.Background()); err != nil || s != "COMPLETED" || b.status != "COMPLETED" {
		t.Fatalf("StatusOf = %v, %q, %v; want the brand, COMPLETED, nil", b, s, err)
	}
	g := StatusOf(func(context.Context) (*brand, error) { return nil, boom }, func(b *brand) string { return b.status })
	if _, _, err := g(context.Background()); !errors.Is(err, boom) {
		t.Fatalf("StatusOf of a failing finder: %v; want boom", err)
	}
}

func TestDelayFollowsTheSchedule(t *testing.T) {
	if Delay(0) != 0 {
		t.Fatalf("Delay(0) = %s, want none before the first read", Delay(0))
	}
	d := FirstDelay
	for polls := 1; polls < 40; polls++ {
		if Delay(polls) != d {
			t.Fatalf("Delay(%d) = %s, want %s", polls, Delay(polls), d)
		}
		d = nextDelay(d)
	}
}

// A paced wait does not sleep between reads: the status function waits
// for its own round.
func TestForPacedDoesNotSleep(t *testing.T) {
	f, calls := statuses("PENDING", "PENDING", "PENDING", "PENDING", "DONE")
	start := time.Now()
	if _, err := (For[int]{What: "x", Pending: []string{"PENDING"}, Status: f, Paced: true}).Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if *calls != 5 {
		t.Fatalf("%d reads, want 5", *calls)
	}
	// Unpaced, four pauses would take FirstDelay and more each.
	if el := time.Since(start); el >= FirstDelay {
		t.Fatalf("a paced wait of five reads took %s, want no pauses of its own", el)
	}
}

var errNotFound = errors.New("not found")

func isNotFound(err error) bool { return errors.Is(err, errNotFound) }

// shortPropagation sets the propagation bound to d for one test.
func shortPropagation(t *testing.T, d time.Duration) {
	t.Helper()
	old := propagationTimeout
	propagationTimeout = d
	t.Cleanup(func() { propagationTimeout = old })
}

// A read after create that waits longer than the bound before it is
// answered (the rate limit's pacer holds it, or a listing's round gathers)
// is not cut short: the bound counts from the first "not found". Before,
// the bound was a deadline on the reads, and the read failed with
// "context deadline exceeded" though the object existed.
func TestUntilFoundNeverCutsAReadShort(t *testing.T) {
	shortPropagation(t, 50*time.Millisecond)
	for _, tc := range []struct {
		name  string
		slow  int // the read (1-based) that takes 150 ms
		found int // the read that finds the object
	}{
		{"the first read", 1, 1},
		{"a read after a not found", 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			v, err := UntilFound(context.Background(), "number 1", isNotFound, func(ctx context.Context) (int, error) {
				calls++
				if calls == tc.slow {
					select {
					case <-time.After(150 * time.Millisecond):
					case <-ctx.Done():
						return 0, ctx.Err()
					}
				}
				if calls < tc.found {
					return 0, errNotFound
				}
				return calls, nil
			})
			if err != nil || v != tc.found {
				t.Fatalf("UntilFound = %d, %v after %d reads; want %d, nil", v, err, calls, tc.found)
			}
		})
	}
}

// An object that never appears: the reads repeat until the bound has
// passed since the first "not found", and the last read's error is
// returned, not a deadline.
func TestUntilFoundGivesUpAfterTheBound(t *testing.T) {
	shortPropagation(t, 300*time.Millisecond)
	calls := 0
	start := time.Now()
	_, err := UntilFound(context.Background(), "number 1", isNotFound, func(context.Context) (int, error) {
		calls++
		return 0, errNotFound
	})
	if !errors.Is(err, errNotFound) {
		t.Fatalf("UntilFound error = %v, want the read's not found", err)
	}
	if took := time.Since(start); took < 300*time.Millisecond || calls < 3 {
		t.Fatalf("UntilFound gave up after %v and %d reads; want at least the bound (300ms) and 3 reads on the schedule", took, calls)
	}
}

// Any other error ends it at once; a cancelled context ends a read.
func TestUntilFoundStopsOnOtherErrorsAndCancellation(t *testing.T) {
	boom := errors.New("boom")
	calls := 0
	if _, err := UntilFound(context.Background(), "number 1", isNotFound, func(context.Context) (int, error) {
		calls++
		return 0, boom
	}); !errors.Is(err, boom) || calls != 1 {
		t.Fatalf("UntilFound = %v after %d reads; want boom after 1", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := UntilFound(ctx, "number 1", isNotFound, func(ctx context.Context) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	}); !errors.Is(err, context.Canceled) {
		t.Fatalf("UntilFound with a cancelled context = %v, want context.Canceled", err)
	}
}
