package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The oldest compliance generation (Verification/Address,
// Verification/Identity) under the client's names. Its create replies
// carry no id: the provider finds what it made in the listing.
type (
	VerificationAddressData  = wire.VerificationAddressData
	VerificationIdentityData = wire.VerificationIdentityData
	VerificationAddress      = wire.VerificationAddress
	VerificationIdentity     = wire.VerificationIdentity
)

// The personal fields of addresses and identities never reach a log,
// whatever the request (their bodies are logged by size only besides).
var verificationSecretKeys = []string{"first_name", "last_name", "birth_place", "birth_date", "id_number", "id_issue_date",
	"address_line1", "address_line2", "fiscal_identification_code", "document_details"}

// verificationUpload is a create or update body: the form fields of data
// (a wire shape) and the file when there is one.
func verificationUpload(data any, file *ComplianceFile) ([]byte, string, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, "", err
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, "", err
	}
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	slices.Sort(names)
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, k := range names {
		v := fields[k]
		if v == nil {
			continue
		}
		s, ok := v.(string)
		if !ok {
			s = fmt.Sprint(v) // auto_correct_address: true or false
		}
		if err := w.WriteField(k, s); err != nil {
			return nil, "", err
		}
	}
	if file != nil {
		part, err := w.CreateFormFile(wire.VerificationFilePart, file.Name)
		if err != nil {
			return nil, "", err
		}
		if _, err := part.Write(file.Content); err != nil {
			return nil, "", err
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return b.Bytes(), w.FormDataContentType(), nil
}

// verificationWrite sends a create (id "") or update of kind ("Address",
// "Identity"). A create is never retried once it may have reached the
// server.
func (c *Client) verificationWrite(ctx context.Context, kind, id string, data any, file *ComplianceFile) error {
	body, ct, err := verificationUpload(data, file)
	if err != nil {
		return fmt.Errorf("encoding the %s: %w", kind, err)
	}
	req := request{method: http.MethodPost, path: accountPath("Verification", kind), raw: body, contentType: ct, personal: true}
	if id != "" {
		req.path, req.idempotent = accountPath("Verification", kind, id), true
	}
	var out wire.VerificationAccepted
	return c.do(ctx, req, &out)
}

// CreateVerificationAddress submits an address; the reply names no id.
func (c *Client) CreateVerificationAddress(ctx context.Context, in VerificationAddressData, file *ComplianceFile) error {
	return c.verificationWrite(ctx, "Address", "", in, file)
}

// UpdateVerificationAddress resubmits an address with what in sets.
func (c *Client) UpdateVerificationAddress(ctx context.Context, id string, in VerificationAddressData, file *ComplianceFile) error {
	return c.verificationWrite(ctx, "Address", id, in, file)
}

// GetVerificationAddress reads an address; ErrNotFound when it does not
// exist.
func (c *Client) GetVerificationAddress(ctx context.Context, id string) (*VerificationAddress, error) {
	var out VerificationAddress
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Verification", "Address", id), idempotent: true, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteVerificationAddress deletes an address; ErrNotFound when it is
// gone.
func (c *Client) DeleteVerificationAddress(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Verification", "Address", id), idempotent: true}, nil)
}

// CreateVerificationIdentity submits an identity; the reply names no id.
func (c *Client) CreateVerificationIdentity(ctx context.Context, in VerificationIdentityData, file *ComplianceFile) error {
	return c.verificationWrite(ctx, "Identity", "", in, file)
}

// UpdateVerificationIdentity resubmits an identity with what in sets.
func (c *Client) UpdateVerificationIdentity(ctx context.Context, id string, in VerificationIdentityData, file *ComplianceFile) error {
	return c.verificationWrite(ctx, "Identity", id, in, file)
}

// GetVerificationIdentity reads an identity; ErrNotFound when it does not
// exist.
func (c *Client) GetVerificationIdentity(ctx context.Context, id string) (*VerificationIdentity, error) {
	var out VerificationIdentity
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Verification", "Identity", id), idempotent: true, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteVerificationIdentity deletes an identity; ErrNotFound when it is
// gone.
func (c *Client) DeleteVerificationIdentity(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Verification", "Identity", id), idempotent: true}, nil)
}

// VerificationFilter is the filters of both lists; empty fields are not
// sent. ValidationStatus is the address list's only. The API's
// customer_name filter is not offered: it would put a person's name in a
// URL.
type VerificationFilter struct {
	CountryISO, Alias, VerificationStatus, ValidationStatus string
}

func (f VerificationFilter) query(limit, offset int) url.Values {
	q := url.Values{"limit": {strconv.Itoa(limit)}, "offset": {strconv.Itoa(offset)}}
	for k, v := range map[string]string{"country_iso": f.CountryISO, "alias": f.Alias, "verification_status": f.VerificationStatus,
		"validation_status": f.ValidationStatus} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return q
}

func (c *Client) listVerificationAddresses(ctx context.Context, f VerificationFilter, limit, offset int) ([]VerificationAddress, ListMeta, error) {
	var out wire.VerificationAddressList
	if err := c.do(ctx, request{method: http.MethodGet, path: "Verification/Address/", query: f.query(limit, offset), idempotent: true, personal: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	return out.Objects, out.Meta, nil
}

// ListAllVerificationAddresses pages through the addresses f selects.
func (c *Client) ListAllVerificationAddresses(ctx context.Context, f VerificationFilter) ([]VerificationAddress, error) {
	return sched.ListAll(ctx, compliancerules.VerificationListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]VerificationAddress, ListMeta, error) {
		return c.listVerificationAddresses(ctx, f, limit, offset)
	})
}

func (c *Client) listVerificationIdentities(ctx context.Context, f VerificationFilter, limit, offset int) ([]VerificationIdentity, ListMeta, error) {
	f.ValidationStatus = "" // the identity list has no such filter
	var out wire.VerificationIdentityList
	if err := c.do(ctx, request{method: http.MethodGet, path: "Verification/Identity/", query: f.query(limit, offset), idempotent: true, personal: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	return out.Objects, out.Meta, nil
}

// ListAllVerificationIdentities pages through the identities f selects.
func (c *Client) ListAllVerificationIdentities(ctx context.Context, f VerificationFilter) ([]VerificationIdentity, error) {
	return sched.ListAll(ctx, compliancerules.VerificationListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]VerificationIdentity, ListMeta, error) {
		return c.listVerificationIdentities(ctx, f, limit, offset)
	})
}

// VerificationAddressListing answers refreshes of addresses from the
// account's listing. Its items carry all the GET does.
var VerificationAddressListing = declare(&Listing[VerificationAddress]{
	What:  "verification addresses",
	Limit: compliancerules.VerificationListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]VerificationAddress, ListMeta, error) {
		return c.listVerificationAddresses(ctx, VerificationFilter{}, limit, offset)
	},
	ID: func(a *VerificationAddress) string { return a.ID },
	Get: func(c *Client, ctx context.Context, _, id string) (*VerificationAddress, error) {
		return c.GetVerificationAddress(ctx, id)
	},
	// Its creates (whose replies name no id), updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Verification/Address/"},
		{Method: http.MethodPost, Path: "Verification/Address/{id}/"},
		{Method: http.MethodDelete, Path: "Verification/Address/{id}/"},
	},
})

// VerificationIdentityListing answers refreshes of identities from the
// account's listing. Its items carry all the GET does.
var VerificationIdentityListing = declare(&Listing[VerificationIdentity]{
	What:  "verification identities",
	Limit: compliancerules.VerificationListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]VerificationIdentity, ListMeta, error) {
		return c.listVerificationIdentities(ctx, VerificationFilter{}, limit, offset)
	},
	ID: func(a *VerificationIdentity) string { return a.ID },
	Get: func(c *Client, ctx context.Context, _, id string) (*VerificationIdentity, error) {
		return c.GetVerificationIdentity(ctx, id)
	},
	// Its creates (whose replies name no id), updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "Verification/Identity/"},
		{Method: http.MethodPost, Path: "Verification/Identity/{id}/"},
		{Method: http.MethodDelete, Path: "Verification/Identity/{id}/"},
	},
})
