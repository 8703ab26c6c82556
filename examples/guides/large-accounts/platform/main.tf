terraform {
  required_version = ">= 1.11"
  required_providers {
    cpaas = {
      source  = "cpaas-dev/cpaas"
      version = "~> 0.1"
    }
  }
  # A real split keeps each state in a shared backend (s3, gcs, azurerm,
  # HCP Terraform); the local one keeps this guide self-contained.
  backend "local" {
    path = "terraform.tfstate"
  }
}

# The platform team's state: the subaccounts, one per team, and what every
# team shares. Main account credentials from the environment:
#   CPAAS_BASE_URL, CPAAS_AUTH_ID (MA...), CPAAS_AUTH_TOKEN
provider "cpaas" {}

variable "teams" {
  description = "The teams, each with a subaccount and a state of its own."
  type        = set(string)
  default     = ["payments", "support"]
}

resource "cpaas_subaccount" "team" {
  for_each = var.teams
  name     = "${each.key}-team"
}

# Shared by every team: the main IVR, which each team's endpoints may
# ring. The team states find it by name (data "cpaas_application").
resource "cpaas_application" "main_ivr" {
  app_name   = "main-ivr"
  answer_url = "https://ivr.example.com/answer"
}

# What the team states read through terraform_remote_state.
output "subaccounts" {
  description = "Each team's subaccount auth_id."
  value       = { for team, s in cpaas_subaccount.team : team => s.auth_id }
}
