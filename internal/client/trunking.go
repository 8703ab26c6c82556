package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// A credentials list's or origination URI's password is never logged.
var trunkingSecretKeys = []string{"password"}

// The SIP trunking area's shapes (internal/wire). No client library of the
// service implements this API; this client follows its documentation.
type (
	TrunkCreate          = wire.TrunkCreate
	TrunkUpdate          = wire.TrunkUpdate
	Trunk                = wire.Trunk
	SIPCredentialCreate  = wire.CredentialCreate
	SIPCredentialUpdate  = wire.CredentialUpdate
	SIPCredential        = wire.Credential
	IPACLCreate          = wire.IPACLCreate
	IPACLUpdate          = wire.IPACLUpdate
	IPACL                = wire.IPACL
	OriginationURICreate = wire.OriginationURICreate
	OriginationURIUpdate = wire.OriginationURIUpdate
	OriginationURI       = wire.OriginationURI
)

// TrunkFilter is the trunk list's filters; empty fields do not filter.
type TrunkFilter struct {
	TrunkStatus, TrunkDirection, Secure                string
	IPACLUUID, CredentialUUID, PrimaryURI, FallbackURI string
}

func (f TrunkFilter) query() url.Values {
	q := url.Values{}
	for k, v := range map[string]string{
		"trunk_status": f.TrunkStatus, "trunk_direction": f.TrunkDirection, "secure": f.Secure, "ipacl_uuid": f.IPACLUUID,
		"credential_uuid": f.CredentialUUID, "primary_uri_uuid": f.PrimaryURI, "fallback_uri_uuid": f.FallbackURI,
	} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return q
}

// zentrunk is the path of a trunking object (or collection, with no id).
func zentrunk(kind string, id ...string) string {
	return accountPath(append([]string{"Zentrunk", kind}, id...)...)
}

// createTrunking makes a trunking object (never retried once it may have
// reached the server; see OutcomeUnknownError) and returns its reply.
func createTrunking[R any](ctx context.Context, c *Client, kind string, in any) (*R, error) {
	var out R
	if err := c.do(ctx, request{method: http.MethodPost, path: zentrunk(kind), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// getTrunking reads one trunking object; ErrNotFound when it does not exist.
func getTrunking[T any](ctx context.Context, c *Client, kind, id string) (*T, error) {
	var out T
	if err := c.do(ctx, request{method: http.MethodGet, path: zentrunk(kind, id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// listTrunkingPage reads one page of a trunking list; the arguments of a
// GET go in the query, as the API requires.
func listTrunkingPage[T any](ctx context.Context, c *Client, kind string, q url.Values, limit, offset int) ([]T, ListMeta, error) {
	pq := url.Values{}
	for k, v := range q {
		pq[k] = v
	}
	pq.Set("limit", strconv.Itoa(limit))
	pq.Set("offset", strconv.Itoa(offset))
	var page wire.Page[T]
	if err := c.do(ctx, request{method: http.MethodGet, path: zentrunk(kind), query: pq, idempotent: true}, &page); err != nil {
		return nil, ListMeta{}, err
	}
	return page.Objects, page.Meta, nil
}

// listAllTrunking pages through a trunking list with the largest page.
func listAllTrunking[T any](ctx context.Context, c *Client, kind string, q url.Values) ([]T, error) {
	return sched.ListAll(ctx, trunkingrules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]T, ListMeta, error) {
		return listTrunkingPage[T](ctx, c, kind, q, limit, offset)
	})
}

// trunkingListing answers refreshes of one trunking kind from the
// account's listing (sched/listing.go): the list items are the very records the
// GET returns (the golden files of both are one shape), so they carry all
// the GET does. Its writes are its creates, whose reply names the new
// object's id in created, and its updates and deletes.
func trunkingListing[T any](what, kind, created string, id func(*T) string) *Listing[T] {
	return declare(&Listing[T]{
		What:  what,
		Limit: trunkingrules.ListMaxLimit,
		Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]T, ListMeta, error) {
			return listTrunkingPage[T](ctx, c, kind, nil, limit, offset)
		},
		ID:  id,
		Get: func(c *Client, ctx context.Context, _, v string) (*T, error) { return getTrunking[T](ctx, c, kind, v) },
		Writes: []sched.Write{
			{Method: http.MethodPost, Path: "Zentrunk/" + kind + "/", ID: sched.Reply(created)},
			{Method: http.MethodPost, Path: "Zentrunk/" + kind + "/{id}/"},
			{Method: http.MethodDelete, Path: "Zentrunk/" + kind + "/{id}/"},
		},
	})
}

// The listings of the trunking kinds.
var (
	TrunkListing          = trunkingListing("SIP trunks", "Trunk", "trunk_id", func(t *Trunk) string { return t.TrunkID })
	SIPCredentialListing  = trunkingListing("credentials lists", "Credential", "credential_uuid", func(x *SIPCredential) string { return x.CredentialUUID })
	IPACLListing          = trunkingListing("IP access control lists", "IPAccessControlList", "ipacl_uuid", func(x *IPACL) string { return x.IPACLUUID })
	OriginationURIListing = trunkingListing("origination URIs", "URI", "uri_uuid", func(x *OriginationURI) string { return x.URIUUID })
)

// updateTrunking changes the fields set in in; setting fields is
// idempotent, so it is retried like a read.
func updateTrunking(ctx context.Context, c *Client, kind, id string, in any) error {
	return c.do(ctx, request{method: http.MethodPost, path: zentrunk(kind, id), body: in, idempotent: true}, nil)
}

// deleteTrunking deletes a trunking object; ErrNotFound when it is gone.
func deleteTrunking(ctx context.Context, c *Client, kind, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: zentrunk(kind, id), idempotent: true}, nil)
}

// CreateTrunk creates a trunk.
func (c *Client) CreateTrunk(ctx context.Context, in TrunkCreate) (*wire.TrunkCreated, error) {
	return createTrunking[wire.TrunkCreated](ctx, c, "Trunk", in)
}

// GetTrunk reads one trunk.
func (c *Client) GetTrunk(ctx context.Context, id string) (*Trunk, error) {
	return getTrunking[Trunk](ctx, c, "Trunk", id)
}

// ListAllTrunks reads every trunk f selects.
func (c *Client) ListAllTrunks(ctx context.Context, f TrunkFilter) ([]Trunk, error) {
	return listAllTrunking[Trunk](ctx, c, "Trunk", f.query())
}

// UpdateTrunk changes a trunk; a link set to "" is removed.
func (c *Client) UpdateTrunk(ctx context.Context, id string, in TrunkUpdate) error {
	return updateTrunking(ctx, c, "Trunk", id, in)
}

// DeleteTrunk deletes a trunk.
func (c *Client) DeleteTrunk(ctx context.Context, id string) error {
	return deleteTrunking(ctx, c, "Trunk", id)
}

// CreateSIPCredential creates a credentials list.
func (c *Client) CreateSIPCredential(ctx context.Context, in SIPCredentialCreate) (*wire.CredentialCreated, error) {
	return createTrunking[wire.CredentialCreated](ctx, c, "Credential", in)
}

// GetSIPCredential reads one credentials list (never its password).
func (c *Client) GetSIPCredential(ctx context.Context, id string) (*SIPCredential, error) {
	return getTrunking[SIPCredential](ctx, c, "Credential", id)
}

// ListAllSIPCredentials reads every credentials list.
func (c *Client) ListAllSIPCredentials(ctx context.Context) ([]SIPCredential, error) {
	return listAllTrunking[SIPCredential](ctx, c, "Credential", nil)
}

// UpdateSIPCredential changes a credentials list.
func (c *Client) UpdateSIPCredential(ctx context.Context, id string, in SIPCredentialUpdate) error {
	return updateTrunking(ctx, c, "Credential", id, in)
}

// DeleteSIPCredential deletes a credentials list; the API refuses it (400)
// while a trunk names it.
func (c *Client) DeleteSIPCredential(ctx context.Context, id string) error {
	return deleteTrunking(ctx, c, "Credential", id)
}

// CreateIPACL creates an IP access control list.
func (c *Client) CreateIPACL(ctx context.Context, in IPACLCreate) (*wire.IPACLCreated, error) {
	return createTrunking[wire.IPACLCreated](ctx, c, "IPAccessControlList", in)
}

// GetIPACL reads one IP access control list.
func (c *Client) GetIPACL(ctx context.Context, id string) (*IPACL, error) {
	return getTrunking[IPACL](ctx, c, "IPAccessControlList", id)
}

// ListAllIPACLs reads every IP access control list.
func (c *Client) ListAllIPACLs(ctx context.Context) ([]IPACL, error) {
	return listAllTrunking[IPACL](ctx, c, "IPAccessControlList", nil)
}

// UpdateIPACL changes an IP access control list (ip_addresses replaces the list).
func (c *Client) UpdateIPACL(ctx context.Context, id string, in IPACLUpdate) error {
	return updateTrunking(ctx, c, "IPAccessControlList", id, in)
}

// DeleteIPACL deletes an IP access control list; the API refuses it (400)
// while a trunk names it.
func (c *Client) DeleteIPACL(ctx context.Context, id string) error {
	return deleteTrunking(ctx, c, "IPAccessControlList", id)
}

// CreateOriginationURI creates an origination URI.
func (c *Client) CreateOriginationURI(ctx context.Context, in OriginationURICreate) (*wire.OriginationURICreated, error) {
	return createTrunking[wire.OriginationURICreated](ctx, c, "URI", in)
}

// GetOriginationURI reads one origination URI (never its password).
func (c *Client) GetOriginationURI(ctx context.Context, id string) (*OriginationURI, error) {
	return getTrunking[OriginationURI](ctx, c, "URI", id)
}

// ListAllOriginationURIs reads every origination URI.
func (c *Client) ListAllOriginationURIs(ctx context.Context) ([]OriginationURI, error) {
	return listAllTrunking[OriginationURI](ctx, c, "URI", nil)
}

// UpdateOriginationURI changes an origination URI.
func (c *Client) UpdateOriginationURI(ctx context.Context, id string, in OriginationURIUpdate) error {
	return updateTrunking(ctx, c, "URI", id, in)
}

// DeleteOriginationURI deletes an origination URI; the API refuses it
// (400) while a trunk names it.
func (c *Client) DeleteOriginationURI(ctx context.Context, id string) error {
	return deleteTrunking(ctx, c, "URI", id)
}
