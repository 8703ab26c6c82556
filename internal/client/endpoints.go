package client

import (
	"context"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
	"net/http"
	"net/url"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

// An endpoint's password (and its write-only form) is never logged.
var endpointSecretKeys = []string{"password", "password_wo"}

// CreateEndpoint creates an endpoint. A create is never retried after it
// may have reached the server; see OutcomeUnknownError.
func (c *Client) CreateEndpoint(ctx context.Context, in EndpointCreate) (*EndpointCreated, error) {
	var out EndpointCreated
	err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Endpoint"), body: in}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetEndpoint reads one endpoint; ErrNotFound when it does not exist.
func (c *Client) GetEndpoint(ctx context.Context, id string) (*Endpoint, error) {
	var out Endpoint
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Endpoint", id), idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	c.learnSIPDomain(&out)
	return &out, nil
}

// ListEndpoints reads one page of endpoints.
func (c *Client) ListEndpoints(ctx context.Context, limit, offset int) (*EndpointList, error) {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out EndpointList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Endpoint"), query: q, idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	if len(out.Objects) > 0 {
		c.learnSIPDomain(&out.Objects[0])
	}
	return &out, nil
}

// EndpointListing answers refreshes of endpoints from the account's
// listing (sched/listing.go). Its items carry everything the GET does.
var EndpointListing = declare(&Listing[Endpoint]{
	What:  "endpoints",
	Limit: endpointrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Endpoint, ListMeta, error) {
		page, err := c.ListEndpoints(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	ID:  func(ep *Endpoint) string { return ep.EndpointID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Endpoint, error) { return c.GetEndpoint(ctx, id) },
	// Its creates, updates and deletes; an application's delete deletes or
	// detaches its endpoints, and a subaccount's deletes or moves them.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Endpoint/", ID: sched.Reply("endpoint_id")},
		{Method: http.MethodPost, Path: "Endpoint/{id}/"},
		{Method: http.MethodDelete, Path: "Endpoint/{id}/"},
		{Method: http.MethodDelete, Path: "Application/{app}/"},
		{Method: http.MethodDelete, Path: "Subaccount/{subaccount}/"},
	},
})

// RefreshEndpoint reads an endpoint for a refresh: from the refresh
// listing when one answers for id, else with a GET. ErrNotFound when the
// endpoint does not exist.
func (c *Client) RefreshEndpoint(ctx context.Context, id string) (*Endpoint, error) {
	ep, _, err := EndpointListing.Refresh(ctx, c, "", id)
	return ep, err
}

// ListAllEndpoints pages through every endpoint with the largest page.
func (c *Client) ListAllEndpoints(ctx context.Context) ([]Endpoint, error) {
	return sched.ListAll(ctx, endpointrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]Endpoint, ListMeta, error) {
		page, err := c.ListEndpoints(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	})
}

// UpdateEndpoint changes password, alias or app_id. Setting fields is
// idempotent, so it is retried like a read.
func (c *Client) UpdateEndpoint(ctx context.Context, id string, in EndpointUpdate) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("Endpoint", id), body: in, idempotent: true}, nil)
}

// DeleteEndpoint deletes an endpoint; ErrNotFound when it is already gone.
func (c *Client) DeleteEndpoint(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Endpoint", id), idempotent: true}, nil)
}

// The API's shapes of this area, defined once in internal/wire.
type (
	// Endpoints.
	EndpointCreate  = wire.EndpointCreate
	EndpointCreated = wire.EndpointCreated
	Endpoint        = wire.Endpoint
	EndpointUpdate  = wire.EndpointUpdate
	EndpointList    = wire.EndpointList
)
