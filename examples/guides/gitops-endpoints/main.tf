terraform {
  required_version = ">= 1.11"
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# Credentials from CI secrets: CPAAS_BASE_URL, CPAAS_AUTH_ID, CPAAS_AUTH_TOKEN.
provider "cpaas" {}

# The passwords come from the secret store, never from the repository. In CI:
#   export TF_VAR_endpoint_passwords="$(vault kv get -format=json -field=data secret/sip)"
variable "endpoint_passwords" {
  type      = map(string)
  sensitive = true
  ephemeral = true
}

variable "password_version" {
  type    = number
  default = 1
}

# The applications whose URLs the service calls for the phones' calls.
resource "cpaas_application" "support" {
  app_name   = "support"
  answer_url = "https://voice.example.com/support/answer"
}

resource "cpaas_application" "sales" {
  app_name   = "sales"
  answer_url = "https://voice.example.com/sales/answer"
}

# Each phone is a reviewed line in a pull request.
locals {
  support_app = cpaas_application.support.app_id
  sales_app   = cpaas_application.sales.app_id

  endpoints = {
    reception = { username = "reception", alias = "Reception", app_id = local.support_app }
    support1  = { username = "support1", alias = "Support desk 1", app_id = local.support_app }
    sales1    = { username = "sales1", alias = "Sales desk 1", app_id = local.sales_app }
  }
}

module "endpoints" {
  source = "./modules/endpoints"

  endpoints        = local.endpoints
  passwords        = var.endpoint_passwords
  password_version = var.password_version
}

output "sip_uris" {
  value = module.endpoints.sip_uris
}
