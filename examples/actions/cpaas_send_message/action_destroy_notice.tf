# Terraform 1.16 or later: a notice when the endpoint is destroyed, sent
# after the delete. A notice must never block a change: on_failure =
# continue turns a failed send into a warning (a destroy does so anyway).
resource "cpaas_endpoint" "lobby" {
  username = "lobby"
  password = var.lobby_password
  alias    = "Lobby phone"

  lifecycle {
    action_trigger {
      events     = [after_create, after_destroy]
      actions    = [action.cpaas_send_message.lobby_notice]
      on_failure = continue
    }
  }
}

action "cpaas_send_message" "lobby_notice" {
  config {
    src  = "14155550100"
    dst  = ["12125550101"]
    text = "The lobby SIP endpoint was created or removed."
  }
}

variable "lobby_password" {
  type      = string
  sensitive = true
}
