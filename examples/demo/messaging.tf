# Messaging: send an SMS from the number bought in numbers.tf and wait
# for the delivery report (the emulator delivers within about two seconds),
# so the outputs are final and a second plan has nothing to do.
locals {
  demo_text = "Hello from Terraform: the demo account is ready."
}

resource "cpaas_message" "hello" {
  src  = cpaas_phone_number.demo_support.number
  dst  = [provider::cpaas::sanitize_number("+1 (212) 555-0199")]
  text = local.demo_text

  wait_for = "delivered"
  timeouts {
    create = "1m"
  }
}

output "hello_units" {
  description = "SMS units of the demo message, as the plan computed them and sms_units() confirms."
  value = {
    billed    = cpaas_message.hello.units
    encoding  = cpaas_message.hello.encoding
    predicted = provider::cpaas::sms_units(local.demo_text).units
  }
}

output "hello_state" {
  description = "Delivery state and error code of the demo message."
  value = {
    uuid  = cpaas_message.hello.id
    state = cpaas_message.hello.message_states[0]
    code  = cpaas_message.hello.error_codes[0]
  }
}

# Terraform 1.14+: the same message as an action, sent each time it is
# invoked and never by a plan. make demo invokes it after the apply:
#   terraform apply -invoke=action.cpaas_send_message.demo_ready
# It waits for the delivery report, showing each state as progress.
action "cpaas_send_message" "demo_ready" {
  config {
    src      = cpaas_phone_number.demo_support.number
    dst      = [provider::cpaas::sanitize_number("+1 (212) 555-0199")]
    text     = "Hello from a Terraform action: the demo account is ready."
    wait_for = "delivered"
    timeouts {
      invoke = "1m"
    }
  }
}
