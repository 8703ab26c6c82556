terraform {
  required_version = ">= 1.14" # actions
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# Set by the pipeline: terraform apply -invoke=... -var release=$CI_COMMIT_TAG
variable "release" {
  type = string
}

variable "on_call" {
  description = "Numbers to notify, in any format a person would write them."
  type        = list(string)
  default     = ["+1 (212) 555-0101", "+44 7700 900123"]
}

# Sends the notice each time it is invoked, and only then:
#   terraform apply -auto-approve -invoke=action.cpaas_send_message.deploy_done -var release=...
# A plan or apply without -invoke sends nothing, and the state keeps nothing.
action "cpaas_send_message" "deploy_done" {
  config {
    src  = "14155550100" # a number of the account
    dst  = [for n in var.on_call : provider::cpaas::sanitize_number(n)]
    text = "Deploy of ${var.release} finished. Reply STOP to opt out."

    # The pipeline step fails if a message is not delivered within 5 minutes.
    wait_for = "delivered"
    timeouts {
      invoke = "5m"
    }
  }
}
