data "cpaas_endpoint" "shared" {
  id = "39452475478853"
}

output "shared_sip_uri" {
  value = data.cpaas_endpoint.shared.sip_uri
}

# The phone registered with the endpoint, if any (null otherwise).
output "shared_phone" {
  value = data.cpaas_endpoint.shared.sip_registered ? {
    contact    = data.cpaas_endpoint.shared.sip_contact
    user_agent = data.cpaas_endpoint.shared.sip_user_agent
    expires    = data.cpaas_endpoint.shared.sip_expires
  } : null
}
