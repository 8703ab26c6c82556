data "cpaas_endpoint" "shared" {
  id = "39452475478853"
}

output "shared_sip_uri" {
  value = data.cpaas_endpoint.shared.sip_uri
}
