package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// EndpointCreate is the body of POST Endpoint/.
type EndpointCreate struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Alias    string `json:"alias"`
	AppID    string `json:"app_id,omitempty"`
}

// EndpointCreated is the reply to a create: Username is the requested
// username with 12 digits appended.
type EndpointCreated struct {
	APIID      string `json:"api_id"`
	Username   string `json:"username"`
	Alias      string `json:"alias"`
	Message    string `json:"message"`
	EndpointID string `json:"endpoint_id"`
}

// Endpoint is a stored SIP endpoint. Password is the MD5 hex digest of the
// password; the API never returns it in plain text.
type Endpoint struct {
	Alias         string  `json:"alias"`
	APIID         string  `json:"api_id,omitempty"`
	Application   string  `json:"application"`
	EndpointID    string  `json:"endpoint_id"`
	Password      string  `json:"password"`
	ResourceURI   string  `json:"resource_uri"`
	SIPRegistered string  `json:"sip_registered"`
	SIPURI        string  `json:"sip_uri"`
	SubAccount    *string `json:"sub_account"`
	Username      string  `json:"username"`
}

// IsSIPRegistered decodes the API's "true"/"false" string.
func (e *Endpoint) IsSIPRegistered() bool { return e.SIPRegistered == "true" }

// AppID extracts the application id from the Application resource path
// ("/v1/Account/X/Application/<id>/"), or "" when none is attached.
func (e *Endpoint) AppID() string { return lastPathSegment(e.Application) }

// EndpointUpdate is the body of POST Endpoint/{id}/; nil fields are left
// unchanged. An empty AppID detaches the application.
type EndpointUpdate struct {
	Password *string `json:"password,omitempty"`
	Alias    *string `json:"alias,omitempty"`
	AppID    *string `json:"app_id,omitempty"`
}

// ListMeta is the paging block of every list reply.
type ListMeta struct {
	Limit      int     `json:"limit"`
	Offset     int     `json:"offset"`
	Next       *string `json:"next"`
	Previous   *string `json:"previous"`
	TotalCount int     `json:"total_count"`
}

// EndpointList is one page of GET Endpoint/.
type EndpointList struct {
	APIID   string     `json:"api_id"`
	Meta    ListMeta   `json:"meta"`
	Objects []Endpoint `json:"objects"`
}

// EndpointPageLimit is the largest page GET Endpoint/ serves.
const EndpointPageLimit = 20

// CreateEndpoint creates an endpoint. A create is never retried after it
// may have reached the server; see OutcomeUnknownError.
func (c *Client) CreateEndpoint(ctx context.Context, in EndpointCreate) (*EndpointCreated, error) {
	var out EndpointCreated
	err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Endpoint"), body: in}, &out)
	if err != nil {
		return nil, err
	}
	c.endpointPrefetch.forget(out.EndpointID)
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

// ListAllEndpoints pages through every endpoint with the largest page.
func (c *Client) ListAllEndpoints(ctx context.Context) ([]Endpoint, error) {
	return listAll(ctx, EndpointPageLimit, 0, func(ctx context.Context, limit, offset int) ([]Endpoint, ListMeta, error) {
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
	// Before and after: a listing running across the write may hold either.
	c.endpointPrefetch.forget(id)
	defer c.endpointPrefetch.forget(id)
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("Endpoint", id), body: in, idempotent: true}, nil)
}

// DeleteEndpoint deletes an endpoint; ErrNotFound when it is already gone.
func (c *Client) DeleteEndpoint(ctx context.Context, id string) error {
	// Before and after: a listing running across the write may hold either.
	c.endpointPrefetch.forget(id)
	defer c.endpointPrefetch.forget(id)
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Endpoint", id), idempotent: true}, nil)
}
