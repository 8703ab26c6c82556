variable "desk_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# Recommended: a write-only password (Terraform 1.11+), never stored in the
# plan or state. Bump password_wo_version to send a new value.
resource "cpaas_endpoint" "desk" {
  username            = "frontdesk"
  password_wo         = var.desk_password
  password_wo_version = 1
  alias               = "Front desk phone"
  app_id              = "20372631212782780"
}

# Also possible: a password kept (as a sensitive value) in the state.
resource "cpaas_endpoint" "lobby" {
  username = "lobby"
  password = "change-me-please"
  alias    = "Lobby phone"
}
