terraform {
  required_version = ">= 1.11"
  required_providers {
    cpaas = {
      source  = "cpaas-dev/cpaas"
      version = "~> 0.1"
    }
  }
  backend "local" {
    path = "terraform.tfstate"
  }
}

# The support team's state. Main account credentials from the environment,
# as for the platform state.
provider "cpaas" {}

# The platform state's outputs. The path is relative to the folder
# Terraform runs in (terraform -chdir=teams/support); with a shared backend
# this names its bucket and key instead.
data "terraform_remote_state" "platform" {
  backend = "local"
  config = {
    path = "../../platform/terraform.tfstate"
  }
}

locals {
  subaccount = data.terraform_remote_state.platform.outputs.subaccounts["support"]
}

# The subaccount's credentials, read at each run, never stored.
ephemeral "cpaas_subaccount_credentials" "team" {
  auth_id = local.subaccount
}

provider "cpaas" {
  alias      = "team"
  auth_id    = ephemeral.cpaas_subaccount_credentials.team.auth_id
  auth_token = ephemeral.cpaas_subaccount_credentials.team.auth_token
}

# Another state's object, found through the API by name rather than
# through that state's outputs.
data "cpaas_application" "main_ivr" {
  app_name = "main-ivr"
}

variable "desk_password" {
  description = "SIP password of the team's desk phones: at least 5 characters."
  type        = string
  sensitive   = true
  ephemeral   = true
}

module "team" {
  source = "../../modules/team"
  providers = {
    cpaas      = cpaas
    cpaas.team = cpaas.team
  }
  team       = "support"
  subaccount = local.subaccount
  desks = {
    supdesk1 = "Support desk 1"
    supdesk2 = "Support desk 2"
    supdesk3 = "Support desk 3"
  }
  desk_password = var.desk_password
}

output "application_id" {
  value = module.team.application_id
}

output "main_ivr_id" {
  value = data.cpaas_application.main_ivr.app_id
}
