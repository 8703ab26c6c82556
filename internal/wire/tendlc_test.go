package wire

var tendlcGoldens = []golden{
	// The 10DLC replies added after the first goldens: their shapes as the
	// service's client libraries decode them.
	{"campaign_imported.json", "the service's client libraries (campaign import: api_id, campaign_id, message)", func() any { return new(CampaignImported) }},
	{"brand_otp_sent.json", "the service's client libraries (brand OTP: api_id, brand_id, message naming the masked phone)", func() any { return new(BrandOTPSent) }},
}
