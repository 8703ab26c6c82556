terraform {
  required_version = ">= 1.8" # provider functions
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

variable "on_call" {
  description = "Numbers to notify, in any format a person would write them."
  type        = list(string)
  default     = ["+1 (212) 555-0101", "+44 7700 900123"]
}

locals {
  text = "Release ${var.release} is live. Reply STOP to opt out."
  # Known at plan time: what the message costs, before anything is sent.
  units = provider::cpaas::sms_units(local.text)
}

# Creating this resource sends the message. Every argument forces a new
# resource, so the plan says "must be replaced" whenever an apply would send
# again; here only a new release does (triggers).
resource "cpaas_message" "release_notice" {
  src  = "14155550100" # a number of the account
  dst  = [for n in var.on_call : provider::cpaas::sanitize_number(n)]
  text = local.text

  triggers = {
    release = var.release
  }

  # The pipeline step fails if the message is not delivered within 5 minutes.
  wait_for = "delivered"
  timeouts {
    create = "5m"
  }

  lifecycle {
    precondition {
      condition     = local.units.units <= 2
      error_message = "The release notice would take ${local.units.units} SMS units; keep it to 2."
    }
  }
}

output "message_ids" {
  value = cpaas_message.release_notice.message_uuids
}

output "sms_units" {
  value = local.units.units
}
