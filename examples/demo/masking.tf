# A call-masking session between two parties, through a virtual number taken
# from the account's voice-enabled numbers, read back through the data
# source.
resource "cpaas_masking_session" "demo" {
  first_party    = "14155551234"
  second_party   = "14155555678"
  session_expiry = 7200
  ring_timeout   = 30
}

data "cpaas_masking_session" "demo" {
  session_uuid = cpaas_masking_session.demo.id
}

output "masking_virtual_number" {
  description = "Both parties call this number to reach each other."
  value       = cpaas_masking_session.demo.virtual_number
}

output "masking_session_status" {
  value = data.cpaas_masking_session.demo.status
}

output "masking_session_expires" {
  value = data.cpaas_masking_session.demo.expiry_time
}
