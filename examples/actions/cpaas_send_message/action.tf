# cpaas_send_message sends a message each time it is invoked (Terraform
# 1.14+). Planning never sends, and the state keeps nothing.
#
# Invoked from the command line: send the deploy notice now, once.
#
#   terraform apply -invoke=action.cpaas_send_message.deploy_done
#
# The plan lists the invocation; every apply -invoke sends again.
action "cpaas_send_message" "deploy_done" {
  config {
    src  = "14155550100" # a number of the account: needed for US destinations
    dst  = ["+1 (212) 555-0101", "+44 7700 900123"]
    text = "Deploy finished."

    # Wait until the network reports delivery; each destination's change of
    # state is shown while it waits.
    wait_for = "delivered"
    timeouts {
      invoke = "5m"
    }
  }
}
