# Every identity of the oldest compliance generation, with the data an
# import reads.
list "cpaas_verification_identity" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the identities still under review.
list "cpaas_verification_identity" "pending" {
  provider = cpaas
  config {
    verification_status = "pending"
  }
}
