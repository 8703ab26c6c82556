// Package wait is the provider's one way of waiting, in the shape the AWS
// provider uses: a finder reads an object, a status function reports its
// status, and a waiter (For) polls that until the status leaves its pending
// set. Retry is the same loop for a call worth repeating while it fails
// (a read right after a create, a lookup after a lost reply). Both back off
// on the one schedule below and log each step with tflog. A waiter whose
// status comes from a listing that other waiters share (client.Listing's
// Watch) is Paced: the shared rounds follow the same schedule (Delay), so
// For does not sleep between its reads.
package wait

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// The one backoff schedule: brisk at first (the emulator answers within a
// second or two), then slower, so a wait of hours costs few requests.
const (
	FirstDelay = 100 * time.Millisecond
	MaxDelay   = 15 * time.Second
	// Factor is the growth of the delay per step, in tenths (15 = x1.5).
	Factor = 15
)

// Delay is the pause after polls reads on the schedule: none before the
// first, FirstDelay after it, then Factor/10 times the previous one, at
// most MaxDelay.
func Delay(polls int) time.Duration {
	if polls <= 0 {
		return 0
	}
	d := FirstDelay
	for range polls - 1 {
		if d = nextDelay(d); d == MaxDelay {
			break
		}
	}
	return d
}

// ErrTimeout is matched (errors.Is) by every wait that ran out of time.
var ErrTimeout = errors.New("timed out")

// TimeoutError is a wait that ran out of time; Status is the last status seen.
type TimeoutError struct {
	What    string
	Status  string
	Timeout time.Duration
}

func (e *TimeoutError) Error() string {
	if e.Timeout > 0 {
		return fmt.Sprintf("%s is still %s after %s", e.What, e.Status, e.Timeout)
	}
	return fmt.Sprintf("%s is still %s: timed out", e.What, e.Status)
}

func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }

// UnexpectedStatusError is a status that is neither pending nor a target.
type UnexpectedStatusError struct {
	What, Status string
	Expected     []string
}

func (e *UnexpectedStatusError) Error() string {
	return fmt.Sprintf("%s has status %q, expected one of %s", e.What, e.Status, strings.Join(e.Expected, ", "))
}

// StatusFunc reads an object once and reports it with its status.
type StatusFunc[T any] func(context.Context) (T, string, error)

// StatusOf makes the status function of a waiter from a finder and the
// object's status field.
func StatusOf[T any](find func(context.Context) (T, error), status func(T) string) StatusFunc[T] {
	return func(ctx context.Context) (T, string, error) {
		v, err := find(ctx)
		if err != nil {
			return v, "", err
		}
		return v, status(v), nil
	}
}

// For waits for an object to reach a target status.
type For[T any] struct {
	What    string   // names the object in logs and errors: "10DLC brand B1234"
	Pending []string // statuses that keep the wait going; empty: every status but the targets
	Target  []string // statuses that end it; empty: every status but the pending ones
	Status  StatusFunc[T]
	Timeout time.Duration // from the resource's timeouts block; 0: only ctx bounds the wait
	// Paced says Status waits for its own next read (a round of a listing
	// shared with other waiters, on the schedule of Delay): For then calls
	// it again at once instead of sleeping.
	Paced bool
}

// Wait polls Status until it reports a target. It returns the last object
// read, also with an error: a *TimeoutError, an *UnexpectedStatusError, or
// the status function's own error.
func (w For[T]) Wait(ctx context.Context) (T, error) {
	var last T
	status := "unknown"
	err := poll(ctx, w.What, w.Timeout, 0, w.Paced, func(ctx context.Context) (bool, string, error) {
		v, s, err := w.Status(ctx)
		if err != nil {
			return false, status, err
		}
		last, status = v, s
		switch {
		case slices.Contains(w.Target, s):
			return true, s, nil
		case slices.Contains(w.Pending, s):
			return false, s, nil
		case len(w.Target) == 0 && len(w.Pending) > 0:
			return true, s, nil
		case len(w.Pending) == 0 && len(w.Target) > 0:
			return false, s, nil
		case len(w.Pending) == 0:
			return true, s, nil
		}
		return false, s, &UnexpectedStatusError{What: w.What, Status: s, Expected: append(slices.Clone(w.Pending), w.Target...)}
	})
	var te *TimeoutError
	if errors.As(err, &te) {
		te.Status = status
	}
	return last, err
}

// Retry calls f until it succeeds, fails with an error retryable refuses,
// or attempts (0: no bound) run out, or timeout (0: no bound) has passed
// since its first failure; then it returns f's last result and error. It
// is for calls that may fail for a moment: a read that lags a create, a
// lookup after a lost reply. The timeout bounds the retrying, never a
// call: a call that waits (for the rate limit's pacer, or for other reads
// to join its listing's round) is not cut short, and only ctx (the
// resource's timeouts, a cancelled run) ends one.
func Retry[T any](ctx context.Context, what string, attempts int, timeout time.Duration, retryable func(error) bool,
	f func(context.Context) (T, error)) (T, error) {
	var (
		out       T
		lastErr   error
		firstFail time.Time
	)
	err := poll(ctx, what, 0, attempts, false, func(ctx context.Context) (bool, string, error) {
		out, lastErr = f(ctx)
		if lastErr == nil {
			return true, "done", nil
		}
		if firstFail.IsZero() {
			firstFail = time.Now()
		}
		if !retryable(lastErr) || timeout > 0 && time.Since(firstFail) >= timeout {
			return false, "failed", lastErr
		}
		return false, "failing: " + lastErr.Error(), nil
	})
	var te *TimeoutError
	if errors.As(err, &te) && lastErr != nil && ctx.Err() == nil {
		return out, lastErr // its attempts ran out: the call's error says more
	}
	return out, err
}

// PropagationTimeout bounds the wait for an object just created to become
// readable: some APIs serve reads from a replica that lags the write.
const PropagationTimeout = 6 * time.Second

// propagationTimeout is PropagationTimeout; tests shorten it.
var propagationTimeout = PropagationTimeout

// UntilFound reads an object just created, repeating the read while
// notFound(err), until PropagationTimeout has passed since the first read
// that found nothing (Retry's timeout: the bound is on the API's lag, not
// on the reads).
func UntilFound[T any](ctx context.Context, what string, notFound func(error) bool, read func(context.Context) (T, error)) (T, error) {
	return Retry(ctx, "read after create of "+what, 0, propagationTimeout, notFound, read)
}

// Always is a retryable that accepts every error.
func Always(error) bool { return true }

// errAttempts ends a poll whose attempts ran out.
var errAttempts = &TimeoutError{Status: "failing"}

// poll runs step until it is done or fails, sleeping on the backoff
// schedule in between (not when paced: step then waits itself), for at
// most timeout and attempts steps. A deadline (its own or ctx's) gives a
// *TimeoutError, a cancelled ctx ctx.Err().
func poll(ctx context.Context, what string, timeout time.Duration, attempts int, paced bool,
	step func(context.Context) (done bool, status string, err error)) error {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	expired := func() error {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &TimeoutError{What: what, Timeout: timeout}
		}
		return ctx.Err()
	}
	start := time.Now()
	delay := FirstDelay
	for attempt := 1; ; attempt++ {
		done, status, err := step(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return expired()
			}
			return err
		}
		if done {
			tflog.Debug(ctx, "wait: done", map[string]any{"what": what, "status": status, "attempts": attempt,
				"elapsed_ms": time.Since(start).Milliseconds()})
			return nil
		}
		if attempts > 0 && attempt >= attempts {
			e := *errAttempts
			e.What = what
			return &e
		}
		if paced {
			tflog.Debug(ctx, "wait: not yet", map[string]any{"what": what, "status": status, "attempt": attempt, "next_poll": "shared round"})
			if ctx.Err() != nil {
				return expired()
			}
			continue
		}
		tflog.Debug(ctx, "wait: not yet", map[string]any{"what": what, "status": status, "attempt": attempt,
			"next_poll_ms": delay.Milliseconds()})
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return expired()
		case <-t.C:
		}
		delay = nextDelay(delay)
	}
}

// nextDelay is the step of the backoff schedule.
func nextDelay(d time.Duration) time.Duration { return min(d*Factor/10, MaxDelay) }
