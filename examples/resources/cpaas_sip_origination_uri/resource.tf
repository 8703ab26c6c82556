variable "pbx_inbound_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# Where an inbound trunk delivers calls: the PBX, over TLS, with the
# service authenticating to it.
resource "cpaas_sip_origination_uri" "primary" {
  name                  = "pbx-primary"
  uri                   = "pbx.example.com:5061;transport=tls"
  authentication_needed = true
  username              = "zentrunk_in"
  password_wo           = var.pbx_inbound_password
  password_wo_version   = 1
}

# A second address for when the first fails, without authentication.
resource "cpaas_sip_origination_uri" "fallback" {
  name = "pbx-fallback"
  uri  = "192.0.2.20:5060"
}
