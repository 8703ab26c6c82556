package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// A subaccount's token (auth_token, which transport.go guards for every
// area, and the one a rotation returns) is never logged.
var subaccountSecretKeys = []string{"new_auth_token"}

// The subaccounts area's shapes (internal/wire).
type (
	SubaccountCreate  = wire.SubaccountCreate
	SubaccountCreated = wire.SubaccountCreated
	SubaccountUpdate  = wire.SubaccountUpdate
	Subaccount        = wire.Subaccount
	SubaccountList    = wire.SubaccountList
)

// CreateSubaccount creates a subaccount. The reply holds its auth_token:
// a caller that must not keep the token drops it. A create is never
// retried after it may have reached the server.
func (c *Client) CreateSubaccount(ctx context.Context, in SubaccountCreate) (*SubaccountCreated, error) {
	var out SubaccountCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Subaccount"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetSubaccount reads one subaccount, its auth_token included;
// ErrNotFound when it does not exist.
func (c *Client) GetSubaccount(ctx context.Context, authID string) (*Subaccount, error) {
	var out wire.SubaccountReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Subaccount", authID), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Subaccount, nil
}

// ListSubaccounts reads one page of subaccounts, newest first.
func (c *Client) ListSubaccounts(ctx context.Context, limit, offset int) (*SubaccountList, error) {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out SubaccountList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Subaccount"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// SubaccountListing answers refreshes of subaccounts from the account's
// listing (sched/listing.go). Its items carry all the GET does (the same
// record without api_id).
var SubaccountListing = declare(&Listing[Subaccount]{
	What:  "subaccounts",
	Limit: subaccountrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Subaccount, ListMeta, error) {
		page, err := c.ListSubaccounts(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	ID: func(s *Subaccount) string { return s.AuthID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Subaccount, error) {
		return c.GetSubaccount(ctx, id)
	},
	// The list is newest first: its first page holds the subaccounts
	// just created.
	Fresh: func(c *Client, ctx context.Context, _ string, _ []string, limit, offset int) ([]Subaccount, ListMeta, error) {
		page, err := c.ListSubaccounts(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	FreshNewest: true,
	// Its creates, updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Subaccount/", ID: sched.Reply("auth_id")},
		{Method: http.MethodPost, Path: "Subaccount/{id}/"},
		{Method: http.MethodDelete, Path: "Subaccount/{id}/"},
	},
})

// ListAllSubaccounts pages through every subaccount with the largest page.
func (c *Client) ListAllSubaccounts(ctx context.Context) ([]Subaccount, error) {
	return sched.ListAll(ctx, subaccountrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]Subaccount, ListMeta, error) {
		page, err := c.ListSubaccounts(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	})
}

// UpdateSubaccount changes the name and whether it is enabled. Setting
// fields is idempotent, so it is retried like a read.
func (c *Client) UpdateSubaccount(ctx context.Context, authID string, in SubaccountUpdate) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("Subaccount", authID), body: in, idempotent: true}, nil)
}

// DeleteSubaccount deletes a subaccount; ErrNotFound when it is already
// gone. cascade is always sent (in the JSON body, where the API reads it):
// false moves the subaccount's applications, endpoints and numbers to the
// main account, true deletes them.
func (c *Client) DeleteSubaccount(ctx context.Context, authID string, cascade bool) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Subaccount", authID), body: wire.SubaccountDelete{Cascade: wire.Flag(cascade)}, idempotent: true}, nil)
}
