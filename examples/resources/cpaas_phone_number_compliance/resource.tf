# The proof India asks before it rents numbers: the end user, and the
# documents the requirement names (data.cpaas_phone_number_compliance_requirements),
# each with its file. Files are tracked by their SHA-256; the path is
# write-only (Terraform 1.11 or later).
variable "registration_file" {
  type        = string
  description = "Path of the scanned certificate of incorporation."
}

variable "address_proof_file" {
  type        = string
  description = "Path of a utility bill of the last three months."
}

resource "cpaas_phone_number_compliance" "india_local" {
  alias       = "Acme India local"
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
      # Business registration certificate
      document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01"
      data_fields      = { business_name = "Acme Trading Private Limited" }
      file             = var.registration_file
    },
    {
      # Proof of address
      document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02"
      data_fields      = { address_line_1 = "12 Marine Drive", city = "Mumbai", postal_code = "400002" }
      file             = var.address_proof_file
    },
  ]

  callback_url    = "https://hooks.example.com/compliance"
  callback_method = "POST"

  # A person reviews the application; on the real service that takes days.
  # By default the apply waits for the decision within `timeouts`; to let a
  # later refresh read it instead, set:
  # wait_for_review = false
}
