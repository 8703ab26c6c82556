terraform {
  required_version = ">= 1.8"
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# Set by the pipeline: terraform apply -var release=$CI_COMMIT_TAG
variable "release" {
  type = string
}

# An MMS with a file of the repository. The provider uploads the file
# right before the send (the service keeps an upload no sent MMS used for
# six hours only, so no resource holds it) and records its SHA-256: a new
# banner is a new message, like a new release.
resource "cpaas_message" "release_banner" {
  src         = "14155550100" # a number of the account
  dst         = ["12125550101"]
  type        = "mms"
  text        = "Release ${var.release} is live."
  media_files = [abspath("${path.module}/release-banner.png")]

  triggers = {
    release = var.release
  }
}

output "banner_sha256" {
  value = cpaas_message.release_banner.media_files_sha256[0]
}
