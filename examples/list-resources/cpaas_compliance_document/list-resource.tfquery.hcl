# Every compliance document, with the data an import reads (the data fields
# are sensitive; the file is never downloaded).
list "cpaas_compliance_document" "all" {
  provider         = cpaas
  include_resource = true
}

# Only one end user's documents of one type.
list "cpaas_compliance_document" "address_proofs" {
  provider = cpaas
  config {
    end_user_id      = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
    document_type_id = "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02"
  }
}
