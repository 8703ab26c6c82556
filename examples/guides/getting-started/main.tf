terraform {
  required_version = ">= 1.11" # write-only arguments (password_wo)
  required_providers {
    cpaas = {
      source  = "cpaas-dev/cpaas"
      version = "~> 0.1"
    }
  }
}

# Credentials come from the environment, so nothing secret is written here:
#   export CPAAS_BASE_URL=https://api.example.com   (the part before /v1/)
#   export CPAAS_AUTH_ID=MAXXXXXXXXXXXXXXXXXX
#   export CPAAS_AUTH_TOKEN=...                      (from your secret store)
provider "cpaas" {}

variable "desk_password" {
  description = "SIP password of the front-desk phone: at least 5 characters."
  type        = string
  sensitive   = true
  ephemeral   = true # never written to the plan or the state
}

# A first SIP endpoint. password_wo is write-only: Terraform sends it and
# forgets it. Bump password_wo_version to send a new password.
resource "cpaas_endpoint" "desk" {
  username            = "frontdesk"
  alias               = "Front desk phone"
  password_wo         = var.desk_password
  password_wo_version = 1
}

# What a phone needs to register.
output "sip_uri" {
  value = cpaas_endpoint.desk.sip_uri
}

output "sip_username" {
  value = cpaas_endpoint.desk.sip_username
}
