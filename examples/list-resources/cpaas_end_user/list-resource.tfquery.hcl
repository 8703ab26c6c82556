# Every end user of the older compliance API, with the data an import reads
# (the names are sensitive: the display name is the id and the type).
list "cpaas_end_user" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the businesses.
list "cpaas_end_user" "businesses" {
  provider = cpaas
  config {
    end_user_type = "business"
  }
}
