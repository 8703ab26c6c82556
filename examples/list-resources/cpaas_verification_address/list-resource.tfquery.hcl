# Every address of the oldest compliance generation, with the data an
# import reads (names and address lines are sensitive: the display name
# is the alias, the country and the status).
list "cpaas_verification_address" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the French addresses the reviewer rejected.
list "cpaas_verification_address" "rejected_in_france" {
  provider = cpaas
  config {
    country_iso         = "FR"
    verification_status = "rejected"
  }
}
