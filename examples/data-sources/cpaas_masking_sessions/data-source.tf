# Active sessions of one driver created since the start of June.
data "cpaas_masking_sessions" "driver" {
  first_party       = "14155551234"
  status            = "active"
  created_time__gte = "2025-06-01 00:00:00"
}

output "driver_virtual_numbers" {
  value = [for s in data.cpaas_masking_sessions.driver.sessions : s.virtual_number]
}
