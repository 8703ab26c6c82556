# Every document type of the older compliance family, with its data fields.
data "cpaas_compliance_document_types" "all" {}

output "document_type_names" {
  value = { for t in data.cpaas_compliance_document_types.all.document_types : t.name => t.document_type_id }
}
