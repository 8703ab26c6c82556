# Every one of the account's, with the data an import reads.
list "cpaas_sip_credential_list" "all" {
  provider         = cpaas
  include_resource = true
}
