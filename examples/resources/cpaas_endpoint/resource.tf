variable "desk_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# The application whose URLs the service calls for the desk phone's calls.
resource "cpaas_application" "front_desk" {
  app_name   = "front-desk"
  answer_url = "https://voice.example.com/front-desk/answer"
}

# Recommended: a write-only password (Terraform 1.11+), never stored in the
# plan or state. Bump password_wo_version to send a new value.
resource "cpaas_endpoint" "desk" {
  username            = "frontdesk"
  password_wo         = var.desk_password
  password_wo_version = 1
  alias               = "Front desk phone"
  app_id              = cpaas_application.front_desk.app_id
}

# Also possible: a password kept (as a sensitive value) in the state.
resource "cpaas_endpoint" "lobby" {
  username = "lobby"
  password = "change-me-please"
  alias    = "Lobby phone"
}
