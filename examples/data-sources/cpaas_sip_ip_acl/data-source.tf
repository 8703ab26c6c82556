data "cpaas_sip_ip_acl" "shared" {
  id = "90b6eb07-796c-4d86-a4fd-44ed11667ddb"
}

output "shared_addresses" {
  value = data.cpaas_sip_ip_acl.shared.ip_addresses
}
