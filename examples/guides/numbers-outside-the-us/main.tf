terraform {
  required_version = ">= 1.11" # documents[*].file is write-only
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# 1. What India asks of a business that rents local numbers.
data "cpaas_phone_number_compliance_requirements" "india_local" {
  country_iso = "IN"
  number_type = "local"
  user_type   = "business"
}

locals {
  # Document type ids by name, from the requirement.
  document_type = {
    for t in data.cpaas_phone_number_compliance_requirements.india_local.document_types : t.name => t.document_type_id
  }
}

# 2. The end user and the documents, each with its file (kept out of the
# state: only its SHA-256 is recorded). A person at the service reviews
# the application; the apply waits for the decision.
resource "cpaas_phone_number_compliance" "india_local" {
  alias       = "Acme India local numbers"
  country_iso = "IN"
  number_type = "local"

  end_user = {
    type          = "business"
    name          = "Acme Trading"
    email         = "compliance@acme.example"
    address_line1 = "12 Marine Drive"
    city          = "Mumbai"
    postal_code   = "400002"
    country       = "IN"
  }

  documents = [
    {
      document_type_id = local.document_type["Business registration certificate"]
      data_fields      = { business_name = "Acme Trading Private Limited" }
      file             = abspath("${path.module}/documents/incorporation.pdf")
    },
    {
      document_type_id = local.document_type["Proof of address"]
      data_fields      = { address_line_1 = "12 Marine Drive", city = "Mumbai", postal_code = "400002" }
      file             = abspath("${path.module}/documents/electricity-bill.pdf")
    },
  ]

  # Real reviews take days: wait that long, or set wait_for_review = false
  # and apply the numbers once a refresh shows "accepted".
  timeouts {
    create = "72h"
    update = "72h"
  }
}

# 3. Numbers bought against the accepted application.
data "cpaas_phone_numbers" "mumbai" {
  country_iso = "IN"
  type        = "local"
  city        = "Mumbai"
  max_results = 2
}

resource "cpaas_phone_number" "mumbai" {
  count                     = 2
  number                    = data.cpaas_phone_numbers.mumbai.numbers[count.index].number
  compliance_application_id = cpaas_phone_number_compliance.india_local.id

  lifecycle {
    ignore_changes = [number]
  }
}

# 4. What they cost, checked in the same plan.
data "cpaas_pricing" "india" {
  country_iso = "IN"
}

check "india_number_budget" {
  assert {
    condition     = tonumber(data.cpaas_pricing.india.phone_number_local_rate) * length(cpaas_phone_number.mumbai) <= 20
    error_message = "Two Indian local numbers now cost ${data.cpaas_pricing.india.phone_number_local_rate} USD a month each, over the budget of 20 USD."
  }
}

output "mumbai_numbers" {
  value = cpaas_phone_number.mumbai[*].number
}

output "compliance_status" {
  value = cpaas_phone_number_compliance.india_local.status
}

output "monthly_cost_per_number" {
  value = data.cpaas_pricing.india.phone_number_local_rate
}
