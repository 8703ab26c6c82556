# Every application of the one-call compliance API, with the data an import
# reads (the end user and the documents' data fields are sensitive).
list "cpaas_phone_number_compliance" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the accepted applications for Indian mobile numbers.
list "cpaas_phone_number_compliance" "accepted_mobile" {
  provider = cpaas
  config {
    status      = "accepted"
    country_iso = "IN"
    number_type = "mobile"
  }
}
