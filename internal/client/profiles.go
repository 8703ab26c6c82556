package client

import (
	"context"
	"math"
	"net/http"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/profilerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The business profiles' shapes (internal/wire) under the client's names.
type (
	ProfileFields  = wire.ProfileFields
	ProfileAddress = wire.ProfileAddress
	ProfileContact = wire.ProfileContact
	ProfileCreated = wire.ProfileCreated
	Profile        = wire.Profile
	ProfileList    = wire.ProfileList
)

// CreateProfile creates a business profile. A create is never retried
// after it may have reached the server; see OutcomeUnknownError.
func (c *Client) CreateProfile(ctx context.Context, in ProfileFields) (*ProfileCreated, error) {
	var out ProfileCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Profile"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetProfile reads a profile; ErrNotFound when it does not exist.
func (c *Client) GetProfile(ctx context.Context, uuid string) (*Profile, error) {
	var out wire.ProfileReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Profile", uuid), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Profile, nil
}

// ListProfiles reads one page of profiles.
func (c *Client) ListProfiles(ctx context.Context, limit, offset int) (*ProfileList, error) {
	var out ProfileList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Profile"), query: pageQuery(limit, offset), idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// ProfileListing answers refreshes of profiles from the account's
// listing (sched/listing.go). Its items carry all the GET does (the same
// record). The service's pages may leave total_count out: they are then
// read one after another.
var ProfileListing = declare(&Listing[Profile]{
	What:  "10DLC profiles",
	Limit: profilerules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Profile, ListMeta, error) {
		page, err := c.ListProfiles(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Profiles, page.Meta, nil
	},
	ID:  func(p *Profile) string { return p.ProfileUUID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Profile, error) { return c.GetProfile(ctx, id) },
	// Its creates, updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Profile/", ID: sched.Reply("profile_uuid")},
		{Method: http.MethodPost, Path: "Profile/{id}/"},
		{Method: http.MethodDelete, Path: "Profile/{id}/"},
	},
})

// ListAllProfiles pages through every profile of the account. The
// service's profile list may leave total_count out (its recorded meta has
// only limit, next and offset), so next alone says whether a page follows.
func (c *Client) ListAllProfiles(ctx context.Context) ([]Profile, error) {
	return sched.ListAll(ctx, profilerules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]Profile, ListMeta, error) {
		l, err := c.ListProfiles(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		if l.Meta.TotalCount == 0 && l.Meta.Next != nil {
			l.Meta.TotalCount = math.MaxInt
		}
		return l.Profiles, l.Meta, nil
	})
}

// UpdateProfile changes the fields set in in (an empty field is
// unchanged) and returns the whole record after the change. Setting
// fields is idempotent, so it is retried like a read.
func (c *Client) UpdateProfile(ctx context.Context, uuid string, in ProfileFields) (*Profile, error) {
	var out wire.ProfileReply
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Profile", uuid), body: in, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Profile, nil
}

// DeleteProfile deletes a profile; ErrNotFound when it is already gone.
// The service refuses while a brand uses it.
func (c *Client) DeleteProfile(ctx context.Context, uuid string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Profile", uuid), idempotent: true}, nil)
}
