# A campaign registered outside this configuration, and its linked numbers.
data "cpaas_10dlc_campaign" "existing" {
  id = "CQ7ZP3A"
}

output "existing_campaign_numbers" {
  value = data.cpaas_10dlc_campaign.existing.linked_numbers
}
