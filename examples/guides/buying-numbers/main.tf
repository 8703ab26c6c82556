terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# Buy by criteria: at create the provider searches and buys the first
# available match. The number bought is then the resource's: later plans
# keep it, whatever the same search would offer by then.
resource "cpaas_phone_number" "support" {
  search = {
    country_iso = "US"
    type        = "local"
    city        = "San Francisco"
    services    = ["voice", "sms"]
  }
  alias = "Support line"

  lifecycle {
    # Destroying the resource releases the number for good: someone else
    # may buy it. Terraform refuses any plan that would destroy it.
    prevent_destroy = true
  }
}

# Refer to the number through the resource: only it knows which number
# you own.
output "support_number" {
  value = cpaas_phone_number.support.number
}
