# The proof Germany asks before it rents local numbers: an end user, one
# document of each type the requirement names
# (data.cpaas_compliance_requirement), and the application naming them,
# which the provider submits for review. Numbers are then bought with
# compliance_application_id on cpaas_phone_number.
variable "registration_file" {
  type        = string
  description = "Path of the scanned commercial register extract."
}

variable "address_proof_file" {
  type        = string
  description = "Path of a utility bill of the last three months."
}

resource "cpaas_end_user" "acme" {
  name          = "Acme Handels GmbH"
  end_user_type = "business"
}

resource "cpaas_compliance_document" "registration" {
  end_user_id = cpaas_end_user.acme.id
  # Business registration certificate
  document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01"
  alias            = "Acme commercial register extract"
  data_fields      = { business_name = "Acme Handels GmbH" }
  file             = var.registration_file
}

resource "cpaas_compliance_document" "address" {
  end_user_id = cpaas_end_user.acme.id
  # Proof of address
  document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02"
  alias            = "Acme electricity bill"
  data_fields      = { address_line_1 = "Friedrichstrasse 12", city = "Berlin", postal_code = "10117" }
  file             = var.address_proof_file
}

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

  # A person reviews the application; on the real service that takes days.
  # By default the apply waits for the decision within `timeouts`; to let a
  # later refresh read it instead, set:
  # wait_for_review = false
}
