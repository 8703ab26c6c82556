package client

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Media (MMS): files uploaded for a send to name by media_ids. Uploaded
// media the service keeps only 6 hours unless a sent MMS uses it.
type (
	MediaUploaded     = wire.MediaUploaded
	MediaUploadResult = wire.MediaUploadResult
	Media             = wire.Media
	MediaList         = wire.MediaList
)

// MediaFile is one file to upload: its name (whose extension gives its
// type) and its bytes.
type MediaFile struct {
	Name    string
	Content []byte
}

// mediaRequest is the multipart body of an upload: one "file" part per
// file, each with the content type of its extension. The writer is closed
// once, after the last part (the service's Go library closes it inside
// its loop, which ends the body after the first file).
func mediaRequest(files []MediaFile) ([]byte, string, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, f := range files {
		h := make(textproto.MIMEHeader)
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename=%q`, escapeQuotes(f.Name)))
		ct, ok := messagerules.MediaContentType(f.Name)
		if !ok {
			ct = "application/octet-stream"
		}
		h.Set("Content-Type", ct)
		part, err := w.CreatePart(h)
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

func escapeQuotes(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// UploadMedia uploads files in one request (at most
// messagerules.MaxMediaUploadFiles). The reply has one result per file, in
// order; a file the service refused is a result with status "failed" and
// its error_message, not an error of the call. An upload is never retried
// once it may have reached the server.
func (c *Client) UploadMedia(ctx context.Context, files []MediaFile) (*MediaUploaded, error) {
	body, ct, err := mediaRequest(files)
	if err != nil {
		return nil, fmt.Errorf("encoding the upload: %w", err)
	}
	var out MediaUploaded
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("Media"), raw: body, contentType: ct}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetMedia reads one uploaded file's record; ErrNotFound when it does not
// exist or has expired.
func (c *Client) GetMedia(ctx context.Context, id string) (*Media, error) {
	var out wire.MediaReply
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Media", id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Media, nil
}

// ListMedia reads one page of the account's uploaded files (limit 0: the
// API's default). The meta has no next link: page by total_count.
func (c *Client) ListMedia(ctx context.Context, limit, offset int) (*MediaList, error) {
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	if offset > 0 {
		q.Set("offset", strconv.Itoa(offset))
	}
	var out MediaList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Media"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// BaseURL is the API's base URL the client sends to; with AuthID it names
// the account whose uploads a per-process memo may reuse.
func (c *Client) BaseURL() string { return c.base.String() }
