# Every verified caller ID of the account, with the data an import reads.
list "cpaas_verified_caller_id" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the numbers named "support line".
list "cpaas_verified_caller_id" "support" {
  provider = cpaas
  config {
    alias = "support line"
  }
}
