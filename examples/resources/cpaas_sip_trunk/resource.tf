variable "pbx_sip_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "cpaas_sip_ip_acl" "pbx" {
  name         = "pbx-addresses"
  ip_addresses = ["192.0.2.10", "198.51.100.0/28"]
}

resource "cpaas_sip_credential_list" "pbx" {
  name                = "pbx-credentials"
  username            = "pbx_user"
  password_wo         = var.pbx_sip_password
  password_wo_version = 1
}

# Outbound: the PBX sends calls to trunk_domain, authenticated by its
# addresses and its credentials.
resource "cpaas_sip_trunk" "outbound" {
  name            = "pbx-outbound"
  trunk_direction = "outbound"
  secure          = true
  ipacl_id        = cpaas_sip_ip_acl.pbx.id
  credential_id   = cpaas_sip_credential_list.pbx.id
}

resource "cpaas_sip_origination_uri" "primary" {
  name = "pbx-primary"
  uri  = "pbx.example.com:5060"
}

resource "cpaas_sip_origination_uri" "fallback" {
  name = "pbx-fallback"
  uri  = "192.0.2.20:5060"
}

# Inbound: calls go to the primary URI, or to the fallback when it fails.
resource "cpaas_sip_trunk" "inbound" {
  name            = "pbx-inbound"
  trunk_direction = "inbound"
  primary_uri_id  = cpaas_sip_origination_uri.primary.id
  fallback_uri_id = cpaas_sip_origination_uri.fallback.id
}

# What the PBX points its outbound calls at.
output "pbx_trunk_domain" {
  value = cpaas_sip_trunk.outbound.trunk_domain
}
