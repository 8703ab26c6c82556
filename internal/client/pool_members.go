package client

import (
	"context"
	"sync"
	"time"
)

// PoolMembership says which powerpacks' number pools hold a number: what
// a plan that releases the number warns about. The number's own record
// names its application, trunk and 10DLC campaign but not its pools, and
// the pools are listed per pool, so the answer comes from listings, taken
// once per Client (per provider process) and shared by every number a
// plan releases:
//
//	ceil(P/20) pages of Powerpack/ (P powerpacks), then, for each pool,
//	ceil(M/20) pages of the one route the numbers asked about need
//	(NumberPool/{p}/Number/ for long codes, .../Tollfree/ for toll-free
//	numbers; M members)
//
// whatever the number of numbers released: a plan that releases two
// numbers of an account with one powerpack makes two requests, not a GET
// per number and pool. Nothing is requested until a plan releases a number.
// The answer (or the error) is kept RefreshListMaxAge; a pool write of this
// Client drops it.
type poolMembership struct {
	mu sync.Mutex // one lookup at a time: parallel plans wait for it
	// byRoute: index 0 long codes, 1 toll-free numbers.
	byRoute [2]*poolMembers
}

type poolMembers struct {
	takenAt time.Time
	names   map[string][]string // number -> powerpack names
	err     error
}

// PowerpacksHolding returns the names of the powerpacks whose pool holds
// number (tollfree: a toll-free number, listed on the pool's Tollfree
// route), from the account's pool listings (see poolMembership for the
// cost). An error means it could not tell.
func (c *Client) PowerpacksHolding(ctx context.Context, number string, tollfree bool) ([]string, error) {
	m := &c.pools
	m.mu.Lock()
	defer m.mu.Unlock()
	i := 0
	if tollfree {
		i = 1
	}
	got := m.byRoute[i]
	if got == nil || time.Since(got.takenAt) > RefreshListMaxAge {
		got = &poolMembers{takenAt: time.Now()}
		got.names, got.err = c.listPoolMembers(ctx, tollfree)
		m.byRoute[i] = got
	}
	return got.names[number], got.err
}

// listPoolMembers lists every pool's members on one route.
func (c *Client) listPoolMembers(ctx context.Context, tollfree bool) (map[string][]string, error) {
	packs, err := c.ListAllPowerpacks(ctx)
	if err != nil {
		return nil, err
	}
	names := map[string][]string{}
	for i := range packs {
		pool, err := PoolUUID(&packs[i])
		if err != nil {
			return nil, err
		}
		members, err := c.ListAllPoolNumbers(ctx, pool, tollfree)
		if err != nil {
			return nil, err
		}
		for _, n := range members {
			names[n.Number] = append(names[n.Number], packs[i].Name)
		}
	}
	return names, nil
}

// forgetPoolMembers drops what PowerpacksHolding learnt: a pool of this
// Client changed.
func (c *Client) forgetPoolMembers() {
	c.pools.mu.Lock()
	defer c.pools.mu.Unlock()
	c.pools.byRoute = [2]*poolMembers{}
}
