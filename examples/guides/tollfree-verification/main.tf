terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# Credentials come from CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN.
provider "cpaas" {}

variable "message_sample" {
  type        = string
  description = "A typical message. Carriers ask for opt-out language (\"Reply STOP to opt out\")."
  default     = "Acme: your code is 123456. Reply STOP to opt out."
}

# 1. The business the carrier vets: the same profile a 10DLC brand names.
resource "cpaas_10dlc_profile" "acme" {
  profile_alias       = "acme-tollfree"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Acme Corporation"
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

# 2. Buy a US toll-free number by search criteria: the search runs once, at
#    purchase, and the number is kept (see the guide on buying numbers).
resource "cpaas_phone_number" "support" {
  search = {
    country_iso = "US"
    type        = "toll-free"
    services    = ["sms"]
  }
  alias = "Support (toll-free)"
}

# 3. Verify it: the apply waits until the carrier decides, and fails with
#    the carrier's words unless it approves.
resource "cpaas_tollfree_verification" "support" {
  profile_uuid     = cpaas_10dlc_profile.acme.id
  number           = cpaas_phone_number.support.number
  usecases         = ["2FA", "CUSTOMER_CARE"]
  usecase_summary  = "One-time passcodes and support replies for customers of the Acme online store."
  message_sample   = var.message_sample
  optin_type       = "WEB_FORM"
  optin_image_urls = ["https://acme.example/compliance/optin-form.png"]
  volume           = "1,000"

  timeouts {
    create = "2h"
    update = "2h"
  }
}

# 4. Send once approved: the verification is created only when the carrier
#    has approved it, so a message that depends on it is sent after that.
resource "cpaas_message" "welcome" {
  src  = cpaas_tollfree_verification.support.number
  dst  = ["12125550101"]
  text = "Acme support now answers by text on this number. Reply STOP to opt out."
}

output "toll_free_number" {
  value = cpaas_phone_number.support.number
}

output "verification_status" {
  value = cpaas_tollfree_verification.support.status
}
