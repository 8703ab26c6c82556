# The active sessions of one driver.
list "cpaas_masking_session" "driver" {
  provider         = cpaas
  include_resource = true
  config {
    first_party = "14155551234"
  }
}
