package emulator

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Media (MMS): files uploaded with POST Media/ and named on a send by
// media_ids. The rules are messagerules' (at most 10 files per upload, 2 MB
// each, the types the service lists by extension). Where the docs are
// silent this emulator chooses:
//   - a refused file is reported inside the 200, in its place among the
//     results, with status "failed", status_code and error_code 400 and the
//     rule in error_message; the other files are stored;
//   - more than 10 file parts, or none, refuses the whole request (400);
//   - a body that is not multipart is read as a JSON document with no
//     file (so the route meets the checks every JSON route meets) and
//     refused for lacking one;
//   - expiry is read when the media is: a file no sent MMS used is gone
//     messagerules.MediaKeptUnused after its upload (GET 404, left out of the
//     list, refused by a send); a send that names it keeps it
//     messagerules.MediaKeptUsed from the send;
//   - the list's meta has no next or previous, as recorded, and lists the
//     oldest upload first;
//   - media_url is the link of the recorded replies, on the emulator's
//     own media host (it serves nothing).

// mediaFile is one uploaded file. The bytes are not kept: nothing reads
// them back.
type mediaFile struct {
	Seq         uint64
	ID          string
	FileName    string
	ContentType string
	Size        int64
	Uploaded    time.Time
	// KeepUntil is when the service deletes it: 6 hours after the upload,
	// a year after the last send that used it.
	KeepUntil time.Time
}

// mediaHost is the host of the links the media records carry.
const mediaHost = "media.cpaas.test"

// mediaUploadBodyLimit bounds a multipart upload: ten files of the
// largest size, and room for the parts' headers.
const mediaUploadBodyLimit = messagerules.MaxMediaUploadFiles*messagerules.MaxMediaFileBytes + 1<<20

// mediaAccounts is the area's state: each account's uploaded files, kept
// under the state file's "media" key, left out while the account has none
// (a file of before has no such key and loads none). Expiry is read when
// the media is, so a restart plans nothing again.
var mediaAccounts = &accountState[map[string]*mediaFile]{
	fresh: func() *map[string]*mediaFile { return &map[string]*mediaFile{} },
	saved: func(_ *account, st *map[string]*mediaFile) []savedField {
		return []savedField{{key: "media", ptr: st, empty: func() bool { return len(*st) == 0 }}}
	},
}

func (a *account) media() map[string]*mediaFile { return *stateOf[map[string]*mediaFile](a) }

func (s *Server) mediaRoutes() []route {
	return []route{
		r(http.MethodPost, "Media", s.uploadMedia).withUploadLimit(mediaUploadBodyLimit),
		r(http.MethodGet, "Media", s.listMedia),
		r(http.MethodGet, "Media/{id}", s.getMedia),
	}
}

// live reports whether f is still kept at now.
func (f *mediaFile) live(now time.Time) bool { return now.Before(f.KeepUntil) }

func mediaURL(acct *account, id string) string {
	return "https://" + mediaHost + "/Account/" + acct.ID + "/Media/" + id
}

// uploadTime is the recorded form: RFC 3339, UTC, six fraction digits.
func uploadTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000Z") }

func viewMedia(acct *account, f *mediaFile) wire.Media {
	return wire.Media{ContentType: f.ContentType, FileName: f.FileName, MediaID: f.ID, Size: f.Size,
		UploadTime: uploadTime(f.Uploaded), MediaURL: mediaURL(acct, f.ID)}
}

// mediaPart is one file part as read.
type mediaPart struct {
	name string
	size int64
}

// mediaParts reads the file parts of an upload; it writes the error reply
// and returns false on failure. A file larger than the limit is read to
// its end (counted, not kept), so its result can say how large it is.
func (c *call) mediaParts() ([]mediaPart, bool) {
	mt, params, _ := mime.ParseMediaType(c.req.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		var none struct{}
		if !c.decode(&none) {
			return nil, false
		}
		return nil, true
	}
	mr := multipart.NewReader(c.req.Body, params["boundary"])
	var parts []mediaPart
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			c.readFailed(err)
			return nil, false
		}
		n, err := io.Copy(io.Discard, p)
		if err != nil {
			c.readFailed(err)
			return nil, false
		}
		if p.FormName() == "file" {
			parts = append(parts, mediaPart{name: p.FileName(), size: n})
		}
	}
	return parts, true
}

// uploadMedia is POST Media/.
func (s *Server) uploadMedia(c *call) {
	parts, ok := c.mediaParts()
	if !ok {
		return
	}
	if fe := messagerules.CheckMediaUploadCount(fielderr.Root("file"), len(parts)); fe != nil {
		if len(parts) == 0 {
			c.badRequest("Mandatory parameter missing. file must be present: the upload is multipart/form-data with one file part per file.")
			return
		}
		c.badRequest("%s", fe.Error())
		return
	}
	s.mu.Lock()
	now := s.clock.Now()
	results := make([]wire.MediaUploadResult, len(parts))
	for i, p := range parts {
		if fe := messagerules.CheckMediaFile(fielderr.Root("file"), p.name, p.size); fe != nil {
			results[i] = wire.MediaUploadResult{FileName: p.name, Size: p.size, Status: "failed", StatusCode: http.StatusBadRequest,
				ErrorCode: http.StatusBadRequest, ErrorMessage: fe.Error()}
			continue
		}
		ct, _ := messagerules.MediaContentType(p.name)
		f := &mediaFile{Seq: s.nextSeq(), ID: s.newUUID(), FileName: p.name, ContentType: ct, Size: p.size, Uploaded: now,
			KeepUntil: now.Add(messagerules.MediaKeptUnused)}
		c.acct.media()[f.ID] = f
		v := viewMedia(c.acct, f)
		results[i] = wire.MediaUploadResult{ContentType: v.ContentType, FileName: v.FileName, MediaID: v.MediaID, Size: v.Size,
			Status: "success", StatusCode: http.StatusCreated, UploadTime: v.UploadTime, MediaURL: v.MediaURL}
	}
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.MediaUploaded{APIID: newAPIID(), Objects: results})
}

// getMedia is GET Media/{id}/: an expired file is not found.
func (s *Server) getMedia(c *call) {
	s.mu.Lock()
	f, ok := c.acct.media()[c.param("id")]
	ok = ok && f.live(s.clock.Now())
	var v wire.Media
	if ok {
		v = viewMedia(c.acct, f)
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("media", c.param("id"))
		return
	}
	c.reply(http.StatusOK, wire.MediaReply{APIID: newAPIID(), Media: v})
}

// listMedia is GET Media/?limit&offset: the kept files, oldest first.
func (s *Server) listMedia(c *call) {
	limit, offset, ok := c.paging(20)
	if !ok {
		return
	}
	s.mu.Lock()
	now := s.clock.Now()
	var live []*mediaFile
	for _, f := range c.acct.media() {
		if f.live(now) {
			live = append(live, f)
		}
	}
	slices.SortFunc(live, func(a, b *mediaFile) int { return cmp.Compare(a.Seq, b.Seq) })
	lo, hi := pageBounds(len(live), limit, offset)
	objects := []wire.Media{}
	for _, f := range live[lo:hi] {
		objects = append(objects, viewMedia(c.acct, f))
	}
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.MediaList{APIID: newAPIID(), Meta: wire.MediaListMeta{Limit: limit, Offset: offset, TotalCount: len(live)},
		Objects: objects})
}

// useMediaLocked resolves a send's media_ids: the files as message media,
// or the 400 text naming the first id that is unknown or expired. keep
// marks them used (kept a year from now); a send calls it once accepted.
// Callers hold s.mu.
func (s *Server) useMediaLocked(acct *account, ids []string, now time.Time) (items []mediaItem, keep func(), refusal string) {
	files := make([]*mediaFile, len(ids))
	for i, id := range ids {
		f, ok := acct.media()[id]
		if !ok || !f.live(now) {
			return nil, nil, fmt.Sprintf("media_ids[%d]: no media %q in the account: it was never uploaded, or it expired "+
				"(media no sent MMS used is deleted %s after its upload); upload the file again with POST Media/", i, id, messagerules.MediaKeptUnused)
		}
		files[i] = f
		items = append(items, mediaItem{URL: mediaURL(acct, f.ID), ContentType: f.ContentType, Size: f.Size})
	}
	return items, func() {
		for _, f := range files {
			f.KeepUntil = now.Add(messagerules.MediaKeptUsed)
		}
	}, ""
}

// mediaInventory is the media area's part of Objects: the files kept at
// now.
func mediaInventory(a *account, now time.Time) map[string][]string {
	var ids []string
	for id, f := range a.media() {
		if f.live(now) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return map[string][]string{"media": ids}
}
