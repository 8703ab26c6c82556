# cpaas_10dlc_brand_otp texts the one-time confirmation of a STARTER (sole
# proprietor) brand to the contact phone of its profile (Terraform 1.14+).
# The contact confirms the registration by replying YES. Planning never
# sends, and the state keeps nothing.
variable "profile_uuid" {
  description = "The cpaas_10dlc_profile of the sole proprietor, whose authorized_contact.phone is texted."
  type        = string
}

resource "cpaas_10dlc_brand" "solo" {
  brand_alias  = "Jane Doe Bakery"
  profile_uuid = var.profile_uuid
  brand_type   = "STARTER"

  # Sent once, when the brand is created.
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cpaas_10dlc_brand_otp.confirm]
    }
  }
}

# Sent again on demand, when the contact missed the first text:
#
#   terraform apply -invoke=action.cpaas_10dlc_brand_otp.confirm
action "cpaas_10dlc_brand_otp" "confirm" {
  config {
    brand_id = cpaas_10dlc_brand.solo.id
  }
}
