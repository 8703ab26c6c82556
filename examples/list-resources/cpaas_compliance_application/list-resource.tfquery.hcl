# Every application of the older compliance API, with the data an import
# reads.
list "cpaas_compliance_application" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the German applications still in draft.
list "cpaas_compliance_application" "german_drafts" {
  provider = cpaas
  config {
    status       = "draft"
    country_iso2 = "DE"
  }
}
