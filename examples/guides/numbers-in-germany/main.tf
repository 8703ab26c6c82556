terraform {
  required_version = ">= 1.11" # a document's file is write-only
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}

# 1. What Germany asks of a business that rents local numbers: one document
# per entry, of one of the entry's acceptable types.
data "cpaas_compliance_requirement" "germany_local" {
  country_iso2  = "DE"
  number_type   = "local"
  end_user_type = "business"
}

locals {
  # The acceptable document types' ids, by name.
  document_type = merge([
    for e in data.cpaas_compliance_requirement.germany_local.acceptable_document_types :
    { for d in e.acceptable_documents : d.name => d.document_type_id }
  ]...)
}

# 2. Who will use the numbers, and the documents that prove it, each with
# its file (kept out of the state: only its SHA-256 is recorded).
resource "cpaas_end_user" "acme" {
  name          = "Acme Handels GmbH"
  end_user_type = "business"
}

resource "cpaas_compliance_document" "registration" {
  end_user_id      = cpaas_end_user.acme.id
  document_type_id = local.document_type["Business registration certificate"]
  alias            = "Acme commercial register extract"
  data_fields      = { business_name = "Acme Handels GmbH" }
  file             = abspath("${path.module}/documents/handelsregister.pdf")
}

resource "cpaas_compliance_document" "address" {
  end_user_id      = cpaas_end_user.acme.id
  document_type_id = local.document_type["Proof of address"]
  alias            = "Acme electricity bill"
  data_fields      = { address_line_1 = "Friedrichstrasse 12", city = "Berlin", postal_code = "10117" }
  file             = abspath("${path.module}/documents/stromrechnung.pdf")
}

# 3. The application naming them, submitted for review by the provider. A
# person reviews it; the apply waits for the decision.
resource "cpaas_compliance_application" "germany_local" {
  alias         = "Acme Germany local"
  country_iso2  = "DE"
  number_type   = "local"
  end_user_type = "business"
  end_user_id   = cpaas_end_user.acme.id
  document_ids = [
    cpaas_compliance_document.registration.id,
    cpaas_compliance_document.address.id,
  ]

  # Real reviews take days: wait that long, or set wait_for_review = false
  # and apply the numbers once a refresh shows "accepted".
  timeouts {
    create = "72h"
    update = "72h"
  }
}

# 4. Berlin numbers bought against the accepted application. Each is the
# first one its search finds when it is created, and is kept whatever the
# search offers later.
resource "cpaas_phone_number" "berlin" {
  count = 2
  search = {
    country_iso = "DE"
    type        = "local"
    city        = "Berlin"
  }
  compliance_application_id = cpaas_compliance_application.germany_local.id
}

# 5. What they cost, checked in the same plan.
data "cpaas_pricing" "germany" {
  country_iso = "DE"
}

check "germany_number_budget" {
  assert {
    condition     = tonumber(data.cpaas_pricing.germany.phone_number_local_rate) * length(cpaas_phone_number.berlin) <= 20
    error_message = "Two German local numbers now cost ${data.cpaas_pricing.germany.phone_number_local_rate} USD a month each, over the budget of 20 USD."
  }
}

output "berlin_numbers" {
  value = cpaas_phone_number.berlin[*].number
}

output "application_status" {
  value = cpaas_compliance_application.germany_local.status
}

output "monthly_cost_per_number" {
  value = data.cpaas_pricing.germany.phone_number_local_rate
}
