package wire

var complianceGoldens = []golden{
	{"compliance_created.json", "recorded: Go phoneNumberComplianceCreateResponse.json", func() any { return new(ComplianceCreated) }},
	{"compliance_get.json", "recorded: Go phoneNumberComplianceGetResponse.json (wrapped in compliance, callbacks set)", func() any { return new(ComplianceReply) }},
	{"compliance_get_expanded.json", "Go PhoneNumberComplianceEndUser and document structs (expand=end_user,documents,linked_numbers; a rejected application)", func() any { return new(ComplianceReply) }},
	{"compliance_list.json", "recorded: Go phoneNumberComplianceListResponse.json (compliances, meta of five keys, no callbacks)", func() any { return new(ComplianceList) }},
	{"compliance_updated.json", "recorded: Go phoneNumberComplianceUpdateResponse.json", func() any { return new(ComplianceUpdated) }},
	{"compliance_deleted.json", "recorded: Go phoneNumberComplianceDeleteResponse.json", func() any { return new(ComplianceDeleted) }},
	{"compliance_link.json", "recorded: Go phoneNumberComplianceLinkResponse.json (a partial success inside a 200)", func() any { return new(ComplianceLinkReply) }},
	{"compliance_requirement.json", "recorded: Go phoneNumberComplianceRequirementGetResponse.json (shape); a date field with its format, a field with help_text", func() any { return new(ComplianceRequirement) }},
	{"compliance_requirement_individual.json", "docs: Compliance (a field with format, help_text, description; enums as one comma-separated string)", func() any { return new(ComplianceRequirement) }},
}
