package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tollfreerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The toll-free verification shapes (internal/wire) under the client's
// names.
type (
	TollfreeVerificationFields  = wire.TollfreeVerificationFields
	TollfreeVerificationCreate  = wire.TollfreeVerificationCreate
	TollfreeVerificationCreated = wire.TollfreeVerificationCreated
	TollfreeVerification        = wire.TollfreeVerification
)

// TollfreeFilter is the list's filters; empty fields are not sent.
type TollfreeFilter struct {
	Number, Status, ProfileUUID, Usecase, CreatedGTE, CreatedLTE string
}

// CreateTollfreeVerification submits a request. A create is never retried
// after it may have reached the server.
func (c *Client) CreateTollfreeVerification(ctx context.Context, in TollfreeVerificationCreate) (*TollfreeVerificationCreated, error) {
	var out TollfreeVerificationCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("TollfreeVerification"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetTollfreeVerification reads a request; ErrNotFound when it does not
// exist.
func (c *Client) GetTollfreeVerification(ctx context.Context, uuid string) (*TollfreeVerification, error) {
	var out wire.TollfreeVerificationReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("TollfreeVerification", uuid), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.TollfreeVerification, nil
}

// ListTollfreeVerifications reads one page of the requests f selects,
// with the page's meta (total_count is the list's count when the reply
// gives count instead).
func (c *Client) ListTollfreeVerifications(ctx context.Context, f TollfreeFilter, limit, offset int) ([]TollfreeVerification, ListMeta, error) {
	q := url.Values{}
	for k, v := range map[string]string{"number": f.Number, "status": f.Status, "profile_uuid": f.ProfileUUID, "usecase": f.Usecase,
		"created__gte": f.CreatedGTE, "created__lte": f.CreatedLTE} {
		if v != "" {
			q.Set(k, v)
		}
	}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out wire.TollfreeVerificationList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("TollfreeVerification"), query: q, idempotent: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	total := out.Meta.TotalCount
	if total == 0 {
		total = out.Meta.Count
	}
	return out.Objects, ListMeta{Limit: out.Meta.Limit, Offset: out.Meta.Offset, Next: out.Meta.Next, TotalCount: total}, nil
}

// ListAllTollfreeVerifications pages through the requests f selects.
func (c *Client) ListAllTollfreeVerifications(ctx context.Context, f TollfreeFilter) ([]TollfreeVerification, error) {
	return sched.ListAll(ctx, tollfreerules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]TollfreeVerification, ListMeta, error) {
		return c.ListTollfreeVerifications(ctx, f, limit, offset)
	})
}

// TollfreeListingDays is how far back the refresh listing of toll-free
// verifications reaches: the list holds the last 7 days unless a created
// filter widens it, to 30 days at most; a day less leaves room for a clock
// a day ahead of ours.
const TollfreeListingDays = 29

// TollfreeListing answers refreshes of toll-free verification requests
// from the listing of those created in the last TollfreeListingDays days
// (sched/listing.go); older ones are read by GET. Its items carry all the GET
// does (the same record without api_id).
var TollfreeListing = declare(&Listing[TollfreeVerification]{
	What:  "toll-free verifications",
	Limit: tollfreerules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]TollfreeVerification, ListMeta, error) {
		since := time.Now().UTC().AddDate(0, 0, -TollfreeListingDays).Format("2006-01-02")
		return c.ListTollfreeVerifications(ctx, TollfreeFilter{CreatedGTE: since}, limit, offset)
	},
	ID: func(v *TollfreeVerification) string { return v.UUID },
	Get: func(c *Client, ctx context.Context, _, id string) (*TollfreeVerification, error) {
		return c.GetTollfreeVerification(ctx, id)
	},
	// Its creates, updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "TollfreeVerification/", ID: sched.Reply("uuid")},
		{Method: http.MethodPost, Path: "TollfreeVerification/{id}/"},
		{Method: http.MethodDelete, Path: "TollfreeVerification/{id}/"},
	},
})

// UpdateTollfreeVerification changes the fields set in in ("" is
// unchanged) and resubmits the request. Idempotent: retried like a read.
func (c *Client) UpdateTollfreeVerification(ctx context.Context, uuid string, in TollfreeVerificationFields) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("TollfreeVerification", uuid), body: in, idempotent: true}, nil)
}

// DeleteTollfreeVerification deletes a request; ErrNotFound when it is
// already gone.
func (c *Client) DeleteTollfreeVerification(ctx context.Context, uuid string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("TollfreeVerification", uuid), idempotent: true}, nil)
}
