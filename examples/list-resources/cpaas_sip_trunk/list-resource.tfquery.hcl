# Every SIP trunk of the account, with the data an import reads.
list "cpaas_sip_trunk" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the inbound trunks that are enabled (the API's own filters).
list "cpaas_sip_trunk" "inbound" {
  provider = cpaas
  config {
    trunk_direction = "inbound"
    trunk_status    = "enabled"
  }
}
