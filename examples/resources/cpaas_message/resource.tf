# Creating a cpaas_message SENDS it. Every argument forces a new resource, so
# a plan that changes the text, a destination or any other argument shows
# "must be replaced": applying it sends the message again. Destroying only
# removes it from the state; nothing is unsent.

variable "release" {
  type    = string
  default = "2.4.0"
}

# A release notice by SMS to two on-call phones, sent again for every new
# release (triggers), and waiting until the network reports delivery.
resource "cpaas_message" "release_notice" {
  src  = "14155550100" # a number of the account: needed for US destinations
  dst  = ["+1 (212) 555-0101", "+44 7700 900123"]
  text = "Release ${var.release} is live."

  triggers = {
    release = var.release
  }

  wait_for = "delivered"
  timeouts {
    create = "5m"
  }
}

# An MMS with two images (at most 10 files and 5MB in all).
resource "cpaas_message" "floor_plan" {
  src        = "14155550100"
  dst        = ["12125550101"]
  type       = "mms"
  text       = "Tonight's floor plan"
  media_urls = ["https://cdn.example.com/plan-1.jpg", "https://cdn.example.com/plan-2.jpg"]
  url        = "https://hooks.example.com/message-status"
  method     = "POST"
}

# A chat-app template: allowed even when the customer has not written in the
# last 24 hours (freeform chat-app text is not, and fails with error 340).
resource "cpaas_message" "order_update" {
  src  = "14155550100"
  dst  = ["447700900123"]
  type = "chatapp"
  template = {
    name     = "order_update"
    language = "en_US"
    components = [
      { type = "body", parameters = [{ type = "text", text = "Order 42 has shipped" }] },
      { type = "button", sub_type = "url", index = 0, parameters = [{ type = "text", text = "track/42" }] },
    ]
  }
  log = "number_only" # keep numbers, mask the content in the service's logs
}

output "release_notice_states" {
  value = cpaas_message.release_notice.message_states
}
