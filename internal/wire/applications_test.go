package wire

var applicationsGoldens = []golden{
	{"application_created.json", "published API, Application (create)", func() any { return new(ApplicationCreated) }},
	{"application_get.json", "published API, Application (get)", func() any { return new(ApplicationReply) }},
	{"application_list.json", "published API, Conventions (lists) and Application (list)", func() any { return new(ApplicationList) }},
	{"application_updated.json", "published API, Application (update)", func() any { return new(Reply) }},
}
