terraform {
  # Ephemeral resources in provider blocks need 1.10; write-only
  # arguments (password_wo) need 1.11.
  required_version = ">= 1.11"
  required_providers {
    cpaas = {
      source  = "cpaas-dev/cpaas"
      version = "~> 0.1"
    }
  }
}

# The main account, from the environment:
#   export CPAAS_BASE_URL=https://api.example.com
#   export CPAAS_AUTH_ID=MAXXXXXXXXXXXXXXXXXX
#   export CPAAS_AUTH_TOKEN=...
provider "cpaas" {}

# 1. The subaccount, made with the main account's credentials. Its
#    auth_token is not an attribute: the state never holds it.
resource "cpaas_subaccount" "payments" {
  name = "payments-team"
  # cascade_on_destroy = false (the default): destroying the subaccount
  # re-homes its applications, endpoints and numbers to the main account.
}

# 2. Its credentials, read at each run and never written to the plan or
#    the state.
ephemeral "cpaas_subaccount_credentials" "payments" {
  auth_id = cpaas_subaccount.payments.auth_id
}

# 3. A provider block that acts as the subaccount. base_url comes from
#    CPAAS_BASE_URL, as for the main account.
provider "cpaas" {
  alias      = "payments"
  auth_id    = ephemeral.cpaas_subaccount_credentials.payments.auth_id
  auth_token = ephemeral.cpaas_subaccount_credentials.payments.auth_token
}

# 4. The subaccount's own objects, through that provider block.
resource "cpaas_application" "payments" {
  provider   = cpaas.payments
  app_name   = "payments-ivr"
  answer_url = "https://payments.example.com/answer"
}

variable "desk_password" {
  description = "SIP password of the payments desk phone: at least 5 characters."
  type        = string
  sensitive   = true
  ephemeral   = true
}

resource "cpaas_endpoint" "payments_desk" {
  provider            = cpaas.payments
  username            = "paydesk"
  alias               = "Payments desk"
  password_wo         = var.desk_password
  password_wo_version = 1
  app_id              = cpaas_application.payments.app_id
}

output "subaccount_auth_id" {
  value = cpaas_subaccount.payments.auth_id
}

output "desk_sip_uri" {
  value = cpaas_endpoint.payments_desk.sip_uri
}
