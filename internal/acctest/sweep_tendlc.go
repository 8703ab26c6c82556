package acctest

// The 10DLC kinds added after sweep.go's tables: a campaign imported from
// another provider (POST 10dlc/Campaign/Import/) is one of the account's
// campaigns, its campaign_alias prefixed by the proxy, so the "10dlc
// campaigns" sweeper deactivates it; a STARTER brand's OTP texts the
// brand's contact and keeps nothing. Both cost what the 10DLC family
// costs, and a test that names either needs CPAAS_ACC_SPEND=10dlc.
var (
	_ = registerRealKind(realKind{path: "10dlc/Campaign/Import", types: []string{`resource "cpaas_10dlc_campaign_import"`}, spend: Spend10DLC})
	_ = registerRealKind(realKind{path: "10dlc/Brand/OTP", types: []string{`action "cpaas_10dlc_brand_otp"`}, spend: Spend10DLC})
)
