package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/powerpackrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The powerpacks area's shapes (internal/wire), under the client's short
// names.
type (
	PowerpackCreate = wire.PowerpackCreate
	PowerpackUpdate = wire.PowerpackUpdate
	Powerpack       = wire.Powerpack
	NumberPriority  = wire.NumberPriority
	PriorityOrder   = wire.PriorityOrder
	PoolNumber      = wire.PoolNumber
	PoolShortcode   = wire.PoolShortcode
)

// PoolUUID is the UUID of the powerpack's number pool, cut out of its
// number_pool path as the service's libraries do.
func PoolUUID(p *Powerpack) (string, error) { return powerpackrules.PoolUUID(p.NumberPool) }

// CreatePowerpack creates a powerpack (and its empty pool). A create is
// never retried after it may have reached the server.
func (c *Client) CreatePowerpack(ctx context.Context, in PowerpackCreate) (*Powerpack, error) {
	var out wire.PowerpackReply
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Powerpack"), body: in}, &out); err != nil {
		return nil, err
	}
	c.forgetPoolMembers()
	return &out.Powerpack, nil
}

// PowerpackListing answers refreshes of powerpacks from the account's
// listing. Its items carry all the GET does (number_priority, which every
// recorded reply, item or GET, leaves out, keeps the prior value either
// way).
var PowerpackListing = declare(&Listing[Powerpack]{
	What:  "powerpacks",
	Limit: powerpackrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Powerpack, ListMeta, error) {
		page, err := c.ListPowerpacks(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	ID:  func(p *Powerpack) string { return p.UUID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Powerpack, error) { return c.GetPowerpack(ctx, id) },
	// Its creates, updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Powerpack/", ID: sched.Reply("uuid")},
		{Method: http.MethodPost, Path: "Powerpack/{id}/"},
		{Method: http.MethodDelete, Path: "Powerpack/{id}/"},
	},
})

// GetPowerpack reads one powerpack; ErrNotFound when it does not exist.
func (c *Client) GetPowerpack(ctx context.Context, uuid string) (*Powerpack, error) {
	var out wire.PowerpackReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Powerpack", uuid), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Powerpack, nil
}

// ListPowerpacks reads one page of powerpacks.
func (c *Client) ListPowerpacks(ctx context.Context, limit, offset int) (*wire.PowerpackList, error) {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out wire.PowerpackList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Powerpack"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListAllPowerpacks pages through every powerpack of the account.
func (c *Client) ListAllPowerpacks(ctx context.Context) ([]Powerpack, error) {
	return sched.ListAll(ctx, powerpackrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]Powerpack, ListMeta, error) {
		page, err := c.ListPowerpacks(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	})
}

// UpdatePowerpack changes what in sets and returns the record. Setting
// fields is idempotent, so it is retried like a read.
func (c *Client) UpdatePowerpack(ctx context.Context, uuid string, in PowerpackUpdate) (*Powerpack, error) {
	var out wire.PowerpackReply
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Powerpack", uuid), body: in, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Powerpack, nil
}

// DeletePowerpack deletes a powerpack; ErrNotFound when it is already
// gone. unrentNumbers true also releases every rented number of its pool,
// which cannot be undone: it is always sent, so nothing is released by a
// default.
func (c *Client) DeletePowerpack(ctx context.Context, uuid string, unrentNumbers bool) error {
	defer c.forgetPoolMembers()
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Powerpack", uuid),
		body: wire.PowerpackDelete{UnrentNumbers: wire.Flag(unrentNumbers)}, idempotent: true}, nil)
}

// AddPoolNumber adds a number the account owns to a pool, through the
// route its type needs (tollfree), for service (sms or mms; sent on both
// routes, as a toll-free member's record carries one). Adding is
// idempotent: adding again only sets the service.
func (c *Client) AddPoolNumber(ctx context.Context, pool, number string, tollfree bool, service string) (*PoolNumber, error) {
	defer c.forgetPoolMembers()
	var out wire.PoolNumberReply
	err := c.do(ctx, request{method: http.MethodPost, path: accountPath("NumberPool", pool, numberrules.PoolRoute(tollfree), number),
		body: wire.PoolNumberAdd{Service: service}, idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	out.ReadEitherKey()
	return &out.PoolNumber, nil
}

// GetPoolNumber reads one member of a pool; ErrNotFound when the number
// is not in it.
func (c *Client) GetPoolNumber(ctx context.Context, pool, number string, tollfree bool) (*PoolNumber, error) {
	var out wire.PoolNumberReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("NumberPool", pool, numberrules.PoolRoute(tollfree), number), idempotent: true}, &out); err != nil {
		return nil, err
	}
	out.ReadEitherKey()
	return &out.PoolNumber, nil
}

// RemovePoolNumber removes a member from a pool; unrent true also
// releases the number, which cannot be undone. ErrNotFound when it is not
// in the pool.
func (c *Client) RemovePoolNumber(ctx context.Context, pool, number string, tollfree, unrent bool) error {
	defer c.forgetPoolMembers()
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("NumberPool", pool, numberrules.PoolRoute(tollfree), number),
		body: wire.PoolNumberRemove{Unrent: wire.Flag(unrent)}, idempotent: true}, nil)
}

// poolMeta reads a pool list's meta as the other lists': "" is no link.
func poolMeta(m wire.PoolMeta) ListMeta {
	out := ListMeta{Limit: m.Limit, Offset: m.Offset, TotalCount: m.TotalCount}
	if m.Next != "" {
		out.Next = &m.Next
	}
	if m.Previous != "" {
		out.Previous = &m.Previous
	}
	return out
}

// ListPoolNumbers reads one page of a pool's long codes (tollfree false)
// or toll-free numbers.
func (c *Client) ListPoolNumbers(ctx context.Context, pool string, tollfree bool, limit, offset int) ([]PoolNumber, ListMeta, error) {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out wire.PoolNumberList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("NumberPool", pool, numberrules.PoolRoute(tollfree)), query: q, idempotent: true}, &out)
	if err != nil {
		return nil, ListMeta{}, err
	}
	for i := range out.Objects {
		out.Objects[i].ReadEitherKey()
	}
	return out.Objects, poolMeta(out.Meta), nil
}

// ListAllPoolNumbers lists every long code (tollfree false) or toll-free
// number of a pool.
func (c *Client) ListAllPoolNumbers(ctx context.Context, pool string, tollfree bool) ([]PoolNumber, error) {
	return sched.ListAll(ctx, powerpackrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]PoolNumber, ListMeta, error) {
		return c.ListPoolNumbers(ctx, pool, tollfree, limit, offset)
	})
}

// PoolNumberParent names one pool list as PoolNumberListing's parent: the
// pool and its route ("<pool>/Number" or "<pool>/Tollfree").
func PoolNumberParent(pool string, tollfree bool) string {
	return pool + "/" + numberrules.PoolRoute(tollfree)
}

// splitPoolParent reads a PoolNumberParent.
func splitPoolParent(parent string) (pool string, tollfree bool) {
	pool, route, _ := strings.Cut(parent, "/")
	return pool, route == numberrules.PoolRoute(true)
}

// PoolNumberListing answers refreshes of pool members from their pool's
// list, one per pool and route (a child kind: the parent is
// PoolNumberParent). Its items carry all the GET does, but for service,
// which the recorded list items leave out and the refresh reads with
// reportedString (kept when absent).
var PoolNumberListing = declare(&Listing[PoolNumber]{
	What:  "powerpack numbers",
	Limit: powerpackrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, parent string, limit, offset int) ([]PoolNumber, ListMeta, error) {
		pool, tollfree := splitPoolParent(parent)
		return c.ListPoolNumbers(ctx, pool, tollfree, limit, offset)
	},
	ID: func(n *PoolNumber) string { return n.Number },
	Get: func(c *Client, ctx context.Context, parent, id string) (*PoolNumber, error) {
		pool, tollfree := splitPoolParent(parent)
		return c.GetPoolNumber(ctx, pool, id, tollfree)
	},
	// A member's add and removal, on either route (the parent is the pool
	// and the route, as PoolNumberParent names them).
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "NumberPool/{parent}/{parent}/{id}/"},
		{Method: http.MethodDelete, Path: "NumberPool/{parent}/{parent}/{id}/"},
	},
})

// ListAllPoolShortcodes lists every short code of a pool.
func (c *Client) ListAllPoolShortcodes(ctx context.Context, pool string) ([]PoolShortcode, error) {
	return sched.ListAll(ctx, powerpackrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]PoolShortcode, ListMeta, error) {
		q := url.Values{}
		q.Set("limit", strconv.Itoa(limit))
		q.Set("offset", strconv.Itoa(offset))
		var out wire.PoolShortcodeList
		err := c.do(ctx, request{method: http.MethodGet, path: accountPath("NumberPool", pool, "Shortcode"), query: q, idempotent: true}, &out)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return out.Objects, poolMeta(out.Meta), nil
	})
}
