package tendlctest

import (
	"fmt"
)

// RelProfileHCL is cpaas_10dlc_profile.p<i>; brand b<i> is registered for
// it.
func RelProfileHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_profile" "p%[1]d" {
  profile_alias = "reliability-%[1]d"
  customer_type = "DIRECT"
  entity_type   = "PRIVATE"
  company_name  = "Reliability Co %[1]d"
  ein           = "12-345678%[1]d"
  ein_issuing_country = "US"
  vertical      = "RETAIL"
  address = {
    street = "%[1]d Main St"
    city = "Austin"
    state = "TX"
    postal_code = "78701"
    country = "US"
  }
  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane@example.com"
  }
}
`, i)
}

func RelBrandHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_brand" "b%[1]d" {
  brand_alias  = "Reliability Brand %[1]d"
  profile_uuid = cpaas_10dlc_profile.p%[1]d.id
  brand_type   = "STANDARD"
}
`, i)
}

func RelCampaignHCL(i int, brand string) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "c%[1]d" {
  brand_id       = %[2]s.id
  campaign_alias = "Reliability campaign %[1]d"
  vertical       = "RETAIL"
  usecase        = "DELIVERY_NOTIFICATION"
  description    = "Tells customers of the reliability test when their order %[1]d is ready for pickup."
  sample1        = "Your order is ready at the counter. Reply STOP to opt out."
  sample2        = "Order %[1]d is waiting for you. Reply HELP for help, STOP to opt out."
}
`, i, brand)
}

func RelCampaignNumberHCL(i int, campaign, number string) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign_number" "l%[1]d" {
  campaign_id = %[2]s.id
  number      = %[3]s
}
`, i, campaign, number)
}
