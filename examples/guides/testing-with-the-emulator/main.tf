# A team's 10DLC registration: one brand and one campaign under it, tested
# with `terraform test` against cpaas-emulator (see tests/).
terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# Credentials and base URL come from CPAAS_BASE_URL, CPAAS_AUTH_ID and
# CPAAS_AUTH_TOKEN: the emulator prints them, the real service is the same
# configuration with other values.
provider "cpaas" {}

variable "company_name" {
  description = "Legal name of the company the registry vets (the business profile's company_name)."
  type        = string
  default     = "Acme Corporation"
}

variable "brand_alias" {
  description = "Name of the brand to register."
  type        = string
  default     = "Acme Corp"
}

variable "wait_for_registration" {
  description = "Wait for the registry's decision on the brand."
  type        = bool
  default     = true
}

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

resource "cpaas_10dlc_brand" "acme" {
  brand_alias           = var.brand_alias
  profile_uuid          = cpaas_10dlc_profile.acme.id
  brand_type            = "STANDARD"
  wait_for_registration = var.wait_for_registration
}

# The team's guard: campaigns are only built on a registered brand.
data "cpaas_10dlc_brand" "registered" {
  id = cpaas_10dlc_brand.acme.id

  lifecycle {
    postcondition {
      condition     = self.registration_status == "COMPLETED"
      error_message = "Brand ${self.id} is not registered (${self.registration_status}): ${join("; ", self.declined_reasons[*].message)}"
    }
  }
}

resource "cpaas_10dlc_campaign" "alerts" {
  brand_id       = data.cpaas_10dlc_brand.registered.id
  campaign_alias = "Order alerts"
  vertical       = "RETAIL"
  usecase        = "MIXED"
  sub_usecases   = ["ACCOUNT_NOTIFICATION", "DELIVERY_NOTIFICATION"]
  description    = "Order confirmations and delivery updates for customers of the Acme online store."
  sample1        = "Acme: order 1234 is confirmed. Reply STOP to opt out."
  sample2        = "Acme: order 1234 was delivered. Reply HELP for help, STOP to opt out."

  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true
}

output "brand_id" {
  value = cpaas_10dlc_brand.acme.id
}

output "brand_status" {
  value = data.cpaas_10dlc_brand.registered.registration_status
}

output "campaign_id" {
  value = cpaas_10dlc_campaign.alerts.id
}

output "campaign_status" {
  value = cpaas_10dlc_campaign.alerts.registration_status
}
