# Every one of the account's, with the data an import reads.
list "cpaas_sip_ip_acl" "all" {
  provider         = cpaas
  include_resource = true
}
