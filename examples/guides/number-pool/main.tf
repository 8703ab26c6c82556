terraform {
  required_version = ">= 1.14" # actions
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# Credentials come from CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN.
provider "cpaas" {}

# Sending at scale through a number pool: numbers bought from a search, the
# US long codes linked to a 10DLC campaign, all of them pooled in a
# powerpack with a priority, and messages sent through the powerpack.

variable "customer" {
  description = "Who the notice goes to (digits with the country code)."
  type        = string
  default     = "12135550142" # Los Angeles
}

# 1. Two local numbers that send SMS: one in San Francisco, one in New York
#    (ignore_changes: see the guide on buying numbers).
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  type        = "local"
  city        = "San Francisco"
  services    = ["sms"]
  max_results = 1
}

data "cpaas_phone_numbers" "ny" {
  country_iso = "US"
  type        = "local"
  region      = "New York"
  services    = ["sms"]
  max_results = 1
}

resource "cpaas_phone_number" "line" {
  for_each = {
    sf = data.cpaas_phone_numbers.sf.numbers[0].number
    ny = data.cpaas_phone_numbers.ny.numbers[0].number
  }

  number = each.value
  alias  = "Pool line ${each.key}"

  lifecycle {
    ignore_changes = [number]
  }
}

# 2. A US long code may send to the US only under a registered 10DLC
#    campaign (the pool skips one that is not linked). The chain from the
#    profile to the campaign, as in the guide "10DLC from the root".
resource "cpaas_10dlc_profile" "shop" {
  profile_alias       = "corner-shop"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Corner Shop LLC"
  ein                 = "98-7654321"
  ein_issuing_country = "US"
  vertical            = "RETAIL"
  website             = "https://cornershop.example"

  address = {
    street      = "9 Market Street"
    city        = "San Francisco"
    state       = "CA"
    postal_code = "94103"
    country     = "US"
  }

  authorized_contact = {
    first_name = "Sam"
    last_name  = "Lee"
    phone      = "+14155550123"
    email      = "sam@cornershop.example"
  }
}

resource "cpaas_10dlc_brand" "shop" {
  brand_alias  = "Corner Shop"
  profile_uuid = cpaas_10dlc_profile.shop.id
  brand_type   = "STANDARD"
}

resource "cpaas_10dlc_campaign" "pickup" {
  brand_id       = cpaas_10dlc_brand.shop.id
  campaign_alias = "Pickup alerts"
  vertical       = "RETAIL"
  usecase        = "DELIVERY_NOTIFICATION"
  description    = "Tells Corner Shop customers when the order they placed online is ready for pickup."
  sample1        = "Corner Shop: order 1234 is ready for pickup. Reply STOP to opt out."
  sample2        = "Corner Shop: order 1234 is still waiting for you. Reply HELP for help, STOP to opt out."

  message_flow    = "Customers tick an opt-in box when they order on cornershop.example."
  help_keywords   = "HELP"
  help_message    = "Corner Shop pickup alerts. Help: help@cornershop.example. Reply STOP to opt out."
  optout_keywords = "STOP"
  optout_message  = "Corner Shop: you will get no more pickup alerts."

  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true
}

resource "cpaas_10dlc_campaign_number" "line" {
  for_each = cpaas_phone_number.line

  campaign_id = cpaas_10dlc_campaign.pickup.id
  number      = each.value.number
}

# 3. The powerpack: long codes first for US SMS, the same number for the
#    same customer, a local number where there is one.
resource "cpaas_powerpack" "pickup" {
  name          = "pickup-alerts"
  sticky_sender = true
  local_connect = true

  number_priority = [
    {
      country_iso  = "US"
      service_type = "SMS"
      priority     = ["longcode", "tollfree", "shortcode"]
    },
  ]

  # Destroying the pool never releases its numbers (the default): they
  # stay the account's, owned by cpaas_phone_number.line.
  unrent_numbers_on_destroy = false
}

# 4. The linked numbers in the pool.
resource "cpaas_powerpack_number" "line" {
  for_each = cpaas_10dlc_campaign_number.line

  powerpack_id = cpaas_powerpack.pickup.id
  number       = each.value.number
}

# 5. Send through the powerpack, each time the action is invoked:
#      terraform apply -invoke=action.cpaas_send_message.pickup_ready
#    The pool picks the source number; the progress says which.
action "cpaas_send_message" "pickup_ready" {
  config {
    powerpack_uuid = cpaas_powerpack.pickup.id
    dst            = [var.customer]
    text           = "Corner Shop: your order is ready for pickup. Reply STOP to opt out."
  }
}

output "powerpack_id" {
  value = cpaas_powerpack.pickup.id
}

output "numbers" {
  value = { for k, n in cpaas_phone_number.line : k => n.number }
}
