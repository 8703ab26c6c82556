# What an application for Indian local numbers of a business must hold.
data "cpaas_phone_number_compliance_requirements" "india_local" {
  country_iso = "IN"
  number_type = "local"
  user_type   = "business"
}

output "documents_needed" {
  value = {
    for t in data.cpaas_phone_number_compliance_requirements.india_local.document_types :
    t.name => {
      document_type_id = t.document_type_id
      needs_a_file     = t.proof_required
      fields           = [for f in t.fields : f.field_name if f.required]
    }
  }
}
