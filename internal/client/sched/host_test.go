package sched

import (
	"errors"
	"fmt"
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
