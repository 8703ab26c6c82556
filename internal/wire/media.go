package wire

// Media (MMS): files uploaded with POST Media/ (multipart, one "file" part
// per file) and named on a send by media_ids.

// MediaUploaded is the reply of POST Media/: one result per file, in the
// order of the parts. A file the service refused is reported inside the
// 200, with error_code and error_message and no media_id.
type MediaUploaded struct {
	APIID   string              `json:"api_id"`
	Objects []MediaUploadResult `json:"objects"`
}

// MediaUploadResult is the outcome of one file of an upload.
type MediaUploadResult struct {
	ContentType  string `json:"content_type,omitempty"`
	FileName     string `json:"file_name"`
	MediaID      string `json:"media_id,omitempty"`
	Size         int64  `json:"size"`
	Status       string `json:"status"`
	StatusCode   int    `json:"status_code"`
	UploadTime   string `json:"upload_time,omitempty"`
	MediaURL     string `json:"media_url,omitempty"`
	ErrorCode    int    `json:"error_code,omitempty"`
	ErrorMessage string `json:"error_message,omitempty"`
}

// Media is an uploaded file as GET Media/{media_id}/ and the list return
// it. The service's recordings name the link url in one SDK and media_url
// in another; the docs use media_url, which is what this API emits.
type Media struct {
	ContentType string `json:"content_type"`
	FileName    string `json:"file_name"`
	MediaID     string `json:"media_id"`
	Size        int64  `json:"size"`
	UploadTime  string `json:"upload_time"`
	MediaURL    string `json:"media_url"`
}

// MediaReply is the reply of GET Media/{media_id}/.
type MediaReply struct {
	APIID string `json:"api_id"`
	Media
}

// MediaListMeta is the list's paging block as recorded: no next or
// previous.
type MediaListMeta struct {
	Limit      int `json:"limit"`
	Offset     int `json:"offset"`
	TotalCount int `json:"total_count"`
}

// MediaList is the reply of GET Media/.
type MediaList struct {
	APIID   string        `json:"api_id"`
	Meta    MediaListMeta `json:"meta"`
	Objects []Media       `json:"objects"`
}
