terraform {
  # Write-only arguments (password_wo) need Terraform 1.11.
  required_version = ">= 1.11"
  required_providers {
    cpaas = {
      source  = "cpaas-dev/cpaas"
      version = "~> 0.1"
    }
  }
}

# The account, from the environment:
#   export CPAAS_BASE_URL=https://api.example.com
#   export CPAAS_AUTH_ID=MAXXXXXXXXXXXXXXXXXX
#   export CPAAS_AUTH_TOKEN=...
provider "cpaas" {}

# The two passwords, from your secret store (TF_VAR_...): ephemeral, so
# Terraform writes them to no plan and no state.
variable "pbx_sip_password" {
  description = "The password the PBX authenticates its outbound calls with."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "pbx_inbound_password" {
  description = "The password the service authenticates to the PBX with, for inbound calls."
  type        = string
  sensitive   = true
  ephemeral   = true
}

# ---- Outbound: the PBX sends calls to the phone network.

# The addresses the PBX sends from.
resource "cpaas_sip_ip_acl" "pbx" {
  name         = "pbx-addresses"
  ip_addresses = ["192.0.2.10", "198.51.100.0/28"]

  # Lets one apply both drop it from the trunk and delete it (the trunk
  # is updated first); it never replaces itself.
  lifecycle {
    create_before_destroy = true
  }
}

# And the credentials it authenticates with. To rotate the password,
# change the variable and bump password_wo_version: updated in place.
resource "cpaas_sip_credential_list" "pbx" {
  name                = "pbx-credentials"
  username            = "pbx_user"
  password_wo         = var.pbx_sip_password
  password_wo_version = 1

  lifecycle {
    create_before_destroy = true
  }
}

resource "cpaas_sip_trunk" "outbound" {
  name            = "pbx-outbound"
  trunk_direction = "outbound"
  secure          = true
  ipacl_id        = cpaas_sip_ip_acl.pbx.id
  credential_id   = cpaas_sip_credential_list.pbx.id
}

# ---- Inbound: the service delivers calls to the PBX.

resource "cpaas_sip_origination_uri" "primary" {
  name                  = "pbx-primary"
  uri                   = "pbx.example.com:5061;transport=tls"
  authentication_needed = true
  username              = "zentrunk_in"
  password_wo           = var.pbx_inbound_password
  password_wo_version   = 1

  lifecycle {
    create_before_destroy = true
  }
}

resource "cpaas_sip_origination_uri" "fallback" {
  name = "pbx-fallback"
  uri  = "192.0.2.20:5060"

  lifecycle {
    create_before_destroy = true
  }
}

resource "cpaas_sip_trunk" "inbound" {
  name            = "pbx-inbound"
  trunk_direction = "inbound"
  primary_uri_id  = cpaas_sip_origination_uri.primary.id
  fallback_uri_id = cpaas_sip_origination_uri.fallback.id
}

# ---- A number whose calls ring the inbound trunk.

resource "cpaas_phone_number" "line" {
  # Bought by criteria: the first match when the resource is created, kept
  # whatever the search offers later.
  search = {
    country_iso = "US"
    type        = "local"
    services    = ["voice"]
  }
  alias        = "PBX main line"
  sip_trunk_id = cpaas_sip_trunk.inbound.id
  # Destroying this resource releases the number (every such plan warns by
  # name): add release_protection = true for a number you cannot lose.
}

# What the PBX's outbound route points at.
output "trunk_domain" {
  value = cpaas_sip_trunk.outbound.trunk_domain
}

output "pbx_number" {
  value = cpaas_phone_number.line.number
}
