# One SIP endpoint per entry of var.endpoints, keyed by a stable name: the
# key, not the list position, is the resource's address, so adding or
# removing a phone never touches the others.
terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

variable "endpoints" {
  description = "Endpoints by key: username, alias and the application they belong to."
  type = map(object({
    username = string
    alias    = string
    app_id   = optional(string)
  }))
}

variable "passwords" {
  description = "SIP password of each endpoint, by the same keys, from the secret store."
  type        = map(string)
  sensitive   = true
  ephemeral   = true
}

variable "password_version" {
  description = "Bump to send every password again (after a rotation in the secret store)."
  type        = number
  default     = 1
}

resource "cpaas_endpoint" "this" {
  for_each = var.endpoints

  username            = each.value.username
  alias               = each.value.alias
  app_id              = each.value.app_id
  password_wo         = var.passwords[each.key]
  password_wo_version = var.password_version
}

output "sip_uris" {
  value = { for k, e in cpaas_endpoint.this : k => e.sip_uri }
}
