package messagerules

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
)

func TestMediaKind(t *testing.T) {
	for ct, want := range map[string]string{
		"image/png": "image", "image/jpeg; charset=binary": "image", "video/mp4": "video", "audio/ogg": "audio",
		"application/pdf": "document", "text/plain; charset=utf-8": "document",
		"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "document",
		"application/zip": "", "text/html": "", "application/x-msdownload": "", "": "", "not a type": "",
	} {
		if got := MediaKind(ct); got != want {
			t.Errorf("MediaKind(%q) = %q, want %q", ct, got, want)
		}
	}
}

func TestCheckMediaFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		size int64
		want string
	}{
		{"logo.PNG", 10, ""},
		{"card.vcard", MaxMediaFileBytes, ""},
		{"big.jpg", MaxMediaFileBytes + 1, `media_files[0]: must be at most 2000000 bytes (2 MB), is 2000001 bytes (got "big.jpg")`},
		{"tool.exe", 10, `media_files[0]: must be a file of an allowed type, by its extension: 3gpp, 3gpp2, csv, gif, jpeg, jpg, mp3, mp4, mpeg, ogg, pdf, plain, png, txt, vcard, wav, xcf, xls, xlsx (got "tool.exe")`},
		{"noext", 10, `media_files[0]: must be a file of an allowed type, by its extension: 3gpp, 3gpp2, csv, gif, jpeg, jpg, mp3, mp4, mpeg, ogg, pdf, plain, png, txt, vcard, wav, xcf, xls, xlsx (got "noext")`},
	} {
		got := ""
		if fe := CheckMediaFile(fielderr.Root("media_files").AtIndex(0), tc.name, tc.size); fe != nil {
			got = fe.Error()
		}
		if got != tc.want {
			t.Errorf("CheckMediaFile(%q, %d) = %q, want %q", tc.name, tc.size, got, tc.want)
		}
	}
	if ct, ok := MediaContentType("a.JPG"); !ok || ct != "image/jpeg" {
		t.Errorf("MediaContentType(a.JPG) = %q, %v", ct, ok)
	}
	if fe := CheckMediaUploadCount(fielderr.Root("file"), 11); fe == nil || fe.Rule != "must hold at most 10 files per upload, holds 11" {
		t.Errorf("11 files: %v", fe)
	}
	if fe := CheckMediaUploadCount(fielderr.Root("file"), 10); fe != nil {
		t.Errorf("10 files: %v", fe)
	}
}

func TestValidateMediaIDs(t *testing.T) {
	ids := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = "m"
		}
		return out
	}
	base := Message{Src: "14155550100", Dst: "14155550101", Type: TypeMMS}
	for _, tc := range []struct {
		name string
		m    func(Message) Message
		want string
	}{
		{"ids alone", func(m Message) Message { m.MediaIDs = ids(10); return m }, ""},
		{"ids and urls 10", func(m Message) Message {
			m.MediaIDs, m.MediaURLs = ids(4), []string{"https://a/1", "https://a/2", "https://a/3", "https://a/4", "https://a/5", "https://a/6"}
			return m
		}, ""},
		{"ids and urls 11", func(m Message) Message {
			m.MediaIDs, m.MediaURLs = ids(5), []string{"https://a/1", "https://a/2", "https://a/3", "https://a/4", "https://a/5", "https://a/6"}
			return m
		}, `media_ids: together with media_urls must name at most 10 files for type mms, name 11 (got "m,m,m,m,m")`},
		{"ids for sms", func(m Message) Message { m.Type, m.Text, m.MediaIDs = TypeSMS, "hi", ids(1); return m }, `media_ids: is only for type mms (got "m")`},
		{"neither", func(m Message) Message { return m }, `media_urls: is required for type mms (got "")`},
	} {
		if got := Validate(tc.m(base)).Error(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
