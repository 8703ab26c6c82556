# The brand usually comes from a cpaas_10dlc_brand resource in the same
# configuration (brand_id = cpaas_10dlc_brand.acme.id); here it is passed in.
variable "brand_id" {
  description = "Id of a registered 10DLC brand, such as BQ11F51."
  type        = string
}

resource "cpaas_10dlc_campaign" "alerts" {
  brand_id       = var.brand_id
  campaign_alias = "Order alerts"
  vertical       = "RETAIL"
  usecase        = "MIXED"
  sub_usecases   = ["ACCOUNT_NOTIFICATION", "DELIVERY_NOTIFICATION"]
  description    = "Order confirmations and delivery updates for customers of the Acme online store."
  sample1        = "Acme: order 1234 is confirmed. Reply STOP to opt out."
  sample2        = "Acme: order 1234 was delivered. Reply HELP for help, STOP to opt out."

  message_flow    = "Customers tick an opt-in box at checkout on acme.example."
  help_keywords   = "HELP,INFO"
  help_message    = "Acme order alerts. Help: support@acme.example. Reply STOP to opt out."
  optout_keywords = "STOP,QUIT"
  optout_message  = "Acme: you are unsubscribed and will get no more messages."

  terms_and_conditions_link = "https://acme.example/terms"
  privacy_policy_link       = "https://acme.example/privacy"

  # The service registers campaigns only with the three subscriber flags
  # true (their default); the other flags default to false.
  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true
  embedded_link     = true

  url = "https://hooks.example.com/10dlc/campaign"
}

# Each carrier's throughput once the campaign is ACTIVE: size the sending
# to it (AT&T, US Cellular and Verizon Wireless in messages a minute,
# T-Mobile as the brand's tier).
output "alerts_att_tpm" {
  value = cpaas_10dlc_campaign.alerts.mno_metadata["AT&T"].tpm
}
