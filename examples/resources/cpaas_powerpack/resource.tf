# The application that answers the pool's numbers.
resource "cpaas_application" "alerts" {
  app_name   = "alerts-inbound"
  answer_url = "https://voice.example.com/alerts/answer"
}

# A sending profile for US alerts: each customer keeps the number that
# wrote to them before, and long codes send before toll-free numbers and
# short codes for US SMS. Add numbers with cpaas_powerpack_number; send with
# powerpack_uuid = cpaas_powerpack.alerts.id.
resource "cpaas_powerpack" "alerts" {
  name          = "alerts-us"
  sticky_sender = true
  local_connect = false # false is sent as false

  application_type = "xml"
  application_id   = cpaas_application.alerts.app_id

  number_priority = [
    {
      country_iso  = "US"
      service_type = "SMS"
      priority     = ["longcode", "tollfree", "shortcode"]
    },
  ]

  # Destroying the powerpack keeps every number of its pool (the default).
  unrent_numbers_on_destroy = false
}
