# A toll-free number of the account (bought with cpaas_phone_number) and
# the business profile (cpaas_10dlc_profile) the request is made for.
variable "toll_free_number" {
  type        = string
  description = "A toll-free number of the account, digits without \"+\" (18445550123)."
}

variable "profile_uuid" {
  type        = string
  description = "The profile_uuid of the business sending from the number."
}

# Until the carrier approves the request, the number cannot send SMS to the
# US or Canada. The apply waits for the decision.
resource "cpaas_tollfree_verification" "support" {
  profile_uuid    = var.profile_uuid
  number          = var.toll_free_number
  usecases        = ["2FA", "CUSTOMER_CARE"]
  usecase_summary = "One-time passcodes and support replies for customers of the Acme online store."
  message_sample  = "Acme: your code is 123456. Reply STOP to opt out."
  optin_type      = "WEB_FORM"
  optin_image_urls = [
    "https://acme.example/compliance/optin-form.png",
  ]
  volume          = "1,000"
  callback_url    = "https://hooks.example.com/tollfree"
  callback_method = "POST"

  timeouts {
    create = "2h"
    update = "2h"
  }
}

output "support_verification_status" {
  value = cpaas_tollfree_verification.support.status
}
