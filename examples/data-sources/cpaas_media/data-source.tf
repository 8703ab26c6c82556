# A file uploaded for MMS outside Terraform (the Media API), by its id.
# Uploaded media that no sent MMS used is deleted six hours after its
# upload: read it while it exists, or let cpaas_message upload local files
# itself with media_files.
data "cpaas_media" "banner" {
  media_id = "5b2f7e1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b"
}

output "banner" {
  value = "${data.cpaas_media.banner.file_name}: ${data.cpaas_media.banner.content_type}, ${data.cpaas_media.banner.size} bytes"
}
