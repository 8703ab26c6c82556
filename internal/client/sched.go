package client

import (
	"errors"
	"net/http"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
)

// The request scheduler (internal/client/sched) under the client's names.
type (
	Listing[T any]               = sched.Listing[*Client, T]
	Expected[T any]              = sched.Expected[*Client, T]
	Watch[T any]                 = sched.Watch[*Client, T]
	batcher[K comparable, I any] = sched.Batcher[*Client, K, I]
)

// The scheduler's bounds (internal/client/sched).
const (
	RefreshListAfter    = sched.RefreshListAfter
	RefreshListMaxPages = sched.RefreshListMaxPages
	RefreshListMaxAge   = sched.RefreshListMaxAge
	RefreshListGather   = sched.RefreshListGather
	PageConcurrency     = sched.PageConcurrency
)

// Scheduler is the client's scheduler state (sched.Host).
func (c *Client) Scheduler() *sched.State { return c.sched }

// newSched is a client's scheduler state, with a gathering window of
// gather.
func newSched(gather time.Duration) *sched.State {
	return &sched.State{
		GatherWindow: gather,
		IsNotFound:   func(err error) bool { return errors.Is(err, ErrNotFound) },
		NotFound: func(message string) error {
			return &APIError{StatusCode: http.StatusNotFound, Method: http.MethodGet, Message: message}
		},
		IsAmbiguous: IsAmbiguousCreate,
	}
}
