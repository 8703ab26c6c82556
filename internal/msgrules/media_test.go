package msgrules

import "testing"

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
