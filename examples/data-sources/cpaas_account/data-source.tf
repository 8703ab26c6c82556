# The account the provider authenticates as: its type, billing and balance.
data "cpaas_account" "current" {}

check "paid_account" {
  assert {
    condition     = data.cpaas_account.current.account_type == "standard"
    error_message = "Numbers are bought on a paid (standard) account; this one is ${data.cpaas_account.current.account_type}."
  }
}

output "balance_usd" {
  # A decimal string: compare it with tonumber().
  value = data.cpaas_account.current.cash_credits
}
