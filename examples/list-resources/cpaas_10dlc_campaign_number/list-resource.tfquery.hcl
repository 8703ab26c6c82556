# The numbers linked to one campaign.
list "cpaas_10dlc_campaign_number" "alerts" {
  provider         = cpaas
  include_resource = true
  config {
    campaign_id = "CQ7ZP3A"
  }
}

# The numbers linked to any campaign of one brand.
list "cpaas_10dlc_campaign_number" "acme" {
  provider = cpaas
  config {
    brand_id = "BXK2M9Q"
  }
}
