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

// writeRoutes are the write routes of every Listing of the client
// (declare); do applies them to each request that is not a GET, so that
// a write of this client is never hidden by a snapshot.
var writeRoutes sched.Routes

// declare adds l's write routes (Listing.Writes) to the client's and
// returns l: every Listing of the client is declared so.
func declare[T any](l *Listing[T]) *Listing[T] { return sched.Declare(&writeRoutes, l) }

// written drops from c's snapshots what r writes (sched.Routes.Write), and
// returns what to call when r has ended. body is r's encoded body.
func (c *Client) written(r request, body []byte) (done func(reply []byte, carriedOut bool)) {
	if r.method == http.MethodGet || r.host != nil {
		return func([]byte, bool) {}
	}
	if r.raw != nil {
		body = nil // a form, not JSON: no route names ids in it
	}
	return writeRoutes.Write(c.sched, r.method, r.path, body)
}
