terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# The search runs on every plan, and its answer changes: once you buy its
# first result, that number leaves the results and the next plan's first
# result is another number.
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  type        = "local"
  city        = "San Francisco"
  services    = ["voice", "sms"]
  max_results = 1
}

resource "cpaas_phone_number" "support" {
  number = data.cpaas_phone_numbers.sf.numbers[0].number
  alias  = "Support line"

  lifecycle {
    # The search picks the number once; after that the number is what the
    # state holds. Without this, the next plan would replace (release!) it.
    ignore_changes = [number]

    # Destroying or replacing releases the number for good: someone else
    # may buy it. Terraform refuses any plan that would.
    prevent_destroy = true
  }
}

# Refer to the number through the resource, never through the search.
output "support_number" {
  value = cpaas_phone_number.support.number
}
