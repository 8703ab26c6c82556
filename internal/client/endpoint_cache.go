package client

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// The refresh prefetch keeps a refresh of many endpoints from making one
// GET each. It lives in the Client, which the provider creates once per
// provider process (per Configure).
//
// A plan or destroy refreshes every endpoint in the state, one GET each. When
// a process sees EndpointPrefetchAfter refreshes, it lists every endpoint of
// the account once instead, with the largest page: the first page gives
// total_count, the rest are fetched concurrently. The refreshes that follow
// are answered from that snapshot.
//
// Gathering: the first refresh of a process waits up to
// EndpointPrefetchGather for others. Terraform starts -parallelism (10)
// refreshes within a millisecond or two, so a large refresh reaches
// EndpointPrefetchAfter inside the window and its first ten reads are served
// by the listing too, instead of each making a GET first. When the window
// ends with fewer (a small workspace), they make their GETs, having waited
// at most the window, and the window does not open again until the snapshot
// expires: later refreshes count on towards EndpointPrefetchAfter as before.
// A refresh whose context is cancelled stops waiting at once. Correctness:
//   - each id is served from the snapshot at most once, so a later read of the
//     same id in the same process (after an update, say) always goes to the API;
//   - an id this process creates, updates or deletes while the listing runs or
//     after it is dropped from the snapshot, so no write of ours is hidden;
//   - a snapshot older than EndpointPrefetchMaxAge is dropped whole;
//   - an id missing from the snapshot is read with a GET: absence from a
//     list (which can shift under concurrent deletes) never means "deleted";
//   - a failed listing is logged and every refresh falls back to a GET.
//
// The data served is what the API held a moment before the refresh asked,
// the same freshness as a GET issued at the start of the refresh walk.
//
// Cost: a refresh of R >= EndpointPrefetchAfter endpoints in an account of E
// endpoints makes ceil(E/20) list pages instead of R GETs (500 endpoints: 25
// requests, not 500) when its first ten refreshes arrive within the gather
// window, and at most EndpointPrefetchAfter-1 GETs more when they do not. A
// refresh of fewer makes one GET each, EndpointPrefetchGather later. The
// listing is skipped (everything falls back to GETs) when the account holds
// more than EndpointPrefetchMaxPages pages, which bounds the waste for a
// small workspace in a very large account.
const (
	// EndpointPrefetchAfter is the number of refreshes in one process that
	// starts the listing: Terraform's default -parallelism, the first burst
	// of a refresh.
	EndpointPrefetchAfter = 10
	// EndpointPrefetchMaxPages bounds the listing (2,000 endpoints).
	EndpointPrefetchMaxPages = 100
	// EndpointPrefetchMaxAge is how long a snapshot may answer refreshes.
	EndpointPrefetchMaxAge = 2 * time.Minute
	// EndpointPrefetchGather is how long the first refresh of a process
	// waits for EndpointPrefetchAfter refreshes to gather.
	EndpointPrefetchGather = 50 * time.Millisecond
)

type prefetchState int

const (
	prefetchIdle prefetchState = iota
	prefetchGathering
	prefetchRunning
	prefetchDone
)

// endpointPrefetch is the refresh snapshot; see the comment at the top.
type endpointPrefetch struct {
	mu    sync.Mutex
	state prefetchState
	reads int
	done  chan struct{}
	// gather is closed when the gathering window ends, by the listing
	// starting or by the window expiring; non-nil, it says the window was
	// used, until the snapshot expires.
	gather   chan struct{}
	snapshot map[string]Endpoint
	takenAt  time.Time
	// written holds ids written while the listing runs; they are left out
	// of the snapshot it installs.
	written map[string]bool
}

// forget drops id from the snapshot (and from one being taken): called for
// every create, update and delete this client makes.
func (p *endpointPrefetch) forget(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch p.state {
	case prefetchRunning:
		p.written[id] = true
	case prefetchDone:
		delete(p.snapshot, id)
	}
}

// RefreshEndpoint reads an endpoint for a refresh: from the prefetch
// snapshot when one answers for id, else with a GET. ErrNotFound when the
// endpoint does not exist.
func (c *Client) RefreshEndpoint(ctx context.Context, id string) (*Endpoint, error) {
	if ep, ok := c.fromPrefetch(ctx, id); ok {
		return ep, nil
	}
	return c.GetEndpoint(ctx, id)
}

func (c *Client) fromPrefetch(ctx context.Context, id string) (*Endpoint, bool) {
	p := &c.endpointPrefetch
	p.mu.Lock()
	if p.state == prefetchDone && time.Since(p.takenAt) > EndpointPrefetchMaxAge {
		p.state, p.reads, p.snapshot, p.gather = prefetchIdle, 0, nil, nil
	}
	p.reads++
	switch {
	case (p.state == prefetchIdle || p.state == prefetchGathering) && p.reads >= EndpointPrefetchAfter:
		if p.state == prefetchGathering {
			close(p.gather)
		}
		p.state = prefetchRunning
		p.done = make(chan struct{})
		p.written = map[string]bool{}
		// Detached from this read's cancellation: other reads wait on it.
		go c.runEndpointPrefetch(context.WithoutCancel(ctx))
	case p.state == prefetchIdle && p.gather == nil && c.gatherWindow > 0:
		p.state, p.gather = prefetchGathering, make(chan struct{})
		c.prefetchGather(p.gather)
	}
	state, done, gather := p.state, p.done, p.gather
	p.mu.Unlock()

	if state == prefetchGathering {
		select {
		case <-gather:
		case <-ctx.Done():
			return nil, false
		}
		p.mu.Lock()
		state, done = p.state, p.done
		p.mu.Unlock()
	}
	switch state {
	case prefetchIdle, prefetchGathering:
		return nil, false
	case prefetchRunning:
		select {
		case <-done:
		case <-ctx.Done():
			return nil, false
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	ep, ok := p.snapshot[id]
	if !ok {
		return nil, false
	}
	delete(p.snapshot, id) // served at most once
	return &ep, true
}

// prefetchGather ends the gathering window gather after c.gatherWindow,
// unless the listing started first: the reads waiting in it then make
// their GETs.
func (c *Client) prefetchGather(gather chan struct{}) {
	p := &c.endpointPrefetch
	time.AfterFunc(c.gatherWindow, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.state == prefetchGathering && p.gather == gather {
			p.state = prefetchIdle
			close(gather)
		}
	})
}

func (c *Client) runEndpointPrefetch(ctx context.Context) {
	p := &c.endpointPrefetch
	start := time.Now()
	all, err := c.listAllEndpointsConcurrently(ctx, EndpointPrefetchMaxPages)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.snapshot = make(map[string]Endpoint, len(all))
	for _, ep := range all {
		if !p.written[ep.EndpointID] {
			p.snapshot[ep.EndpointID] = ep
		}
	}
	p.takenAt, p.written, p.state = start, nil, prefetchDone
	close(p.done)
	if err != nil {
		tflog.Debug(ctx, "endpoint prefetch incomplete; refreshes fall back to one GET each", map[string]any{"error": err.Error()})
		return
	}
	tflog.Debug(ctx, "endpoint prefetch done", map[string]any{"endpoints": len(all), "duration_ms": time.Since(start).Milliseconds()})
}

// errTooManyPages stops a listing larger than its page bound.
type errTooManyPages struct{ pages int }

func (e errTooManyPages) Error() string {
	return "listing would take " + strconv.Itoa(e.pages) + " pages, more than the prefetch bound"
}

// listAllEndpointsConcurrently lists every endpoint with the largest page,
// the pages after the first concurrently. It returns what it got, with an
// error when a page failed or the listing exceeds maxPages (then only the
// first page's objects).
func (c *Client) listAllEndpointsConcurrently(ctx context.Context, maxPages int) ([]Endpoint, error) {
	tooMany := 0
	all, _, err := fetchPages(ctx, endpointrules.ListMaxLimit, maxPages*endpointrules.ListMaxLimit+1, func(ctx context.Context, offset int) ([]Endpoint, int, error) {
		page, err := c.ListEndpoints(ctx, endpointrules.ListMaxLimit, offset)
		if err != nil {
			return nil, 0, err
		}
		total := page.Meta.TotalCount
		if pages := (total + endpointrules.ListMaxLimit - 1) / endpointrules.ListMaxLimit; offset == 0 && pages > maxPages {
			tooMany = pages
			total = len(page.Objects) // stop after this page
		}
		return page.Objects, total, nil
	})
	if err == nil && tooMany > 0 {
		err = errTooManyPages{tooMany}
	}
	return all, err
}
