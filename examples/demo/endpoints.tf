# A SIP endpoint for the front desk, with a write-only password that never
# reaches the plan or the state.
variable "front_desk_password" {
  description = "SIP password of the front-desk phone."
  type        = string
  sensitive   = true
  ephemeral   = true
  default     = "demo-front-desk-pw"
}

resource "cpaas_endpoint" "front_desk" {
  username            = "frontdesk"
  password_wo         = var.front_desk_password
  password_wo_version = 1
  alias               = "Front desk phone"
}

data "cpaas_endpoint" "front_desk" {
  id = cpaas_endpoint.front_desk.id
}

output "front_desk_sip_uri" {
  description = "Point the desk phone at this SIP URI."
  value       = cpaas_endpoint.front_desk.sip_uri
}

output "front_desk_registered" {
  value = data.cpaas_endpoint.front_desk.sip_registered
}
