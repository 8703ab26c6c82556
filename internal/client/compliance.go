package client

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The personal data of a compliance application, its end user and its
// documents' fields, is never logged (its requests are also logged by size
// only).
var complianceSecretKeys = []string{"end_user", "data_fields", "meta_information"}

// The one-call compliance shapes (internal/wire) under the client's names.
type (
	ComplianceData          = wire.ComplianceData
	ComplianceEndUser       = wire.ComplianceEndUser
	ComplianceDocumentData  = wire.ComplianceDocumentData
	Compliance              = wire.Compliance
	ComplianceRequirement   = wire.ComplianceRequirement
	ComplianceLinkEntry     = wire.ComplianceLinkEntry
	ComplianceLinkResult    = wire.ComplianceLinkResult
	ComplianceDocumentReply = wire.ComplianceDocumentRecord
)

// ComplianceFile is the file of one document: its name and content. The
// content goes into the request only, never into a log.
type ComplianceFile struct {
	Name    string
	Content []byte
}

// complianceRequest is the multipart body of a create or an update: the
// data document and a documents[<i>].file part per file.
func complianceRequest(data ComplianceData, files map[int]ComplianceFile) ([]byte, string, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	js, err := json.Marshal(data)
	if err != nil {
		return nil, "", err
	}
	if err := w.WriteField(wire.ComplianceDataField, string(js)); err != nil {
		return nil, "", err
	}
	for i := range len(data.Documents) {
		f, ok := files[i]
		if !ok {
			continue
		}
		part, err := w.CreateFormFile(wire.ComplianceFilePart(i), f.Name)
		if err != nil {
			return nil, "", err
		}
		if _, err := part.Write(f.Content); err != nil {
			return nil, "", err
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return b.Bytes(), w.FormDataContentType(), nil
}

// CreateCompliance submits an application with its files. A create is
// never retried after it may have reached the server.
func (c *Client) CreateCompliance(ctx context.Context, data ComplianceData, files map[int]ComplianceFile) (string, error) {
	body, ct, err := complianceRequest(data, files)
	if err != nil {
		return "", fmt.Errorf("encoding the application: %w", err)
	}
	var out wire.ComplianceCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: "PhoneNumber/Compliance/", raw: body, contentType: ct, personal: true}, &out); err != nil {
		return "", err
	}
	return out.ComplianceID, nil
}

// GetCompliance reads an application, always expanded (end user,
// documents, linked numbers): without expand they seem to vanish.
// ErrNotFound when it does not exist.
func (c *Client) GetCompliance(ctx context.Context, id string) (*Compliance, error) {
	var out wire.ComplianceReply
	q := url.Values{"expand": {wire.ComplianceExpand}}
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("PhoneNumber", "Compliance", id), query: q, idempotent: true, personal: true}, &out); err != nil {
		return nil, err
	}
	return &out.Compliance, nil
}

// ComplianceFilter is the list's filters; empty fields are not sent.
type ComplianceFilter struct {
	Status, CountryISO, NumberType, UserType, Alias string
}

// listCompliances reads one page of the applications f selects, expanded.
func (c *Client) listCompliances(ctx context.Context, f ComplianceFilter, limit, offset int) ([]Compliance, ListMeta, error) {
	q := url.Values{"expand": {wire.ComplianceExpand}, "limit": {strconv.Itoa(limit)}, "offset": {strconv.Itoa(offset)}}
	for k, v := range map[string]string{"status": f.Status, "country_iso": f.CountryISO, "number_type": f.NumberType, "user_type": f.UserType, "alias": f.Alias} {
		if v != "" {
			q.Set(k, v)
		}
	}
	var out wire.ComplianceList
	if err := c.do(ctx, request{method: http.MethodGet, path: "PhoneNumber/Compliance/", query: q, idempotent: true, personal: true}, &out); err != nil {
		return nil, ListMeta{}, err
	}
	return out.Compliances, out.Meta, nil
}

// ComplianceListing answers refreshes of compliance applications from the
// account's expanded listing. Its items carry all the GET does but the
// callbacks, which the recorded list leaves out; the provider reads them
// with reportedString, which keeps the state's value.
var ComplianceListing = declare(&Listing[Compliance]{
	What:  "compliance applications",
	Limit: compliancerules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Compliance, ListMeta, error) {
		return c.listCompliances(ctx, ComplianceFilter{}, limit, offset)
	},
	ID: func(a *Compliance) string { return strings.ToLower(a.ComplianceID) },
	Get: func(c *Client, ctx context.Context, _, id string) (*Compliance, error) {
		return c.GetCompliance(ctx, id)
	},
	// Its creates, updates and deletes. An update's and a delete's id is
	// lower-cased, as ID is, and so is a create's, from the reply.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "PhoneNumber/Compliance/", ID: sched.Reply("compliance_id"), Norm: strings.ToLower},
		{Method: http.MethodPatch, Path: "PhoneNumber/Compliance/{id}/", Norm: strings.ToLower},
		{Method: http.MethodDelete, Path: "PhoneNumber/Compliance/{id}/", Norm: strings.ToLower},
	},
})

// ListAllCompliances pages through the applications f selects, expanded.
func (c *Client) ListAllCompliances(ctx context.Context, f ComplianceFilter) ([]Compliance, error) {
	return sched.ListAll(ctx, compliancerules.ListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]Compliance, ListMeta, error) {
		return c.listCompliances(ctx, f, limit, offset)
	})
}

// UpdateCompliance changes what data gives (a PATCH; what is left out is
// unchanged) and resubmits the application for review. Idempotent: the
// same update twice leaves the same application.
func (c *Client) UpdateCompliance(ctx context.Context, id string, data ComplianceData, files map[int]ComplianceFile) error {
	body, ct, err := complianceRequest(data, files)
	if err != nil {
		return fmt.Errorf("encoding the application: %w", err)
	}
	return c.do(ctx, request{method: http.MethodPatch, path: accountPath("PhoneNumber", "Compliance", id), raw: body, contentType: ct,
		idempotent: true, personal: true}, nil)
}

// DeleteCompliance deletes an application; ErrNotFound when it is gone.
func (c *Client) DeleteCompliance(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("PhoneNumber", "Compliance", id), idempotent: true}, nil)
}

// GetComplianceRequirement reads what an application for a country,
// number type and user type must hold. A requirement read once is
// remembered for the client's life (a run): every application of a plan
// that names it is checked against one read.
func (c *Client) GetComplianceRequirement(ctx context.Context, country, numberType, userType string) (*ComplianceRequirement, error) {
	key := country + "/" + numberType + "/" + userType
	c.requirementsMu.Lock()
	defer c.requirementsMu.Unlock()
	if v, ok := c.requirements.Load(key); ok {
		if r, ok := v.(*ComplianceRequirement); ok {
			return r, nil
		}
	}
	var out ComplianceRequirement
	q := url.Values{"country_iso": {country}, "number_type": {numberType}, "user_type": {userType}}
	if err := c.do(ctx, request{method: http.MethodGet, path: "PhoneNumber/Compliance/Requirements/", query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	c.requirements.Store(key, &out)
	return &out, nil
}

// LinkError is a link that failed for some numbers: the service answers
// 200 and gives each number's own result. Linked holds the numbers that
// succeeded, Failed the others with the service's remarks.
type LinkError struct {
	Linked []string
	Failed []ComplianceLinkResult
}

func (e *LinkError) Error() string {
	parts := make([]string, len(e.Failed))
	for i, f := range e.Failed {
		parts[i] = fmt.Sprintf("%s: %s", f.Number, f.Remarks)
	}
	return fmt.Sprintf("%d of %d numbers were not linked: %s", len(e.Failed), len(e.Failed)+len(e.Linked), strings.Join(parts, "; "))
}

// LinkComplianceNumbers links numbers to applications. The reply is a
// partial success inside a 200: the result names each number; a number
// the report does not mention, or mentions as anything but success,
// failed. The error is a *LinkError when any number failed. Idempotent.
func (c *Client) LinkComplianceNumbers(ctx context.Context, entries []ComplianceLinkEntry) ([]ComplianceLinkResult, error) {
	var out wire.ComplianceLinkReply
	if err := c.do(ctx, request{method: http.MethodPost, path: "PhoneNumber/Compliance/Link/", body: wire.ComplianceLink{Numbers: entries}, idempotent: true}, &out); err != nil {
		return nil, err
	}
	byNumber := map[string]ComplianceLinkResult{}
	for _, r := range out.Report {
		byNumber[strings.TrimPrefix(r.Number, "+")] = r
	}
	results := make([]ComplianceLinkResult, len(entries))
	linkErr := &LinkError{}
	for i, e := range entries {
		r, ok := byNumber[strings.TrimPrefix(e.Number, "+")]
		if !ok {
			r = ComplianceLinkResult{Number: e.Number, Status: compliancerules.LinkFailed, Remarks: "the service's report does not mention this number"}
		}
		results[i] = r
		if r.Status == compliancerules.LinkSuccess {
			linkErr.Linked = append(linkErr.Linked, e.Number)
		} else {
			linkErr.Failed = append(linkErr.Failed, r)
		}
	}
	if len(linkErr.Failed) > 0 {
		return results, linkErr
	}
	return results, nil
}

// ErrForeignDownload refuses a download_url on another host than the
// API's: the account's credentials go to the API only.
var ErrForeignDownload = errors.New("download_url is not on the API's host")

// ComplianceFileSHA256 downloads a document's file from its download_url
// and returns its SHA-256 in hex; the bytes are hashed as they arrive and
// kept nowhere.
func (c *Client) ComplianceFileSHA256(ctx context.Context, downloadURL string) (string, error) {
	u, err := url.Parse(downloadURL)
	if err != nil || !strings.EqualFold(u.Host, c.base.Host) {
		return "", ErrForeignDownload
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.authID, c.authToken)
	req.Header.Set("User-Agent", c.userAgent)
	resp, err := c.rc.HTTPClient.Do(req.WithContext(context.WithValue(ctx, personalKey{}, true)))
	if err != nil {
		return "", fmt.Errorf("GET %s: %w", u.Path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return "", ErrNotFound
	}
	if resp.StatusCode != http.StatusOK {
		return "", &APIError{StatusCode: resp.StatusCode, Method: http.MethodGet, Path: u.Path}
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(resp.Body, compliancerules.MaxFileBytes+1)); err != nil {
		return "", fmt.Errorf("GET %s: reading the file: %w", u.Path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// FileSHA256 is the SHA-256 in hex of content, as the state keeps it.
func FileSHA256(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}
