# Every powerpack of the account, with the data an import reads.
list "cpaas_powerpack" "all" {
  provider         = cpaas
  include_resource = true
}

# Only the powerpack named "alerts-us".
list "cpaas_powerpack" "alerts" {
  provider = cpaas
  config {
    name = "alerts-us"
  }
}
