package tendlctest

import (
	"fmt"
)

// LrProfilesHCL makes n profiles, cpaas_10dlc_profile.many.
func LrProfilesHCL(n int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_profile" "many" {
  count               = %d
  profile_alias       = "lr-${count.index}"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Listing Co ${count.index}"
  ein                 = format("12-34567%%02d", count.index)
  ein_issuing_country = "US"
  vertical            = "RETAIL"
  address = {
    street      = "${count.index} Main St"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }
  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane@example.com"
  }
}
`, n)
}

// LrBrandsHCL registers a brand for each of n profiles,
// cpaas_10dlc_brand.many.
func LrBrandsHCL(n int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_brand" "many" {
  count        = %d
  brand_alias  = "Listing Brand ${count.index}"
  profile_uuid = cpaas_10dlc_profile.many[count.index].id
  brand_type   = "STANDARD"
}
`, n)
}

// LrCampaignsHCL registers n campaigns under brand 0,
// cpaas_10dlc_campaign.many.
func LrCampaignsHCL(n int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "many" {
  count          = %d
  brand_id       = cpaas_10dlc_brand.many[0].id
  campaign_alias = "Listing campaign ${count.index}"
  vertical       = "RETAIL"
  usecase        = "DELIVERY_NOTIFICATION"
  description    = "Tells customers of the listing test when their order ${count.index} is ready for pickup."
  sample1        = "Your order is ready at the counter. Reply STOP to opt out."
  sample2        = "Order ${count.index} is waiting for you. Reply HELP for help, STOP to opt out."
}
`, n)
}
