package provider_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// Shared by the adoption tests and the chaos test: configurations of every
// resource type, numbered so many can live in one configuration.

// fastRegistry makes the emulator's registry, operators and message
// lifecycle answer within tens of milliseconds on the real clock.
func fastRegistry(o *emulator.Options) {
	o.BrandRegistrationDelay = 30 * time.Millisecond
	o.CampaignRegistrationDelay = 30 * time.Millisecond
	o.NumberLinkDelay = 30 * time.Millisecond
	o.TollfreeVerificationDelay = 30 * time.Millisecond
	o.MessageSentDelay = 10 * time.Millisecond
	o.MessageDeliveredDelay = 10 * time.Millisecond
}

func relEndpointHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_endpoint" "e%[1]d" {
  username = "rel_ep_%[1]d"
  password = "rel-secret-%[1]d"
  alias    = "Reliability endpoint %[1]d"
}
`, i)
}

// relProfileHCL is cpaas_10dlc_profile.p<i>; brand b<i> is registered for
// it.
func relProfileHCL(i int) string {
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

func relBrandHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_brand" "b%[1]d" {
  brand_alias  = "Reliability Brand %[1]d"
  profile_uuid = cpaas_10dlc_profile.p%[1]d.id
  brand_type   = "STANDARD"
}
`, i)
}

func relCampaignHCL(i int, brand string) string {
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

func relCampaignNumberHCL(i int, campaign, number string) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign_number" "l%[1]d" {
  campaign_id = %[2]s.id
  number      = %[3]s
}
`, i, campaign, number)
}

// relNumbersHCL searches n numbers to buy.
func relNumbersHCL(n int) string {
	return fmt.Sprintf(`
data "cpaas_phone_numbers" "rel" {
  country_iso = "US"
  services    = ["sms", "voice"]
  max_results = %d
}
`, n)
}

func relPhoneNumberHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_phone_number" "n%[1]d" {
  number = data.cpaas_phone_numbers.rel.numbers[%[1]d].number
  alias  = "Reliability line %[1]d"
  lifecycle {
    ignore_changes = [number]
  }
}
`, i)
}

// relOwnCarrierNumberHCL adds number i from an incoming carrier.
func relOwnCarrierNumberHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_own_carrier_number" "oc%[1]d" {
  number  = "4989555%04[1]d"
  carrier = %[2]q
  region  = "Munich, GERMANY"
  alias   = "Reliability own line %[1]d"
}
`, i, emulator.IncomingCarrierNorthwind)
}

func relMaskingHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_masking_session" "m%[1]d" {
  first_party  = "1415666%04[1]d"
  second_party = "1212777%04[1]d"
}
`, i)
}

// relMessageHCL sends one SMS from a starter number to dsts.
func relMessageHCL(i int, dsts ...string) string {
	return fmt.Sprintf(`
resource "cpaas_message" "s%[1]d" {
  src  = "14155550100"
  dst  = ["%[2]s"]
  text = "Reliability message %[1]d"
}
`, i, strings.Join(dsts, `", "`))
}

// repeatHCL joins hcl(1) to hcl(n).
func repeatHCL(n int, hcl func(int) string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(hcl(i))
	}
	return b.String()
}

// relProvider is a provider block with many retries, as a user facing an
// unreliable network would set.
func relProvider(url string, retries int) string {
	return fmt.Sprintf(`
provider "cpaas" {
  base_url    = %q
  auth_id     = "MATESTACCOUNT0000001"
  auth_token  = "test-auth-token-1234567890"
  max_retries = %d
}
`, url, retries)
}

// dropCreates makes every reply of method+path be lost after the request
// was carried out.
func dropCreates(method, path string) emulator.Faults {
	return emulator.Faults{Seed: 1, Rules: []emulator.FaultRule{{Method: method, Path: path, RateDrop: 1}}}
}
