package sched

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// errNotFound is the fake API's answer that an object does not exist.
var errNotFound = errors.New("not found")

// fakeHost is the API client of the scheduler's tests.
type fakeHost struct{ st State }

func (h *fakeHost) Scheduler() *State { return &h.st }

func fakeClient(t *testing.T, gather time.Duration) *fakeHost {
	t.Helper()
	return &fakeHost{st: State{
		GatherWindow: gather,
		IsNotFound:   func(err error) bool { return errors.Is(err, errNotFound) },
		NotFound:     func(message string) error { return fmt.Errorf("%s: %w", message, errNotFound) },
		IsAmbiguous:  func(error) bool { return false },
	}}
}

// inParallel calls f for each item with 10 workers, as terraform
// -parallelism=10; f locks mu around what it records.
func inParallel[T any](items []T, f func(item T, mu *sync.Mutex)) {
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		work = make(chan T)
	)
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				f(it, &mu)
			}
		}()
	}
	for _, it := range items {
		work <- it
	}
	close(work)
	wg.Wait()
}
