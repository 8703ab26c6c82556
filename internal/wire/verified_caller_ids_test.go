package wire

var verifiedCallerIdsGoldens = []golden{
	{"verified_caller_id_initiated.json", "real service more, 4. Verified caller IDs (initiate: api_id, message, verification_uuid)", func() any { return new(VerifiedCallerIDInitiated) }},
	{"verified_caller_id_verified.json", "real service more, 4. Verified caller IDs (verify: nine fraction digits, channel, no modified_at or subaccount)", func() any { return new(VerifiedCallerIDVerified) }},
	{"verified_caller_id_get.json", "real service more, 4. Verified caller IDs (get: the record plus api_id, no resource_uri)", func() any { return new(VerifiedCallerIDReply) }},
	{"verified_caller_id_list.json", "real service more, 4. Verified caller IDs (list: resource_uri without + or slash, country \"\", a subaccount's)", func() any { return new(VerifiedCallerIDList) }},
	{"verified_caller_id_updated.json", "real service more, 4. Verified caller IDs (update: the full record plus api_id)", func() any { return new(VerifiedCallerIDReply) }},
}
