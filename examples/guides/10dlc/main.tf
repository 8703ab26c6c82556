terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

variable "company_name" {
  description = "Legal name of the company the registry vets (the business profile's company_name)."
  type        = string
  default     = "Acme Corporation"
}

variable "brand_alias" {
  description = "The company's name as the registry will check it."
  type        = string
  default     = "Acme Corp"
}

variable "callback_url" {
  description = "Receiver of the signed status callbacks (see the verification snippet)."
  type        = string
  default     = "https://hooks.example.com/10dlc"
}

variable "numbers" {
  description = "Long codes of the account to send the campaign's messages from."
  type        = set(string)
  default     = ["14155550100", "12125550101"]
}

# 0. The business profile: the company the registry vets (legal name, tax
#    id, address, contact). Each brand needs a profile of its own.
resource "cpaas_10dlc_profile" "acme" {
  profile_alias       = "acme-main"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = var.company_name
  ein                 = "12-3456789"
  ein_issuing_country = "US"
  vertical            = "RETAIL"

  address = {
    street      = "123 Main Street"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }

  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane.doe@acme.example"
  }
}

# 1. The brand: who sends. The apply waits for the registry's decision
#    (wait_for_registration defaults to true), bounded by timeouts.create.
resource "cpaas_10dlc_brand" "acme" {
  brand_alias  = var.brand_alias
  profile_uuid = cpaas_10dlc_profile.acme.id
  brand_type   = "STANDARD"

  url    = "${var.callback_url}/brand"
  method = "POST"

  timeouts {
    create = "45m"
  }
}

# 2. The campaign: what is sent. It needs a registered brand, so it starts
#    only once the brand above is registered.
resource "cpaas_10dlc_campaign" "alerts" {
  brand_id       = cpaas_10dlc_brand.acme.id
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

  url = "${var.callback_url}/campaign"

  timeouts {
    create = "45m"
  }
}

# 3. The numbers: each long code linked to the registered campaign.
resource "cpaas_10dlc_campaign_number" "alerts" {
  for_each = var.numbers

  campaign_id = cpaas_10dlc_campaign.alerts.id
  number      = each.value
  url         = "${var.callback_url}/number"
}

resource "cpaas_10dlc_profile" "acme_eu" {
  profile_alias = "acme-eu"
  customer_type = "DIRECT"
  entity_type   = "INDIVIDUAL"
  company_name  = "Acme Europe"
  vertical      = "RETAIL"

  address = {
    street      = "123 Main Street"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }

  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane.doe@acme.example"
  }
}

# Not waiting: a second brand registered in the background. The apply ends
# while the brand is PROCESSING; a later refresh shows the registry's answer.
resource "cpaas_10dlc_brand" "acme_eu" {
  brand_alias           = "Acme Europe"
  profile_uuid          = cpaas_10dlc_profile.acme_eu.id
  brand_type            = "STARTER"
  wait_for_registration = false
  url                   = "${var.callback_url}/brand"
}

output "campaign_id" {
  value = cpaas_10dlc_campaign.alerts.id
}

output "background_brand_status" {
  value = cpaas_10dlc_brand.acme_eu.registration_status
}
