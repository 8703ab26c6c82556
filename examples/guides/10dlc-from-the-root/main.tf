terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# Credentials come from CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN.
provider "cpaas" {}

# The whole 10DLC chain from nothing, in one apply: the business profile,
# the brand registered for it, the campaign of the brand, two local numbers
# bought here and linked to the campaign, and a first message. Terraform
# orders it through the references and destroys it in reverse.

# 1. The business the registry vets.
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

# 2. The brand: who sends. The apply waits until the registry registers it.
resource "cpaas_10dlc_brand" "shop" {
  brand_alias  = "Corner Shop"
  profile_uuid = cpaas_10dlc_profile.shop.id
  brand_type   = "STANDARD"
}

# 3. The campaign: what is sent, once the brand is registered.
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

# 4. Two local numbers that send SMS, each bought by search criteria: the
#    search runs once, at purchase, and each keeps its number (see the guide
#    on buying numbers).
resource "cpaas_phone_number" "line" {
  count = 2

  search = {
    country_iso = "US"
    type        = "local"
    city        = "San Francisco"
    services    = ["sms"]
  }
  alias = "Pickup line ${count.index + 1}"
}

# 5. Each number linked to the registered campaign.
resource "cpaas_10dlc_campaign_number" "line" {
  count = 2

  campaign_id = cpaas_10dlc_campaign.pickup.id
  number      = cpaas_phone_number.line[count.index].number
}

# 6. A first message from a linked number.
resource "cpaas_message" "hello" {
  src  = cpaas_10dlc_campaign_number.line[0].number
  dst  = ["12125550101"]
  text = "Corner Shop: order 1234 is ready for pickup. Reply STOP to opt out."
}

output "campaign_id" {
  value = cpaas_10dlc_campaign.pickup.id
}

output "numbers" {
  value = cpaas_phone_number.line[*].number
}
