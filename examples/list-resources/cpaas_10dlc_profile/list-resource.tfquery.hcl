# The account's business profiles of private companies, with the data an
# import reads.
list "cpaas_10dlc_profile" "private" {
  provider         = cpaas
  include_resource = true
  config {
    entity_type = "PRIVATE"
  }
}
