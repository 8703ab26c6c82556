variable "pbx_sip_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# The username and password the PBX authenticates its SIP traffic with.
# The password is write-only: never in the plan or the state. To rotate
# it, change the variable and bump password_wo_version (in place).
resource "cpaas_sip_credential_list" "pbx" {
  name                = "pbx-credentials"
  username            = "pbx_user"
  password_wo         = var.pbx_sip_password
  password_wo_version = 1
}
