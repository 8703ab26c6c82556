# Every application of the account, with the data an import reads.
list "cpaas_application" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the applications named "support-line".
list "cpaas_application" "support" {
  provider = cpaas
  config {
    app_name = "support-line"
  }
}
