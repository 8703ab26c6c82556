package client

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The compliance application family (EndUser, ComplianceDocumentType,
// ComplianceRequirement, ComplianceDocument, ComplianceApplication) under
// the client's names.
type (
	EndUserData              = wire.EndUserData
	EndUser                  = wire.EndUser
	DocumentType             = wire.DocumentType
	ComplianceAppRequirement = wire.ComplianceAppRequirement
	ComplianceDocument       = wire.ComplianceDocument
	ApplicationData          = wire.ApplicationData
	ComplianceApplication    = wire.ComplianceApplication
	ComplianceDocumentItem   = wire.ComplianceDocumentItem
)

// CreateEndUser makes an end user; the body and reply are personal data.
func (c *Client) CreateEndUser(ctx context.Context, in EndUserData) (*EndUser, error) {
	var out wire.EndUserCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: "EndUser/", body: in, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out.EndUser, nil
}

// GetEndUser reads an end user; ErrNotFound when it does not exist.
func (c *Client) GetEndUser(ctx context.Context, id string) (*EndUser, error) {
	var out wire.EndUserReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("EndUser", id), idempotent: true, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out.EndUser, nil
}

// UpdateEndUser changes the name and last name (the type cannot change).
func (c *Client) UpdateEndUser(ctx context.Context, id string, in EndUserData) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("EndUser", id), body: in, idempotent: true, personal: true}, nil)
}

// DeleteEndUser deletes an end user; ErrNotFound when it is gone.
func (c *Client) DeleteEndUser(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("EndUser", id), idempotent: true}, nil)
}

// ListDocumentTypes reads the service's document types.
func (c *Client) ListDocumentTypes(ctx context.Context) ([]DocumentType, error) {
	var out wire.DocumentTypeList
	if err := c.do(ctx, request{method: http.MethodGet, path: "ComplianceDocumentType/", idempotent: true}, &out); err != nil {
		return nil, err
	}
	return out.Objects, nil
}

// FindComplianceRequirement reads the requirement of a compliance application family
// application for a country, number type and end user type (one object).
func (c *Client) FindComplianceRequirement(ctx context.Context, country, numberType, userType string) (*ComplianceAppRequirement, error) {
	var out ComplianceAppRequirement
	q := url.Values{"country_iso2": {country}, "number_type": {numberType}, "end_user_type": {userType}}
	if err := c.do(ctx, request{method: http.MethodGet, path: "ComplianceRequirement/", query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DocumentUpload is a document's create or update: the form fields and
// data fields (sent as form fields, in name order), and the file when
// there is one. Its values are personal data: the request is logged by
// size only.
type DocumentUpload struct {
	EndUserID, DocumentTypeID, Alias string
	DataFields                       map[string]string
	File                             *ComplianceFile
}

func (u DocumentUpload) encode() ([]byte, string, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	write := func(k, v string) error {
		if v == "" {
			return nil
		}
		return w.WriteField(k, v)
	}
	for _, kv := range [][2]string{{wire.DocumentFieldEndUserID, u.EndUserID}, {wire.DocumentFieldDocumentTypeID, u.DocumentTypeID},
		{wire.DocumentFieldAlias, u.Alias}} {
		if err := write(kv[0], kv[1]); err != nil {
			return nil, "", err
		}
	}
	names := make([]string, 0, len(u.DataFields))
	for k := range u.DataFields {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if err := write(k, u.DataFields[k]); err != nil {
			return nil, "", err
		}
	}
	if u.File != nil {
		part, err := w.CreateFormFile(wire.DocumentFilePart, u.File.Name)
		if err != nil {
			return nil, "", err
		}
		if _, err := part.Write(u.File.Content); err != nil {
			return nil, "", err
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return b.Bytes(), w.FormDataContentType(), nil
}

// CreateComplianceDocument uploads a document. Never retried after it may
// have reached the server.
func (c *Client) CreateComplianceDocument(ctx context.Context, u DocumentUpload) (*ComplianceDocument, error) {
	body, ct, err := u.encode()
	if err != nil {
		return nil, fmt.Errorf("encoding the document: %w", err)
	}
	var out wire.ComplianceDocumentCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: "ComplianceDocument/", raw: body, contentType: ct, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out.ComplianceDocument, nil
}

// GetComplianceDocument reads a document (its file's name, never its
// bytes); ErrNotFound when it does not exist.
func (c *Client) GetComplianceDocument(ctx context.Context, id string) (*ComplianceDocument, error) {
	var out wire.ComplianceDocumentReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("ComplianceDocument", id), idempotent: true, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out.ComplianceDocument, nil
}

// UpdateComplianceDocument replaces the alias, the data fields and, when
// given, the file. Idempotent.
func (c *Client) UpdateComplianceDocument(ctx context.Context, id string, u DocumentUpload) error {
	body, ct, err := u.encode()
	if err != nil {
		return fmt.Errorf("encoding the document: %w", err)
	}
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("ComplianceDocument", id), raw: body, contentType: ct,
		idempotent: true, personal: true}, nil)
}

// DeleteComplianceDocument deletes a document; ErrNotFound when it is gone.
func (c *Client) DeleteComplianceDocument(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("ComplianceDocument", id), idempotent: true}, nil)
}

// CreateComplianceApplication makes a draft application.
func (c *Client) CreateComplianceApplication(ctx context.Context, in ApplicationData) (*ComplianceApplication, error) {
	var out ComplianceApplication
	if err := c.do(ctx, request{method: http.MethodPost, path: "ComplianceApplication/", body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetComplianceApplication reads an application; ErrNotFound when it does
// not exist.
func (c *Client) GetComplianceApplication(ctx context.Context, id string) (*ComplianceApplication, error) {
	var out ComplianceApplication
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("ComplianceApplication", id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateComplianceApplication replaces the documents (the only field an
// update takes); the application is a draft again, to be submitted.
func (c *Client) UpdateComplianceApplication(ctx context.Context, id string, documentIDs []string) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("ComplianceApplication", id),
		body: ApplicationData{DocumentIDs: documentIDs}, idempotent: true}, nil)
}

// SubmitComplianceApplication submits a complete draft for review.
func (c *Client) SubmitComplianceApplication(ctx context.Context, id string) (*ComplianceApplication, error) {
	var out ComplianceApplication
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("ComplianceApplication", id, "Submit")}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteComplianceApplication deletes an application; ErrNotFound when it
// is gone.
func (c *Client) DeleteComplianceApplication(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("ComplianceApplication", id), idempotent: true}, nil)
}

// DocumentTypes is ListDocumentTypes read once for the client's life (a
// run): every document of a plan is checked against one read.
func (c *Client) DocumentTypes(ctx context.Context) ([]DocumentType, error) {
	const key = "compliance_application/document_types"
	c.requirementsMu.Lock()
	defer c.requirementsMu.Unlock()
	if v, ok := c.requirements.Load(key); ok {
		if t, ok := v.([]DocumentType); ok {
			return t, nil
		}
	}
	t, err := c.ListDocumentTypes(ctx)
	if err != nil {
		return nil, err
	}
	c.requirements.Store(key, t)
	return t, nil
}

// ApplicationFilter is the application list's filters; empty fields are
// not sent.
type ApplicationFilter struct {
	Alias, Status, CountryISO2, NumberType, EndUserType, EndUserID string
}

// listComplianceApplications reads one page of the applications f selects.
func (c *Client) listComplianceApplications(ctx context.Context, f ApplicationFilter, limit, offset int) ([]ComplianceApplication, ListMeta, error) {
	q := url.Values{"limit": {strconv.Itoa(limit)}, "offset": {strconv.Itoa(offset)}}
	for k, v := range map[string]string{"alias": f.Alias, "status": f.Status, "country_iso2": f.CountryISO2, "number_type": f.NumberType,
		"end_user_type": f.EndUserType, "end_user_id": f.EndUserID} {
		if v != "" {
			q.Set(k, v)
		}
	}
	var out wire.ComplianceApplicationList
	if err := c.do(ctx, request{method: http.MethodGet, path: "ComplianceApplication/", query: q, idempotent: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	return out.Objects, out.Meta, nil
}

// ListAllComplianceApplications pages through the applications f selects.
func (c *Client) ListAllComplianceApplications(ctx context.Context, f ApplicationFilter) ([]ComplianceApplication, error) {
	return sched.ListAll(ctx, compliancerules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]ComplianceApplication, ListMeta, error) {
		return c.listComplianceApplications(ctx, f, limit, offset)
	})
}

// ListAllEndUsers pages through the account's end users.
func (c *Client) ListAllEndUsers(ctx context.Context) ([]EndUser, error) {
	return c.ListAllEndUsersOfType(ctx, "")
}

// ListAllEndUsersOfType pages through the account's end users of one type
// (all when endUserType is ""). The API's name filters are never used: they
// would put personal data in a query string.
func (c *Client) ListAllEndUsersOfType(ctx context.Context, endUserType string) ([]EndUser, error) {
	return sched.ListAll(ctx, compliancerules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]EndUser, ListMeta, error) {
		return c.listEndUsers(ctx, endUserType, limit, offset)
	})
}

// listEndUsers reads one page of the end users of a type ("" for all).
func (c *Client) listEndUsers(ctx context.Context, endUserType string, limit, offset int) ([]EndUser, ListMeta, error) {
	q := url.Values{"limit": {strconv.Itoa(limit)}, "offset": {strconv.Itoa(offset)}}
	if endUserType != "" {
		q.Set("end_user_type", endUserType)
	}
	var out wire.EndUserList
	if err := c.do(ctx, request{method: http.MethodGet, path: "EndUser/", query: q, idempotent: true, personal: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	return out.Objects, out.Meta, nil
}

// DocumentFilter is the document list's filters; empty fields are not
// sent.
type DocumentFilter struct {
	EndUserID, DocumentTypeID, Alias string
}

// ListAllComplianceDocuments pages through the documents f selects (list
// items as the API gives them: compliance_document_id).
func (c *Client) ListAllComplianceDocuments(ctx context.Context, f DocumentFilter) ([]wire.ComplianceDocumentItem, error) {
	return sched.ListAll(ctx, compliancerules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]wire.ComplianceDocumentItem, ListMeta, error) {
		return c.listDocuments(ctx, f, limit, offset)
	})
}

// listDocuments reads one page of the documents f selects.
func (c *Client) listDocuments(ctx context.Context, f DocumentFilter, limit, offset int) ([]wire.ComplianceDocumentItem, ListMeta, error) {
	q := url.Values{"limit": {strconv.Itoa(limit)}, "offset": {strconv.Itoa(offset)}}
	for k, v := range map[string]string{"end_user_id": f.EndUserID, "document_type_id": f.DocumentTypeID, "alias": f.Alias} {
		if v != "" {
			q.Set(k, v)
		}
	}
	var out wire.ComplianceDocumentList
	if err := c.do(ctx, request{method: http.MethodGet, path: "ComplianceDocument/", query: q, idempotent: true, personal: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	return out.Objects, out.Meta, nil
}

// EndUserListing answers refreshes of end users from the account's
// listing. Its items carry all the GET does.
var EndUserListing = declare(&Listing[EndUser]{
	What:  "end users",
	Limit: compliancerules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]EndUser, ListMeta, error) {
		return c.listEndUsers(ctx, "", limit, offset)
	},
	ID:  func(u *EndUser) string { return strings.ToLower(u.EndUserID) },
	Get: func(c *Client, ctx context.Context, _, id string) (*EndUser, error) { return c.GetEndUser(ctx, id) },
	// Its creates, updates and deletes, their ids lower-cased as ID is.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "EndUser/", ID: sched.Reply("end_user_id"), Norm: strings.ToLower},
		{Method: http.MethodPost, Path: "EndUser/{id}/", Norm: strings.ToLower},
		{Method: http.MethodDelete, Path: "EndUser/{id}/", Norm: strings.ToLower},
	},
})

// ComplianceDocumentListing answers refreshes of documents from the
// account's listing. Its items carry all the GET does, under other names
// (compliance_document_id, file), which Page maps back.
var ComplianceDocumentListing = declare(&Listing[ComplianceDocument]{
	What:  "compliance documents",
	Limit: compliancerules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]ComplianceDocument, ListMeta, error) {
		items, meta, err := c.listDocuments(ctx, DocumentFilter{}, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		docs := make([]ComplianceDocument, len(items))
		for i, d := range items {
			docs[i] = ComplianceDocument{DocumentID: d.ComplianceDocumentID, EndUserID: d.EndUserID, DocumentTypeID: d.DocumentTypeID, Alias: d.Alias,
				FileName: d.File, MetaInformation: d.MetaInformation, CreatedAt: d.CreatedAt}
		}
		return docs, meta, nil
	},
	ID: func(d *ComplianceDocument) string { return strings.ToLower(d.DocumentID) },
	Get: func(c *Client, ctx context.Context, _, id string) (*ComplianceDocument, error) {
		return c.GetComplianceDocument(ctx, id)
	},
	// Its creates, updates and deletes, their ids lower-cased as ID is.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "ComplianceDocument/", ID: sched.Reply("document_id"), Norm: strings.ToLower},
		{Method: http.MethodPost, Path: "ComplianceDocument/{id}/", Norm: strings.ToLower},
		{Method: http.MethodDelete, Path: "ComplianceDocument/{id}/", Norm: strings.ToLower},
	},
})

// ComplianceApplicationListing answers refreshes of applications of the
// compliance application family from the account's listing. Its items carry all the GET
// does.
var ComplianceApplicationListing = declare(&Listing[ComplianceApplication]{
	What:  "compliance applications",
	Limit: compliancerules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]ComplianceApplication, ListMeta, error) {
		return c.listComplianceApplications(ctx, ApplicationFilter{}, limit, offset)
	},
	ID: func(a *ComplianceApplication) string { return strings.ToLower(a.ComplianceApplicationID) },
	Get: func(c *Client, ctx context.Context, _, id string) (*ComplianceApplication, error) {
		return c.GetComplianceApplication(ctx, id)
	},
	// Its creates, updates, submissions and deletes, their ids lower-cased
	// as ID is.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "ComplianceApplication/", ID: sched.Reply("compliance_application_id"), Norm: strings.ToLower},
		{Method: http.MethodPost, Path: "ComplianceApplication/{id}/", Norm: strings.ToLower},
		{Method: http.MethodPost, Path: "ComplianceApplication/{id}/Submit/", Norm: strings.ToLower},
		{Method: http.MethodDelete, Path: "ComplianceApplication/{id}/", Norm: strings.ToLower},
	},
})
