package wire

var trunkingGoldens = []golden{
	{"trunk_created.json", "docs: Create a trunk (201, trunk_id a string of digits)", func() any { return new(TrunkCreated) }},
	{"trunk_get.json", "docs: The Trunk object (an outbound trunk: the unused links null)", func() any { return new(Trunk) }},
	{"trunk_list.json", "docs: List all trunks (meta with a next without a leading slash; an inbound trunk)", func() any { return new(TrunkList) }},
	{"trunk_updated.json", "docs: Update a trunk (202; inferred from the credentials list's update reply)", func() any { return new(TrunkCreated) }},
	{"credential_created.json", "docs: Create a credentials list (201, lower-case \"credential\")", func() any { return new(CredentialCreated) }},
	{"credential_get.json", "docs: Credentials (the record: no password)", func() any { return new(Credential) }},
	{"credential_list.json", "docs: Credentials (list)", func() any { return new(CredentialList) }},
	{"credential_updated.json", "docs: Update a Credential (202)", func() any { return new(CredentialCreated) }},
	{"ipacl_created.json", "docs: IP Access Control Lists (create, 201)", func() any { return new(IPACLCreated) }},
	{"ipacl_get.json", "docs: IP Access Control Lists (the record)", func() any { return new(IPACL) }},
	{"ipacl_list.json", "docs: IP Access Control Lists (list)", func() any { return new(IPACLList) }},
	{"ipacl_updated.json", "docs: IP Access Control Lists (update, 202)", func() any { return new(IPACLCreated) }},
	{"origination_uri_created.json", "docs: Create an origination URI (201)", func() any { return new(OriginationURICreated) }},
	{"origination_uri_get.json", "docs: Origination URIs (the record, authentication on)", func() any { return new(OriginationURI) }},
	{"origination_uri_list.json", "docs: Origination URIs (list; username null while authentication is off)", func() any { return new(OriginationURIList) }},
	{"origination_uri_updated.json", "docs: Origination URIs (update, 202)", func() any { return new(OriginationURICreated) }},
}
