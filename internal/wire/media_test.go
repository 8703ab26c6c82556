package wire

var mediaGoldens = []golden{
	{"media_uploaded.json", "docs: Upload Media (per-file results; a refused file inside the 200 with error_code and error_message, as Go's MediaUploadResponse reads it)", func() any { return new(MediaUploaded) }},
	{"media_get.json", "recorded: Py mediaGetMediaResponse.json (media_url; integer size)", func() any { return new(MediaReply) }},
	{"media_list.json", "recorded: Go mediaListResponse.json (meta of three keys, no next or previous; items as the get, with media_url)", func() any { return new(MediaList) }},
}
