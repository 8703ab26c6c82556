package wire

var lookupGoldens = []golden{
	{"lookup_get.json", "the service's recorded replies: Lookup (get, on the look-up's own host: country, four formats, carrier with MCC and MNC as strings)", func() any { return new(Lookup) }},
	{"lookup_error.json", "the service's recorded replies: Lookup (error: an integer error_code and a message, no error key; HTTP 404)", func() any { return new(LookupError) }},
}
