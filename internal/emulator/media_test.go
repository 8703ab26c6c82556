package emulator

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

var mediaTestAreas = []testArea{
	{
		segment: "Media",
		kind:    "media",
		get:     func(id string) string { return "Media/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			out := call("POST", "Media/", mediaUpload(upFile{"sec.png", 10}))
			return out["objects"].([]any)[0].(map[string]any)["media_id"].(string)
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		uploads:   []string{"POST Media"},
		goldens: func(call goldenCall) {
			up := call(200, "POST", "Media/", mediaUpload(upFile{"welcome.png", 48213}, upFile{"installer.exe", 1024}), "media_uploaded.json")
			id := up["objects"].([]any)[0].(map[string]any)["media_id"].(string)
			call(200, "GET", "Media/"+id+"/", nil, "media_get.json")
			call(200, "GET", "Media/?limit=20&offset=0", nil, "media_list.json")
		},
	},
}

// upFile is one file of a test upload: its name and its size in bytes.
type upFile struct {
	name string
	size int
}

// mediaUpload is a multipart upload of files, one "file" part each.
func mediaUpload(files ...upFile) rawBody {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, f := range files {
		part, _ := w.CreateFormFile("file", f.name)
		_, _ = part.Write(bytes.Repeat([]byte{'x'}, f.size))
	}
	_ = w.Close()
	return rawBody{contentType: w.FormDataContentType(), data: b.Bytes()}
}

// uploadAs posts an upload as account A: the status and the reply.
func uploadAs(t *testing.T, s *Server, body rawBody) (int, wire.MediaUploaded, string) {
	t.Helper()
	st, out := directTyped(s, "POST", "/v1/Account/"+idA+"/Media/", idA, tokA, body.contentType, body.data)
	var up wire.MediaUploaded
	if st == http.StatusOK {
		if err := json.Unmarshal(out, &up); err != nil {
			t.Fatalf("upload reply: %v: %s", err, out)
		}
	}
	return st, up, string(out)
}

func TestMediaUpload_limitsAndPerFileFailures(t *testing.T) {
	s := newSecServer(t)
	// Ten files of the largest size pass, whatever the server's JSON body limit.
	ten := make([]upFile, messagerules.MaxMediaUploadFiles)
	for i := range ten {
		ten[i] = upFile{"big.jpg", messagerules.MaxMediaFileBytes}
	}
	st, up, out := uploadAs(t, s, mediaUpload(ten...))
	if st != http.StatusOK || len(up.Objects) != 10 {
		t.Fatalf("ten files of 2 MB: %d %.300s", st, out)
	}
	for i, o := range up.Objects {
		if o.Status != "success" || o.StatusCode != 201 || o.MediaID == "" || o.Size != messagerules.MaxMediaFileBytes || o.ContentType != "image/jpeg" {
			t.Errorf("file %d: %+v", i, o)
		}
	}
	before := snapshot(t, s, idA, tokA)
	// Eleven files, or none, refuse the whole request and store nothing.
	for name, body := range map[string]rawBody{"eleven": mediaUpload(slices.Concat(ten, []upFile{{"one.png", 1}})...), "none": mediaUpload()} {
		st, _, out := uploadAs(t, s, body)
		if st != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", name, st, out)
		}
		if name == "eleven" && !strings.Contains(out, "file: must hold at most 10 files per upload, holds 11") {
			t.Errorf("eleven: %s", out)
		}
	}
	// A JSON body has no file: refused.
	if st, out := direct(s, "POST", "/v1/Account/"+idA+"/Media/", idA, tokA, []byte(`{}`)); st != http.StatusBadRequest ||
		!strings.Contains(string(out), "file must be present") {
		t.Errorf("JSON upload: %d %s", st, out)
	}
	if after := snapshot(t, s, idA, tokA); after != before {
		t.Errorf("refused uploads stored something")
	}

	// A refused file is reported in its place inside the 200; the others are stored.
	st, up, out = uploadAs(t, s, mediaUpload(upFile{"a.png", 5}, upFile{"huge.gif", messagerules.MaxMediaFileBytes + 1}, upFile{"run.exe", 3}, upFile{"c.PDF", 7}))
	if st != http.StatusOK || len(up.Objects) != 4 {
		t.Fatalf("mixed upload: %d %s", st, out)
	}
	want := []struct {
		status, errSub string
		code           int
	}{
		{"success", "", 201},
		{"failed", `file: must be at most 2000000 bytes (2 MB), is 2000001 bytes (got "huge.gif")`, 400},
		{"failed", `file: must be a file of an allowed type, by its extension: 3gpp`, 400},
		{"success", "", 201},
	}
	for i, w := range want {
		o := up.Objects[i]
		if o.Status != w.status || o.StatusCode != w.code || !strings.Contains(o.ErrorMessage, w.errSub) || (w.errSub == "") != (o.MediaID != "") {
			t.Errorf("file %d: %+v, want %+v", i, o, w)
		}
		if w.errSub != "" && o.ErrorCode != 400 {
			t.Errorf("file %d: error_code %d", i, o.ErrorCode)
		}
	}
	if up.Objects[3].ContentType != "application/pdf" || up.Objects[3].FileName != "c.PDF" {
		t.Errorf("pdf: %+v", up.Objects[3])
	}
	objs, _ := s.Objects(idA)
	if got := len(objs["media"]); got != 12 { // the ten, a.png and c.PDF
		t.Errorf("media stored: %d, want 12", got)
	}
}

func TestMedia_getAndList(t *testing.T) {
	s := newSecServer(t)
	_, up, _ := uploadAs(t, s, mediaUpload(upFile{"one.jpeg", 11}, upFile{"two.png", 22}, upFile{"three.txt", 33}))
	var got wire.MediaReply
	if st, out := appCall(t, s, "GET", "Media/"+up.Objects[1].MediaID+"/", nil, &got); st != http.StatusOK {
		t.Fatalf("get: %d %s", st, out)
	}
	wantURL := "https://" + mediaHost + "/Account/" + idA + "/Media/" + up.Objects[1].MediaID
	if got.FileName != "two.png" || got.Size != 22 || got.ContentType != "image/png" || got.MediaURL != wantURL || got.UploadTime != up.Objects[1].UploadTime {
		t.Errorf("get: %+v", got)
	}
	if _, err := time.Parse(time.RFC3339Nano, got.UploadTime); err != nil || len(got.UploadTime) != len("2020-02-10T07:50:27.330776Z") {
		t.Errorf("upload_time %q: six fraction digits, UTC", got.UploadTime)
	}
	var page wire.MediaList
	if st, out := appCall(t, s, "GET", "Media/?limit=2&offset=1", nil, &page); st != http.StatusOK {
		t.Fatalf("list: %d %s", st, out)
	}
	if page.Meta != (wire.MediaListMeta{Limit: 2, Offset: 1, TotalCount: 3}) || len(page.Objects) != 2 ||
		page.Objects[0].FileName != "two.png" || page.Objects[1].FileName != "three.txt" {
		t.Errorf("list page: %+v", page)
	}
	if st, _ := appCall(t, s, "GET", "Media/?limit=21", nil, nil); st != http.StatusBadRequest {
		t.Errorf("limit 21: %d", st)
	}
}

// mmsWith sends an MMS naming media ids as account A.
func mmsWith(t *testing.T, s *Server, ids ...string) (int, string) {
	t.Helper()
	st, out := appCall(t, s, "POST", "Message/", map[string]any{"src": "14155550100", "dst": "14155550111", "type": "mms", "media_ids": ids}, nil)
	return st, out
}

func TestMedia_expiresUnlessUsedInAnMMS(t *testing.T) {
	s := newSecServer(t)
	_, up, _ := uploadAs(t, s, mediaUpload(upFile{"used.png", 100}, upFile{"unused.png", 200}))
	used, unused := up.Objects[0].MediaID, up.Objects[1].MediaID
	s.Clock().Advance(messagerules.MediaKeptUnused - time.Minute)
	if st, out := mmsWith(t, s, used); st != http.StatusAccepted {
		t.Fatalf("send with used: %d %s", st, out)
	}
	// The message carries the uploaded file as its media.
	var msgs wire.MessageList
	appCall(t, s, "GET", "Message/", nil, &msgs)
	var media wire.MessageMediaList
	appCall(t, s, "GET", "Message/"+msgs.Objects[0].MessageUUID+"/Media/", nil, &media)
	if len(media.Objects) != 1 || media.Objects[0].Size != 100 || !strings.HasSuffix(media.Objects[0].MediaURL, "/Media/"+used) {
		t.Errorf("message media: %+v", media.Objects)
	}

	s.Clock().Advance(time.Minute) // six hours after the upload
	if st, _ := appCall(t, s, "GET", "Media/"+unused+"/", nil, nil); st != http.StatusNotFound {
		t.Errorf("unused media after 6 hours: %d, want 404", st)
	}
	if st, _ := appCall(t, s, "GET", "Media/"+used+"/", nil, nil); st != http.StatusOK {
		t.Errorf("used media after 6 hours: %d, want 200", st)
	}
	var page wire.MediaList
	appCall(t, s, "GET", "Media/", nil, &page)
	if page.Meta.TotalCount != 1 || len(page.Objects) != 1 || page.Objects[0].MediaID != used {
		t.Errorf("list after 6 hours: %+v", page)
	}
	if objs, _ := s.Objects(idA); len(objs["media"]) != 1 || objs["media"][0] != used {
		t.Errorf("inventory: %v", objs["media"])
	}
	// A send naming the expired file, or one never uploaded, is refused and sends nothing.
	before := len(msgs.Objects)
	for _, id := range []string{unused, "00000000-0000-4000-8000-000000000000"} {
		st, out := mmsWith(t, s, used, id)
		if st != http.StatusBadRequest || !strings.Contains(out, `media_ids[1]: no media "`+id+`" in the account`) {
			t.Errorf("send with %s: %d %s", id, st, out)
		}
	}
	appCall(t, s, "GET", "Message/", nil, &msgs)
	if len(msgs.Objects) != before {
		t.Errorf("a refused send made messages: %d, want %d", len(msgs.Objects), before)
	}
	// Used media is kept a year from the send.
	s.Clock().Advance(messagerules.MediaKeptUsed - 2*time.Minute)
	if st, _ := appCall(t, s, "GET", "Media/"+used+"/", nil, nil); st != http.StatusOK {
		t.Errorf("used media just before a year: %d, want 200", st)
	}
	s.Clock().Advance(2 * time.Minute)
	if st, _ := appCall(t, s, "GET", "Media/"+used+"/", nil, nil); st != http.StatusNotFound {
		t.Errorf("used media after a year: %d, want 404", st)
	}
}

func TestMedia_sendRules(t *testing.T) {
	s := newSecServer(t)
	_, up, _ := uploadAs(t, s, mediaUpload(upFile{"a.png", 1}))
	id := up.Objects[0].MediaID
	urls := make([]string, 10)
	for i := range urls {
		urls[i] = "https://m.invalid/a.png"
	}
	st, out := appCall(t, s, "POST", "Message/", map[string]any{"src": "14155550100", "dst": "14155550111", "type": "mms", "media_ids": []string{id}, "media_urls": urls}, nil)
	if st != http.StatusBadRequest || !strings.Contains(out, "media_ids: together with media_urls must name at most 10 files for type mms, name 11") {
		t.Errorf("11 files: %d %s", st, out)
	}
	st, out = appCall(t, s, "POST", "Message/", map[string]any{"src": "14155550100", "dst": "14155550111", "text": "hi", "media_ids": []string{id}}, nil)
	if st != http.StatusBadRequest || !strings.Contains(out, "media_ids: is only for type mms") {
		t.Errorf("sms with media_ids: %d %s", st, out)
	}
}

// TestMediaState_keptAcrossRestart: uploaded media is in the state file
// under "media", and an account without any writes no such key (a file
// of before stays as it was, TestStateFile_formatOfBeforeIsKept).
func TestMediaState_keptAcrossRestart(t *testing.T) {
	path := t.TempDir() + "/state.json"
	a := newSecServer(t)
	if err := a.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	st, up, out := uploadAs(t, a, mediaUpload(upFile{"kept.png", 10}))
	if st != http.StatusOK || len(up.Objects) != 1 {
		t.Fatalf("upload: %d %s", st, out)
	}
	id := up.Objects[0].MediaID
	b := newSecServer(t)
	if err := b.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	if st, out := direct(b, "GET", "/v1/Account/"+idA+"/Media/"+id+"/", idA, tokA, nil); st != http.StatusOK || !strings.Contains(string(out), `"kept.png"`) {
		t.Fatalf("media after a restart: %d %s", st, out)
	}
	data, err := b.snapshotLocked()
	if err != nil {
		t.Fatal(err)
	}
	var saved struct {
		Accounts []map[string]json.RawMessage `json:"accounts"`
	}
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	for _, acct := range saved.Accounts {
		var authID string
		_ = json.Unmarshal(acct["auth_id"], &authID)
		if _, has := acct["media"]; has != (authID == idA) {
			t.Errorf("account %s: media key saved %v, want it only for the account with media", authID, has)
		}
	}
}
