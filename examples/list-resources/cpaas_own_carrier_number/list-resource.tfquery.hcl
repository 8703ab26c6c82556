# The account's German numbers from its own carriers.
list "cpaas_own_carrier_number" "germany" {
  provider         = cpaas
  include_resource = true
  config {
    number_starts_with = "49"
  }
}
