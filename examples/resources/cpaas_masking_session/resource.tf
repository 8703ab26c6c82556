# A driver and a customer reach each other through a virtual number for two
# hours. The session ends by itself at expiry_time; the next plan after that
# creates a new one (see the note on expiry).
resource "cpaas_masking_session" "delivery" {
  first_party  = "14155551234" # driver
  second_party = "14155555678" # customer

  session_expiry  = 7200
  call_time_limit = 900
  ring_timeout    = 30

  record                 = true
  record_file_format     = "mp3"
  recording_callback_url = "https://hooks.example.com/masking/recordings"

  callback_url    = "https://hooks.example.com/masking/events"
  callback_method = "POST"

  first_party_play_url = "https://audio.example.com/connecting-to-customer.mp3"
}

# With PIN authentication: the API generates both PINs (sensitive).
resource "cpaas_masking_session" "support" {
  first_party  = "14155550111"
  second_party = "14155550222"

  is_pin_authentication_required = true
  generate_pin                   = true
  generate_pin_length            = 6
  pin_retry                      = 2
  pin_retry_wait                 = 10
}

output "delivery_number" {
  description = "Both parties call this number."
  value       = cpaas_masking_session.delivery.virtual_number
}
