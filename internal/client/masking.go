package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// A masking session's PINs are never logged.
var maskingSecretKeys = []string{"first_party_pin", "second_party_pin"}

// MaskingSessionFilter holds the filters of GET Masking/Session/; empty
// fields are not sent. Status is active, expired or all. Times use the
// session time form, "YYYY-MM-DD HH:MM:SS" (UTC) or "YYYY-MM-DD".
type MaskingSessionFilter struct {
	FirstParty, SecondParty, VirtualNumber, Status string
	CreatedTimeGT, CreatedTimeGTE                  string
	CreatedTimeLT, CreatedTimeLTE                  string
	ExpiryTimeGT, ExpiryTimeGTE                    string
	ExpiryTimeLT, ExpiryTimeLTE                    string
}

func (f MaskingSessionFilter) query() url.Values {
	q := url.Values{}
	for k, v := range map[string]string{
		"first_party": f.FirstParty, "second_party": f.SecondParty, "virtual_number": f.VirtualNumber, "status": f.Status,
		"created_time__gt": f.CreatedTimeGT, "created_time__gte": f.CreatedTimeGTE,
		"created_time__lt": f.CreatedTimeLT, "created_time__lte": f.CreatedTimeLTE,
		"expiry_time__gt": f.ExpiryTimeGT, "expiry_time__gte": f.ExpiryTimeGTE,
		"expiry_time__lt": f.ExpiryTimeLT, "expiry_time__lte": f.ExpiryTimeLTE,
	} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return q
}

// maskingSessionPath is Masking/Session/{uuid}, without the trailing slash
// every other path has: the spec gives this one without.
func maskingSessionPath(id string) string { return "Masking/Session/" + url.PathEscape(id) }

// CreateMaskingSession creates a session. It is never retried after it may
// have reached the server; see OutcomeUnknownError.
func (c *Client) CreateMaskingSession(ctx context.Context, in MaskingSessionCreate) (*MaskingSessionCreated, error) {
	var out MaskingSessionCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Masking", "Session"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetMaskingSession reads a session (the reply's "response"); ErrNotFound
// when it never existed. An ended session is returned with status expired.
func (c *Client) GetMaskingSession(ctx context.Context, id string) (*MaskingSession, error) {
	var out wire.MaskingSessionReply
	if err := c.do(ctx, request{method: http.MethodGet, path: maskingSessionPath(id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Response, nil
}

// UpdateMaskingSession changes a session's options and returns the session
// (the reply's "session"). Setting fields is idempotent, so it is retried
// like a read.
func (c *Client) UpdateMaskingSession(ctx context.Context, id string, in MaskingSessionUpdate) (*MaskingSession, error) {
	var out wire.MaskingSessionUpdated
	if err := c.do(ctx, request{method: http.MethodPost, path: maskingSessionPath(id), body: in, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Session, nil
}

// DeleteMaskingSession ends a session (it then reads as expired). Ending
// an already ended session is a 400; callers that only want it ended read
// it back instead of matching the message.
func (c *Client) DeleteMaskingSession(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: maskingSessionPath(id), idempotent: true}, nil)
}

// ListMaskingSessions reads one page of sessions matching f.
func (c *Client) ListMaskingSessions(ctx context.Context, f MaskingSessionFilter, limit, offset int) (*MaskingSessionList, error) {
	q := f.query()
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out MaskingSessionList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Masking", "Session"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// MaskingSessionListing answers refreshes of masking sessions from the
// account's listing of every session, active or expired (status=all;
// sched/listing.go). Its items carry all the GET's "response" does.
var MaskingSessionListing = declare(&Listing[MaskingSession]{
	What:  "masking sessions",
	Limit: maskingrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]MaskingSession, ListMeta, error) {
		page, err := c.ListMaskingSessions(ctx, MaskingSessionFilter{Status: maskingrules.StatusAll}, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Response.Objects, page.Response.Meta, nil
	},
	ID: func(s *MaskingSession) string { return s.SessionUUID },
	Get: func(c *Client, ctx context.Context, _, id string) (*MaskingSession, error) {
		return c.GetMaskingSession(ctx, id)
	},
	// Its creates, updates and deletes (the path of one session has no
	// trailing slash).
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Masking/Session/", ID: sched.Reply("session_uuid")},
		{Method: http.MethodPost, Path: "Masking/Session/{id}"},
		{Method: http.MethodDelete, Path: "Masking/Session/{id}"},
	},
})

// ListAllMaskingSessions pages through every session matching f.
func (c *Client) ListAllMaskingSessions(ctx context.Context, f MaskingSessionFilter) ([]MaskingSession, error) {
	return sched.ListAll(ctx, maskingrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]MaskingSession, ListMeta, error) {
		page, err := c.ListMaskingSessions(ctx, f, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Response.Objects, page.Response.Meta, nil
	})
}

// The API's shapes of this area, defined once in internal/wire.
type (
	// Masking sessions.
	MaskingSessionCreate  = wire.MaskingSessionCreate
	MaskingSession        = wire.MaskingSession
	IntText               = wire.IntText
	MaskingSessionCreated = wire.MaskingSessionCreated
	MaskingSessionUpdate  = wire.MaskingSessionUpdate
	MaskingSessionList    = wire.MaskingSessionList
)
