# A trunk made elsewhere: the domain the PBX points at.
data "cpaas_sip_trunk" "shared" {
  id = "21784177241578"
}

output "shared_trunk_domain" {
  value = data.cpaas_sip_trunk.shared.trunk_domain
}
