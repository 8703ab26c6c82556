# The registered brands of the account, with the data an import reads.
list "cpaas_10dlc_brand" "registered" {
  provider         = cpaas
  include_resource = true
  config {
    registration_status = "COMPLETED"
  }
}
