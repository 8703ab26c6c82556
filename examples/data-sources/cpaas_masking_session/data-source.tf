data "cpaas_masking_session" "current" {
  session_uuid = "6f1e6a5c-2f0e-4a8e-9a43-2d4a6d3f1c20"
}

output "session_status" {
  value = data.cpaas_masking_session.current.status # "active" or "expired"
}

output "session_ends" {
  value = data.cpaas_masking_session.current.expiry_time # "2025-06-01 14:00:00 +0000 UTC"
}
