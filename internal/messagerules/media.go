package messagerules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"mime"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ChatAppMediaKinds are the kinds of file a chat-app message may carry,
// as the spec lists them.
var ChatAppMediaKinds = []string{"image", "video", "document", "audio"}

// documentTypes are the MIME types read as documents: PDF, office and
// OpenDocument files, RTF and plain text or CSV. The spec names the kind,
// not the formats.
var documentTypes = []string{
	"application/pdf", "application/msword", "application/rtf", "application/vnd.ms-excel",
	"application/vnd.ms-powerpoint", "text/plain", "text/csv",
}

// MediaKind classifies a Content-Type as one of ChatAppMediaKinds, or ""
// when it is none of them (an archive, an executable, HTML...).
func MediaKind(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	major, _, _ := strings.Cut(mt, "/")
	switch major {
	case "image", "video", "audio":
		return major
	}
	if oneOf(mt, documentTypes) || strings.HasPrefix(mt, "application/vnd.openxmlformats-officedocument.") ||
		strings.HasPrefix(mt, "application/vnd.oasis.opendocument.") {
		return "document"
	}
	return ""
}

// Rules of the Media API (POST Media/): the files uploaded for an MMS and
// named on a send by media_ids.
const (
	// MaxMediaUploadFiles is how many files one upload request may carry.
	MaxMediaUploadFiles = 10
	// MaxMediaFileBytes is the "2 MB" limit per file, read as 2,000,000
	// bytes, as MaxMMSTotalBytes reads "5MB": a file within it is within
	// the limit under either reading.
	MaxMediaFileBytes = 2_000_000
	// MediaKeptUnused is how long the service keeps a file no sent MMS
	// used; MediaKeptUsed how long it keeps one a sent MMS named (the
	// docs' "1 year"; an older page says "forever").
	MediaKeptUnused = 6 * time.Hour
	MediaKeptUsed   = 365 * 24 * time.Hour
)

// mediaUploadTypes are the file types the upload takes, by extension, and
// the content type each is sent and stored as. The docs name JPG, PNG,
// MP4, GIF, PDF and text; the service's Python SDK accepts this wider
// list by extension, which is what is taken here ("txt" beside its
// "plain" for text).
var mediaUploadTypes = map[string]string{
	"jpeg": "image/jpeg", "jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "xcf": "image/xcf",
	"mp3": "audio/mp3", "wav": "audio/wav", "ogg": "audio/ogg",
	"mp4": "video/mp4", "mpeg": "video/mpeg", "3gpp": "video/3gpp", "3gpp2": "video/3gpp2",
	"vcard": "text/vcard", "csv": "text/csv", "plain": "text/plain", "txt": "text/plain",
	"pdf": "application/pdf", "xls": "application/vnd.ms-excel",
	"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}

// MediaUploadExtensions are the allowed extensions, sorted, for messages
// and descriptions.
var MediaUploadExtensions = func() []string {
	out := make([]string, 0, len(mediaUploadTypes))
	for ext := range mediaUploadTypes {
		out = append(out, ext)
	}
	sort.Strings(out)
	return out
}()

// MediaContentType is the content type of an uploaded file, from the
// extension of its name (case-insensitive), and whether the type is
// allowed.
func MediaContentType(fileName string) (string, bool) {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(fileName), "."))
	ct, ok := mediaUploadTypes[ext]
	return ct, ok
}

// CheckMediaFile checks one file of an upload: its type by extension and
// its size. field names it in the error ("file", "media_files[2]"); the
// value quoted is the file's name.
func CheckMediaFile(field fielderr.Path, fileName string, size int64) *fielderr.Error {
	if _, ok := MediaContentType(fileName); !ok {
		return got(field, "must be a file of an allowed type, by its extension: "+strings.Join(MediaUploadExtensions, ", "), fileName)
	}
	if size > MaxMediaFileBytes {
		return got(field, fmt.Sprintf("must be at most %d bytes (2 MB), is %d bytes", MaxMediaFileBytes, size), fileName)
	}
	return nil
}

// CheckMediaUploadCount checks how many files one upload carries.
func CheckMediaUploadCount(field fielderr.Path, n int) *fielderr.Error {
	switch {
	case n == 0:
		return got(field, "at least one file is required", "")
	case n > MaxMediaUploadFiles:
		return got(field, fmt.Sprintf("must hold at most %d files per upload, holds %d", MaxMediaUploadFiles, n), strconv.Itoa(n))
	}
	return nil
}
