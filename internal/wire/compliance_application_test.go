package wire

var complianceApplicationGoldens = []golden{
	{"end_user_created.json", "Go CreateEndUserResponse (api_id, message, created_at, end_user_id, name, last_name, end_user_type)", func() any { return new(EndUserCreated) }},
	{"end_user_get.json", "Go EndUser struct", func() any { return new(EndUserReply) }},
	{"end_user_list.json", "Go ListEndUserResponse (meta and objects)", func() any { return new(EndUserList) }},
	{"compliance_application_updated.json", "Go UpdateEndUserResponse, UpdateComplianceDocumentResponse, UpdateComplianceApplicationResponse ({api_id, message})", func() any { return new(ComplianceAppUpdated) }},
	{"compliance_document_type_list.json", "Go ListComplianceDocumentTypeResponse (enums an array)", func() any { return new(DocumentTypeList) }},
	{"compliance_document_type_get.json", "Go GetComplianceDocumentTypeResponse", func() any { return new(DocumentTypeReply) }},
	{"compliance_requirement_application.json", "Go GetComplianceRequirementResponse (one object for the filtered list)", func() any { return new(ComplianceAppRequirement) }},
	{"compliance_document_created.json", "Go GetComplianceDocumentResponse and docs \"message\": \"created\"", func() any { return new(ComplianceDocumentCreated) }},
	{"compliance_document_created_address.json", "as compliance_document_created.json, a proof of address", func() any { return new(ComplianceDocumentCreated) }},
	{"compliance_document_get.json", "Go GetComplianceDocumentResponse (document_id, file_name, meta_information)", func() any { return new(ComplianceDocumentReply) }},
	{"compliance_document_list.json", "Go ListComplianceDocumentResponse (compliance_document_id and file)", func() any { return new(ComplianceDocumentList) }},
	{"compliance_application.json", "Go ComplianceApplicationResponse (create, get, submit; rejection_reason since 7.59.2)", func() any { return new(ComplianceApplication) }},
	{"compliance_application_list.json", "Go ListComplianceApplicationResponse", func() any { return new(ComplianceApplicationList) }},
}
