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

  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true
  embedded_link     = true

  url = "https://hooks.example.com/10dlc/campaign"
}
