# What an application for German local numbers of a business must hold.
data "cpaas_compliance_requirement" "germany_local" {
  country_iso2  = "DE"
  number_type   = "local"
  end_user_type = "business"
}

output "documents_needed" {
  value = [for e in data.cpaas_compliance_requirement.germany_local.acceptable_document_types : e.name]
}
