package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/applicationrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The applications area's shapes (internal/wire), under the client's
// short names, as shapes.go does for the older areas.
type (
	ApplicationSettings = wire.ApplicationSettings
	ApplicationCreate   = wire.ApplicationCreate
	ApplicationCreated  = wire.ApplicationCreated
	ApplicationUpdate   = wire.ApplicationUpdate
	Application         = wire.Application
	ApplicationList     = wire.ApplicationList
)

// ApplicationDelete says what happens to the endpoints of an application
// being deleted. The zero value keeps them: Cascade false detaches them
// (or moves them to NewEndpointApplication). Cascade true, the API's own
// default, deletes them with the application.
type ApplicationDelete struct {
	Cascade                bool
	NewEndpointApplication string
}

// CreateApplication creates an application. A create is never retried
// after it may have reached the server; see OutcomeUnknownError.
func (c *Client) CreateApplication(ctx context.Context, in ApplicationCreate) (*ApplicationCreated, error) {
	var out ApplicationCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Application"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetApplication reads one application; ErrNotFound when it does not exist.
func (c *Client) GetApplication(ctx context.Context, appID string) (*Application, error) {
	var out wire.ApplicationReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Application", appID), idempotent: true}, &out); err != nil {
		return nil, err
	}
	c.learnAppSIPDomain(&out.Application)
	return &out.Application, nil
}

// ListApplications reads one page of applications, those named appName
// when it is not empty.
func (c *Client) ListApplications(ctx context.Context, appName string, limit, offset int) (*ApplicationList, error) {
	return c.ListApplicationsIn(ctx, appName, "", limit, offset)
}

// ListApplicationsIn is ListApplications of one account: a subaccount's
// (its auth_id) or the main account's own (its auth_id); "" is every
// application the credentials reach.
func (c *Client) ListApplicationsIn(ctx context.Context, appName, subaccount string, limit, offset int) (*ApplicationList, error) {
	q := url.Values{}
	if appName != "" {
		q.Set("app_name", appName)
	}
	if subaccount != "" {
		q.Set("subaccount", subaccount)
	}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out ApplicationList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Application"), query: q, idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	if len(out.Objects) > 0 {
		c.learnAppSIPDomain(&out.Objects[0])
	}
	return &out, nil
}

// ApplicationListing answers refreshes of applications from their
// listing (sched/listing.go), narrowed by the subaccount filter (Narrowed): a
// subaccount's auth_id, or the main account's own, lists that account's
// applications; "" lists every application the credentials reach (the
// main account's and its subaccounts'). Its items carry all the GET does
// (the recorded list items are the GET's record without api_id).
var ApplicationListing = declare(&Listing[Application]{
	What:     "applications",
	Limit:    applicationrules.ListMaxLimit,
	Narrowed: true,
	Page: func(c *Client, ctx context.Context, subaccount string, limit, offset int) ([]Application, ListMeta, error) {
		page, err := c.ListApplicationsIn(ctx, "", subaccount, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	ID: func(a *Application) string { return a.AppID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Application, error) {
		return c.GetApplication(ctx, id)
	},
	// Its creates, updates and deletes; a subaccount's delete deletes or
	// moves its applications.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Application/", ID: sched.Reply("app_id")},
		{Method: http.MethodPost, Path: "Application/{id}/"},
		{Method: http.MethodDelete, Path: "Application/{id}/"},
		{Method: http.MethodDelete, Path: "Subaccount/{subaccount}/"},
	},
})

// ListAllApplications pages through every application (named appName,
// when it is not empty) with the largest page.
func (c *Client) ListAllApplications(ctx context.Context, appName string) ([]Application, error) {
	return c.ListAllApplicationsIn(ctx, appName, "")
}

// ListAllApplicationsIn is ListAllApplications of one account (see
// ListApplicationsIn).
func (c *Client) ListAllApplicationsIn(ctx context.Context, appName, subaccount string) ([]Application, error) {
	return sched.ListAll(ctx, applicationrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]Application, ListMeta, error) {
		page, err := c.ListApplicationsIn(ctx, appName, subaccount, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	})
}

// UpdateApplication changes the fields set in in. Setting fields is
// idempotent, so it is retried like a read.
func (c *Client) UpdateApplication(ctx context.Context, appID string, in ApplicationUpdate) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("Application", appID), body: in, idempotent: true}, nil)
}

// DeleteApplication deletes an application, with what opts says for its
// endpoints; ErrNotFound when it is already gone. cascade is always sent,
// so the API's default (delete the endpoints) never applies by omission.
func (c *Client) DeleteApplication(ctx context.Context, appID string, opts ApplicationDelete) error {
	q := url.Values{}
	q.Set("cascade", strconv.FormatBool(opts.Cascade))
	if opts.NewEndpointApplication != "" {
		q.Set("new_endpoint_application", opts.NewEndpointApplication)
	}
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Application", appID), query: q, idempotent: true}, nil)
}
