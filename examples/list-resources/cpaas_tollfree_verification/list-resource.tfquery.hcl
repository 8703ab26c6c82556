# The requests the carrier asked to update, with the data an import reads.
list "cpaas_tollfree_verification" "update_required" {
  provider         = cpaas
  include_resource = true
  config {
    status = "UPDATE_REQUIRED"
  }
}
