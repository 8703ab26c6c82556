# US 10DLC registration: a brand, a campaign under it, and one of the
# account's starter numbers linked to the campaign. The emulator registers
# each within about a second; the provider waits for every step.
resource "cpaas_10dlc_profile" "demo" {
  profile_alias       = "demo-coffee"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Demo Coffee Co"
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

resource "cpaas_10dlc_brand" "demo" {
  brand_alias  = "Demo Coffee Co"
  profile_uuid = cpaas_10dlc_profile.demo.id
  brand_type   = "STANDARD"
}

resource "cpaas_10dlc_campaign" "demo" {
  brand_id       = cpaas_10dlc_brand.demo.id
  campaign_alias = "Pickup notices"
  vertical       = "RETAIL"
  usecase        = "DELIVERY_NOTIFICATION"
  description    = "Tells customers of Demo Coffee Co when their mobile order is ready for pickup."
  sample1        = "Demo Coffee: your order is ready at the counter. Reply STOP to opt out."
  sample2        = "Demo Coffee: order 42 is waiting for you. Reply HELP for help, STOP to opt out."

  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cpaas_send_message.campaign_registered]
    }
  }
}

resource "cpaas_10dlc_campaign_number" "demo" {
  campaign_id = cpaas_10dlc_campaign.demo.id
  number      = "14155550100"
}

data "cpaas_10dlc_campaign" "demo" {
  id = cpaas_10dlc_campaign_number.demo.campaign_id
}

output "tendlc_brand" {
  value = "${cpaas_10dlc_brand.demo.id} (${cpaas_10dlc_brand.demo.registration_status})"
}

output "tendlc_campaign" {
  value = "${cpaas_10dlc_campaign.demo.id} (${cpaas_10dlc_campaign.demo.registration_status})"
}

output "tendlc_linked_numbers" {
  value = data.cpaas_10dlc_campaign.demo.linked_numbers
}

# Terraform 1.14+: when the campaign is created (registered: the provider
# waits for it), the campaign's lifecycle invokes an action that texts the
# on-call phone. The plan lists the invocation; the state keeps nothing.
action "cpaas_send_message" "campaign_registered" {
  config {
    src  = "14155550100"
    dst  = ["+1 (212) 555-0199"]
    text = "10DLC campaign \"Pickup notices\" is registered."
  }
}
