package wire

var profilesGoldens = []golden{
	{"profile_created.json", "the service's recorded replies (create: 200 with message and profile_uuid)", func() any { return new(ProfileCreated) }},
	{"profile_get.json", "the service's recorded replies (get: {api_id, profile}; every field of the record)", func() any { return new(ProfileReply) }},
	{"profile_list.json", "the service's recorded replies (list: the key is profiles)", func() any { return new(ProfileList) }},
	{"profile_updated.json", "the service's recorded replies (update: 200 with the whole record; Docs \"Update a profile\" example with service_subaccount)", func() any { return new(ProfileReply) }},
	{"profile_deleted.json", "the service's recorded replies (delete: 200 with a message)", func() any { return new(Reply) }},
	{"tollfree_verification_created.json", "the service's recorded replies (create: 201, \"succesfully\")", func() any { return new(TollfreeVerificationCreated) }},
	{"tollfree_verification_get.json", "the service's recorded replies (get: the flat record)", func() any { return new(TollfreeVerificationReply) }},
	{"tollfree_verification_list.json", "the service's recorded replies (list: meta with count, objects)", func() any { return new(TollfreeVerificationList) }},
	{"tollfree_verification_updated.json", "the service's recorded replies (update: 202 with a message)", func() any { return new(Reply) }},
}
