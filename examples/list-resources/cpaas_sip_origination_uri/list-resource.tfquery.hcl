# Every one of the account's, with the data an import reads.
list "cpaas_sip_origination_uri" "all" {
  provider         = cpaas
  include_resource = true
}
