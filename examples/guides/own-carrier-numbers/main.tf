terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# The id of the incoming carrier your numbers come from (the service keeps
# it; no API route manages incoming carriers).
variable "carrier_id" {
  type    = string
  default = "20190312000000001"
}

# The application that answers the numbers' calls.
resource "cpaas_application" "offices" {
  app_name   = "offices"
  answer_url = "https://voice.example.com/offices/answer"
}

# One resource per number, keyed by names of your own. Your carrier keeps
# each number and points it at the service; the account answers it.
resource "cpaas_own_carrier_number" "office" {
  for_each = {
    berlin  = "493012345678"
    hamburg = "494012345678"
  }

  number      = each.value
  carrier     = var.carrier_id
  region      = "${title(each.key)}, GERMANY"
  number_type = "fixed"
  app_id      = cpaas_application.offices.app_id
  alias       = "${title(each.key)} office"
}

output "carriers" {
  value = { for name, n in cpaas_own_carrier_number.office : name => n.carrier_name }
}
