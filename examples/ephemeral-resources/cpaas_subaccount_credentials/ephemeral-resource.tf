# Terraform 1.10 or later.
resource "cpaas_subaccount" "payments" {
  name = "payments-team"
}

# The subaccount's credentials, read at each run with the main account's
# and never written to the plan or the state.
ephemeral "cpaas_subaccount_credentials" "payments" {
  auth_id = cpaas_subaccount.payments.auth_id
}

# A provider block that acts as the subaccount (base_url from
# CPAAS_BASE_URL). While cpaas_subaccount.payments does not exist yet,
# this block's configuration is unknown at plan time: apply the
# subaccount first (terraform apply -target=cpaas_subaccount.payments),
# then the rest.
provider "cpaas" {
  alias      = "payments"
  auth_id    = ephemeral.cpaas_subaccount_credentials.payments.auth_id
  auth_token = ephemeral.cpaas_subaccount_credentials.payments.auth_token
}

resource "cpaas_application" "payments" {
  provider   = cpaas.payments
  app_name   = "payments-ivr"
  answer_url = "https://payments.example.com/answer"
}
