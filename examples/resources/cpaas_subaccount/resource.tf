# A subaccount for the payments team. Its auth_token is never stored in the
# state: read it with the ephemeral resource cpaas_subaccount_credentials.
resource "cpaas_subaccount" "payments" {
  name = "payments-team"

  # enabled = true (the default): its credentials work.
  # cascade_on_destroy = false (the default): destroying the subaccount
  # re-homes its applications, endpoints and numbers to the main account;
  # true would delete them (and release the numbers).
}
