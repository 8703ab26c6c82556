terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
      # Two provider blocks: the main account's (default) and the team's
      # subaccount's.
      configuration_aliases = [cpaas.team]
    }
  }
}

variable "team" {
  description = "The team's name: a prefix of everything it owns."
  type        = string
}

variable "subaccount" {
  description = "The team's subaccount auth_id (SA...), from the platform state."
  type        = string
}

variable "desks" {
  description = "The team's desk phones: SIP username => alias."
  type        = map(string)
}

variable "desk_password" {
  description = "SIP password of the team's desk phones: at least 5 characters."
  type        = string
  sensitive   = true
  ephemeral   = true
}

# Placed in the team's subaccount by the main account's credentials. Its
# refresh reads the subaccount's listing only, not the account's.
resource "cpaas_application" "team" {
  app_name   = "${var.team}-ivr"
  answer_url = "https://${var.team}.example.com/answer"
  subaccount = var.subaccount
}

# Endpoints through the subaccount's own credentials: they live in it.
resource "cpaas_endpoint" "desk" {
  for_each            = var.desks
  provider            = cpaas.team
  username            = each.key
  alias               = each.value
  password_wo         = var.desk_password
  password_wo_version = 1
}

output "application_id" {
  value = cpaas_application.team.app_id
}

output "desk_sip_uris" {
  value = { for u, e in cpaas_endpoint.desk : u => e.sip_uri }
}
