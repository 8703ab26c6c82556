package wire

var _ = registerGoldens(
	golden{"powerpack_created.json", "recorded: Py powerpackCreatePowerpackResponse.json (flat record with api_id), with the docs' number_priority", func() any { return new(PowerpackReply) }},
	golden{"powerpack_get.json", "recorded: Go powerpack.json (string application_id, upper-case application_type), with the docs' number_priority", func() any { return new(PowerpackReply) }},
	golden{"powerpack_updated.json", "docs: Update a Powerpack (the record with api_id)", func() any { return new(PowerpackReply) }},
	golden{"powerpack_list.json", "recorded: Go powerpackList.json (null next and previous; items without api_id; empty application as \"\")", func() any { return new(PowerpackList) }},
	golden{"powerpack_deleted.json", "recorded: Go/Py powerpackDeleteResponse.json", func() any { return new(SuccessReply) }},
	golden{"pool_member_removed.json", "docs: Remove a toll-free number, Remove a short code (response success)", func() any { return new(SuccessReply) }},
	golden{"pool_number_added.json", "recorded: Go numberpoolSingleNoResponse.json (with the docs' number_pool_uuid key)", func() any { return new(PoolNumberReply) }},
	golden{"pool_number_get.json", "recorded: Go numberpoolSingleNoResponse.json (with the docs' number_pool_uuid key)", func() any { return new(PoolNumberReply) }},
	golden{"pool_numbers.json", "recorded: Go numberpoolNumberRespone.json (\"\" for an empty next and previous), service as the docs' list example", func() any { return new(PoolNumberList) }},
	golden{"pool_tollfree_added.json", "recorded: Go numberpoolSingleTollfreeResponse.json (type tollfree), with Py's tollfree key", func() any { return new(PoolNumberReply) }},
	golden{"pool_tollfree_list.json", "recorded: Go numberpoolTollfreeResponse.json, with Py's tollfree key", func() any { return new(PoolNumberList) }},
	golden{"pool_shortcodes.json", "recorded: Go numberpoolShortCodeResponse.json", func() any { return new(PoolShortcodeList) }},
	golden{"pool_shortcode_get.json", "recorded: Go numberpoolSingleShortcodeResponse.json (flat, no api_id)", func() any { return new(PoolShortcode) }},
	golden{"message_get_powerpack.json", "published API, Message (get), with the powerpack_id of a message sent through a powerpack (Go Message, Node messages.d.ts)", func() any { return new(Message) }},
)
