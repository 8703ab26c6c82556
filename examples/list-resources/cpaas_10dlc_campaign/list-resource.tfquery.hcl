# The campaigns of one brand.
list "cpaas_10dlc_campaign" "acme" {
  provider         = cpaas
  include_resource = true
  config {
    brand_id = "BXK2M9Q"
  }
}
