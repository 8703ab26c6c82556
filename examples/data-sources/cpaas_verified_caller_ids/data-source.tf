# Every verified caller ID of the account.
data "cpaas_verified_caller_ids" "all" {}

# Is the number the support application calls from verified? The list
# holds it when it is, and is empty when it is not.
data "cpaas_verified_caller_ids" "support" {
  phone_number = "+14155550142"
}

resource "terraform_data" "support_caller_id" {
  input = data.cpaas_verified_caller_ids.support.phone_numbers

  lifecycle {
    precondition {
      condition     = data.cpaas_verified_caller_ids.support.total_count == 1
      error_message = "+14155550142 is not a verified caller ID of this account: verify it first (see the Verified caller IDs guide)."
    }
  }
}

# The numbers assigned to one subaccount.
data "cpaas_verified_caller_ids" "team" {
  subaccount = "SAXY7Q2LM4NB8VC3KD6F"
}
