package wire

var pricingGoldens = []golden{
	{"pricing_get.json", "the service's recorded replies: Pricing (get: integer country_code, every rate a decimal string; a rate the service does not have is null, as its docs show)", func() any { return new(Pricing) }},
}
