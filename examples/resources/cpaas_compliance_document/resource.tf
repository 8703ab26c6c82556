# One proof of an end user, uploaded with its file. The file is tracked by
# its SHA-256; the path is write-only (Terraform 1.11 or later). The
# document types and their data fields: data.cpaas_compliance_document_types.
variable "registration_file" {
  type        = string
  description = "Path of the scanned commercial register extract."
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
