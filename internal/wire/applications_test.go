package wire

var _ = registerGoldens(
	golden{"application_created.json", "published API, Application (create)", func() any { return new(ApplicationCreated) }},
	golden{"application_get.json", "published API, Application (get)", func() any { return new(ApplicationReply) }},
	golden{"application_list.json", "published API, Conventions (lists) and Application (list)", func() any { return new(ApplicationList) }},
	golden{"application_updated.json", "published API, Application (update)", func() any { return new(Reply) }},
)
