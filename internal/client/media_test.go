package client_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// An upload of several files is one well-formed multipart body: every
// file arrives, each as a "file" part with its type, and the emulator
// stores each.
func TestUploadMedia_threeFiles(t *testing.T) {
	type seenPart struct{ name, file, ctype string }
	var seen []seenPart
	env := clienttest.Start(t, emulator.Options{Accounts: []emulator.Account{{ID: testAuthID, Token: msgTestToken}}, Clock: emulator.NewManualClock(time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				body, _ := io.ReadAll(r.Body)
				_, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
				mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
				for {
					p, err := mr.NextPart()
					if err != nil {
						if !errors.Is(err, io.EOF) {
							t.Errorf("malformed multipart body: %v", err)
						}
						break
					}
					seen = append(seen, seenPart{p.FormName(), p.FileName(), p.Header.Get("Content-Type")})
				}
				r.Body = io.NopCloser(bytes.NewReader(body))
			}
			next.ServeHTTP(w, r)
		})
	})
	c := newClient(t, env.URL)
	ctx := context.Background()

	files := []client.MediaFile{
		{Name: "one.jpeg", Content: bytes.Repeat([]byte{1}, 1000)},
		{Name: "two.png", Content: bytes.Repeat([]byte{2}, 2000)},
		{Name: "three.pdf", Content: bytes.Repeat([]byte{3}, 3000)},
	}
	up, err := c.UploadMedia(ctx, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []seenPart{{"file", "one.jpeg", "image/jpeg"}, {"file", "two.png", "image/png"}, {"file", "three.pdf", "application/pdf"}}
	if len(seen) != 3 || seen[0] != want[0] || seen[1] != want[1] || seen[2] != want[2] {
		t.Errorf("parts sent: %+v, want %+v", seen, want)
	}
	if len(up.Objects) != 3 {
		t.Fatalf("results: %+v", up.Objects)
	}
	for i, o := range up.Objects {
		if o.Status != "success" || o.FileName != files[i].Name || o.Size != int64(len(files[i].Content)) || o.MediaID == "" {
			t.Errorf("result %d: %+v", i, o)
		}
	}
	got, err := c.GetMedia(ctx, up.Objects[2].MediaID)
	if err != nil || got.FileName != "three.pdf" || got.Size != 3000 || got.ContentType != "application/pdf" || got.MediaURL == "" {
		t.Fatalf("get: %+v %v", got, err)
	}
	page, err := c.ListMedia(ctx, 2, 1)
	if err != nil || page.Meta.TotalCount != 3 || len(page.Objects) != 2 || page.Objects[0].FileName != "two.png" {
		t.Fatalf("list: %+v %v", page, err)
	}
	env.Server.Clock().Advance(6 * time.Hour)
	if _, err := c.GetMedia(ctx, up.Objects[0].MediaID); !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("expired media: %v, want ErrNotFound", err)
	}
}
