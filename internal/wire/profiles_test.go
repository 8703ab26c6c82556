package wire

var _ = registerGoldens(
	golden{"profile_created.json", "real-api.md §1 (create: 200 with message and profile_uuid)", func() any { return new(ProfileCreated) }},
	golden{"profile_get.json", "real-api.md §1 (get: {api_id, profile}; every field of the record)", func() any { return new(ProfileReply) }},
	golden{"profile_list.json", "real-api.md §1 (list: the key is profiles)", func() any { return new(ProfileList) }},
	golden{"profile_updated.json", "real-api.md §1 (update: 200 with the whole record; Docs \"Update a profile\" example with service_subaccount)", func() any { return new(ProfileReply) }},
	golden{"profile_deleted.json", "real-api.md §1 (delete: 200 with a message)", func() any { return new(Reply) }},
	golden{"tollfree_verification_created.json", "real-api.md §4 (create: 201, \"succesfully\")", func() any { return new(TollfreeVerificationCreated) }},
	golden{"tollfree_verification_get.json", "real-api.md §4 (get: the flat record)", func() any { return new(TollfreeVerificationReply) }},
	golden{"tollfree_verification_list.json", "real-api.md §4 (list: meta with count, objects)", func() any { return new(TollfreeVerificationList) }},
	golden{"tollfree_verification_updated.json", "real-api.md §4 (update: 202 with a message)", func() any { return new(Reply) }},
)
