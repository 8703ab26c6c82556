package tendlc

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// numberPoolLimit is how many numbers one campaign may have linked (the
// service's number_pool_limit, which the emulator enforces).
var numberPoolLimit = tendlcrules.DefaultNumberPoolLimit

// The bench's whole account (kit.BenchKind) links count of the numbers the
// cpaas_phone_number kind buys to 10DLC campaigns of one brand, numberPoolLimit
// to a campaign (the brand and the campaigns are registered by the emulator
// after -registry-delay). Its weight is at most the cpaas_phone_number kind's,
// so that there are at least as many numbers as links.
var benchKinds = []kit.BenchKind{{Name: "cpaas_10dlc_campaign_number", Weight: 2, After: "cpaas_phone_number", Support: func(count int) string {
	campaigns, noun := (count+numberPoolLimit-1)/numberPoolLimit, "campaigns"
	if campaigns == 1 {
		noun = "campaign"
	}
	return fmt.Sprintf("%d %s (%d links each at most, the service's number_pool_limit) of one brand and business profile",
		campaigns, noun, numberPoolLimit)
}, HCL: func(count int, _ []string) string {
	campaigns := (count + numberPoolLimit - 1) / numberPoolLimit
	return fmt.Sprintf(`
resource "cpaas_10dlc_profile" "bench" {
  profile_alias       = "bench"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Bench Corp"
  ein                 = "12-3456789"
  ein_issuing_country = "US"
  vertical            = "RETAIL"

  address = {
    street      = "123 Main Street"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }

  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane.doe@acme.example"
  }
}

resource "cpaas_10dlc_brand" "bench" {
  brand_alias  = "Bench Corp"
  profile_uuid = cpaas_10dlc_profile.bench.id
  brand_type   = "STANDARD"
}

resource "cpaas_10dlc_campaign" "bench" {
  count          = %d
  brand_id       = cpaas_10dlc_brand.bench.id
  campaign_alias = "Bench alerts ${count.index}"
  vertical       = "RETAIL"
  usecase        = "MIXED"
  sub_usecases   = ["ACCOUNT_NOTIFICATION", "DELIVERY_NOTIFICATION"]
  description    = "Order confirmations and delivery updates for customers of the Bench online store."
  sample1        = "Bench: order 1234 is confirmed. Reply STOP to opt out."
  sample2        = "Bench: order 1234 was delivered. Reply HELP for help, STOP to opt out."

  message_flow    = "Customers tick an opt-in box at checkout on bench.example."
  help_keywords   = "HELP,INFO"
  help_message    = "Bench order alerts. Help: support@bench.example. Reply STOP to opt out."
  optout_keywords = "STOP,QUIT"
  optout_message  = "Bench: you are unsubscribed and will get no more messages."

  subscriber_optin  = true
  subscriber_optout = true
  subscriber_help   = true
  embedded_link     = true
}

resource "cpaas_10dlc_campaign_number" "link" {
  count       = %d
  campaign_id = cpaas_10dlc_campaign.bench[floor(count.index / %d)].id
  number      = cpaas_phone_number.num[count.index].number
}
`, campaigns, count, numberPoolLimit)
}}}
