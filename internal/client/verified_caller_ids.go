package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/calleridrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The verified caller IDs area's shapes (internal/wire).
type (
	VerifiedCallerIDInitiate  = wire.VerifiedCallerIDInitiate
	VerifiedCallerIDInitiated = wire.VerifiedCallerIDInitiated
	VerifiedCallerIDVerified  = wire.VerifiedCallerIDVerified
	VerifiedCallerID          = wire.VerifiedCallerID
	VerifiedCallerIDUpdate    = wire.VerifiedCallerIDUpdate
	VerifiedCallerIDList      = wire.VerifiedCallerIDList
)

// VerifiedCallerIDFilter narrows a list: each set field must match
// exactly ("" is no filter).
type VerifiedCallerIDFilter struct {
	Alias, Country, Subaccount string
}

// callerIDPath is the path of one verified number: its digits, without the
// + (which a query-minded proxy could read as a space).
func callerIDPath(number string) string {
	return accountPath("VerifiedCallerId", calleridrules.Digits(number))
}

// InitiateCallerIDVerification sends a one-time code to the number (by SMS
// or a call). It is never retried: each attempt sends a message to a
// person's phone. The API answers 409 for a number already verified.
func (c *Client) InitiateCallerIDVerification(ctx context.Context, in VerifiedCallerIDInitiate) (*VerifiedCallerIDInitiated, error) {
	var out VerifiedCallerIDInitiated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("VerifiedCallerId"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// VerifyCallerID completes a verification with the one-time code. The
// request's bodies are never logged (the code is a secret), and it is
// never retried: a verification closes once it succeeds.
func (c *Client) VerifyCallerID(ctx context.Context, verificationUUID, code string) (*VerifiedCallerIDVerified, error) {
	var out VerifiedCallerIDVerified
	err := c.do(ctx, request{method: http.MethodPost, path: accountPath("VerifiedCallerId", "Verification", verificationUUID),
		body: wire.VerifiedCallerIDVerify{OTP: code}, personal: true}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetVerifiedCallerID reads one verified number (with or without its +);
// ErrNotFound when it is not verified.
func (c *Client) GetVerifiedCallerID(ctx context.Context, number string) (*VerifiedCallerID, error) {
	var out wire.VerifiedCallerIDReply
	if err := c.do(ctx, request{method: http.MethodGet, path: callerIDPath(number), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.VerifiedCallerID, nil
}

// ListVerifiedCallerIDs reads one page of verified numbers, newest first.
func (c *Client) ListVerifiedCallerIDs(ctx context.Context, f VerifiedCallerIDFilter, limit, offset int) (*VerifiedCallerIDList, error) {
	q := url.Values{}
	for k, v := range map[string]string{"alias": f.Alias, "country": f.Country, "subaccount": f.Subaccount} {
		if v != "" {
			q.Set(k, v)
		}
	}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out VerifiedCallerIDList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("VerifiedCallerId"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListAllVerifiedCallerIDs pages through every verified number f selects.
func (c *Client) ListAllVerifiedCallerIDs(ctx context.Context, f VerifiedCallerIDFilter) ([]VerifiedCallerID, error) {
	return sched.ListAll(ctx, calleridrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]VerifiedCallerID, ListMeta, error) {
		page, err := c.ListVerifiedCallerIDs(ctx, f, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	})
}

// VerifiedCallerIDListing answers refreshes of verified caller IDs from
// the account's listing (sched/listing.go). Its items carry all the GET does
// (plus resource_uri).
var VerifiedCallerIDListing = declare(&Listing[VerifiedCallerID]{
	What:  "verified caller IDs",
	Limit: calleridrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]VerifiedCallerID, ListMeta, error) {
		page, err := c.ListVerifiedCallerIDs(ctx, VerifiedCallerIDFilter{}, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	ID: func(v *VerifiedCallerID) string { return v.PhoneNumber },
	Get: func(c *Client, ctx context.Context, _, id string) (*VerifiedCallerID, error) {
		return c.GetVerifiedCallerID(ctx, id)
	},
	// A verification's completion (the reply names the number), and the
	// updates and deletes of a number, whose path has its digits without
	// the +, which ID has.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "VerifiedCallerId/Verification/{verification}/", ID: sched.Reply("phone_number")},
		{Method: http.MethodPost, Path: "VerifiedCallerId/{id}/", Norm: calleridrules.E164},
		{Method: http.MethodDelete, Path: "VerifiedCallerId/{id}/", Norm: calleridrules.E164},
	},
})

// UpdateVerifiedCallerID changes the alias and the subaccount of a
// verified number and returns the record. Setting fields is idempotent,
// so it is retried like a read.
func (c *Client) UpdateVerifiedCallerID(ctx context.Context, number string, in VerifiedCallerIDUpdate) (*VerifiedCallerID, error) {
	var out wire.VerifiedCallerIDReply
	if err := c.do(ctx, request{method: http.MethodPost, path: callerIDPath(number), body: in, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.VerifiedCallerID, nil
}

// DeleteVerifiedCallerID removes a verified number; ErrNotFound when it is
// not verified.
func (c *Client) DeleteVerifiedCallerID(ctx context.Context, number string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: callerIDPath(number), idempotent: true}, nil)
}
