terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# Credentials come from CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN.
provider "cpaas" {}

# The one-time code the number receives. Give it for the second apply
# only, through the environment: TF_VAR_support_caller_id_code=123456.
variable "support_caller_id_code" {
  type        = string
  description = "One-time code sent to the support line, for the apply that verifies it."
  default     = null
  sensitive   = true
  ephemeral   = true
}

# The support line, shown as the caller ID of outbound calls. The first
# apply sends the code; the second, with the code, verifies the number.
resource "cpaas_verified_caller_id" "support" {
  phone_number         = "+14155550142"
  alias                = "support line"
  channel              = "sms"
  verification_code_wo = var.support_caller_id_code
}

# A number someone verified in the console: the create adopts it as it is,
# without a code.
resource "cpaas_verified_caller_id" "sales" {
  phone_number = "+14155550143"
  alias        = "sales line"
}

# Every apply says, as a warning, which caller ID still waits for its code.
check "caller_ids_verified" {
  assert {
    condition     = cpaas_verified_caller_id.support.verified && cpaas_verified_caller_id.sales.verified
    error_message = "A caller ID is not verified yet: apply again with its code (TF_VAR_support_caller_id_code)."
  }
}

output "verified_caller_ids" {
  value = {
    support = cpaas_verified_caller_id.support.verified
    sales   = cpaas_verified_caller_id.sales.verified
  }
}
