package wire

var verificationGoldens = []golden{
	{"verification_created.json", "recorded: Py addressCreateResponse.json, identityCreateResponse.json (no id)", func() any { return new(VerificationAccepted) }},
	{"verification_updated.json", "recorded: Py addressUpdateResponse.json, identityUpdateResponse.json (status success)", func() any { return new(VerificationAccepted) }},
	{"verification_address_get.json", "recorded: Py addressGetResponse.json (14-digit id, full url, subaccount null, document_details)", func() any { return new(VerificationAddress) }},
	{"verification_address_list.json", "recorded: Py addressListResponse.json", func() any { return new(VerificationAddressList) }},
	{"verification_identity_get.json", "recorded: Py identityGetResponse.json (alias null; no birth data or address)", func() any { return new(VerificationIdentity) }},
	{"verification_identity_list.json", "recorded: Py identityListResponse.json", func() any { return new(VerificationIdentityList) }},
}
