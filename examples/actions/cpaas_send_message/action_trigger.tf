# Invoked from another resource's lifecycle: text the on-call phone when an
# endpoint is created and whenever it changes in place. The plan shows the
# invocation under the resource that triggers it.
resource "cpaas_endpoint" "front_desk" {
  username = "frontdesk"
  password = var.front_desk_password
  alias    = "Front desk"

  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.cpaas_send_message.endpoint_changed]
    }
  }
}

action "cpaas_send_message" "endpoint_changed" {
  config {
    src  = "14155550100"
    dst  = ["12125550101"]
    text = "The front desk SIP endpoint was created or changed."
  }
}

variable "front_desk_password" {
  type      = string
  sensitive = true
}
