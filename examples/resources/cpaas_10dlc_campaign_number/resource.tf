# The campaign usually comes from a cpaas_10dlc_campaign resource in the
# same configuration (cpaas_10dlc_campaign.alerts.id); here it is passed in.
variable "campaign_id" {
  description = "Id of a registered 10DLC campaign, such as CM85FW7."
  type        = string
}

# Link one of the account's long codes to a registered campaign: one
# resource per number.
resource "cpaas_10dlc_campaign_number" "alerts" {
  campaign_id = var.campaign_id
  number      = "14155550100"

  # Signed number_linking / number_unlinking callbacks.
  url = "https://hooks.example.com/10dlc/number"

  timeouts {
    create = "30m"
    delete = "30m"
  }
}
