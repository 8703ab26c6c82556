data "cpaas_sip_origination_uri" "shared" {
  id = "a8c2f0d1-5b3e-4c2a-9f1d-2e7b6c4d8a90"
}

output "shared_uri" {
  value = data.cpaas_sip_origination_uri.shared.uri
}
