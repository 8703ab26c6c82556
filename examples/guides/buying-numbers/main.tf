terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# Buy by criteria, one resource per line, keyed by names of your own: at
# create the provider searches and buys the first available match. The
# number bought is then the resource's: later plans keep it, whatever the
# same search would offer by then.
resource "cpaas_phone_number" "line" {
  for_each = toset(["support", "sales"])

  search = {
    country_iso = "US"
    type        = "local"
    city        = "San Francisco"
    services    = ["voice", "sms"]
  }
  alias = "${each.key} line"

  # Releasing a number is for good: someone else may buy it. With this
  # applied, any plan that would release the number is an error.
  release_protection = true
}

# Refer to the numbers through the resources: only they know which
# numbers you own.
output "numbers" {
  value = { for name, line in cpaas_phone_number.line : name => line.number }
}
