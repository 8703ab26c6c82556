# Numbers: search the numbers for sale, buy the first San Francisco number
# that offers both SMS and voice, and hand it on.
data "cpaas_phone_numbers" "demo_sf" {
  country_iso = "US"
  city        = "San Francisco"
  services    = ["sms", "voice"]
  max_results = 3
}

resource "cpaas_phone_number" "demo_support" {
  number = data.cpaas_phone_numbers.demo_sf.numbers[0].number
  alias  = "Demo support line"

  lifecycle {
    # The bought number leaves the search, which then offers another first
    # result; keep the number that was bought. (A real configuration would also
    # set prevent_destroy = true; the demo destroys what it builds.)
    ignore_changes = [number]
  }
}

# Every SMS-capable number of the account, the bought one included.
data "cpaas_account_numbers" "demo_sms" {
  services   = ["sms"]
  depends_on = [cpaas_phone_number.demo_support]
}

output "support_number" {
  description = "The number bought for the support line."
  value       = cpaas_phone_number.demo_support.number
}

output "support_number_location" {
  value = "${cpaas_phone_number.demo_support.city}, ${cpaas_phone_number.demo_support.region} (${cpaas_phone_number.demo_support.monthly_rental_rate}/month)"
}

output "sms_capable_numbers" {
  value = data.cpaas_account_numbers.demo_sms.numbers[*].number
}
