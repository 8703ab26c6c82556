# Every subaccount of the main account, with the data an import reads.
list "cpaas_subaccount" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the subaccounts named "payments-team".
list "cpaas_subaccount" "payments" {
  provider = cpaas
  config {
    name = "payments-team"
  }
}
