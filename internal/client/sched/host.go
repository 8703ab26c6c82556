package sched

import (
	"sync"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Host is the API client the scheduler works for (the client package's
// *Client): a Listing's Page, Get and Fresh and a Batcher's Send are its
// calls, and it holds the scheduler's State.
type Host interface {
	// Scheduler is the scheduler's state in this client.
	Scheduler() *State
}

// State is the scheduler's state in one API client, and what the
// scheduler needs to know of the client's errors.
type State struct {
	// GatherWindow is RefreshListGather (0: no gathering window); tests
	// lengthen it. It is set before the client's first call.
	GatherWindow time.Duration
	// IsNotFound says err is the API's answer that an object does not
	// exist (a Get's 404).
	IsNotFound func(err error) bool
	// NotFound is the error that says an object does not exist, with
	// message; IsNotFound is true of it.
	NotFound func(message string) error
	// IsAmbiguous says err leaves open whether a write was carried out
	// (a lost reply, a 5xx).
	IsAmbiguous func(err error) bool

	// listings holds the state of each Listing (refreshes, waits, reads
	// after create), each Batcher and the gatherings, by a key of its own
	// type (clientState).
	listings sync.Map
}

// ListMeta is a list page's meta: total_count and the next page's link.
type ListMeta = wire.ListMeta
