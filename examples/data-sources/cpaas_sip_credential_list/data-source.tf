data "cpaas_sip_credential_list" "shared" {
  id = "f19c4773-4ae6-4b75-92ea-9cf3ea4227d6"
}

output "shared_sip_username" {
  value = data.cpaas_sip_credential_list.shared.username
}
