package msgrules

import (
	"mime"
	"strings"
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
