# By name: the account must have exactly one application of this name.
data "cpaas_application" "ivr" {
  app_name = "main-ivr"
}

# By id.
data "cpaas_application" "fallback" {
  app_id = "20372631212782780"
}

# Attach an endpoint to the application found by name.
resource "cpaas_endpoint" "reception" {
  username = "reception"
  password = "change-me-please"
  alias    = "Reception"
  app_id   = data.cpaas_application.ivr.app_id
}
