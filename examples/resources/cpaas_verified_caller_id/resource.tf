# The one-time code the number receives, for the second apply only:
# TF_VAR_support_caller_id_code=123456 terraform apply
variable "support_caller_id_code" {
  type      = string
  default   = null
  sensitive = true
  ephemeral = true
}

# The first apply sends a code to the number and records the open
# verification (verified = false); the second, with the code, verifies it.
# A number already verified is adopted without a code.
resource "cpaas_verified_caller_id" "support" {
  phone_number         = "+14155550142"
  alias                = "support line"
  verification_code_wo = var.support_caller_id_code
}
