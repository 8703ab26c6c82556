# Numbers: buy the first San Francisco number that offers both SMS and
# voice, and hand it on.
resource "cpaas_phone_number" "demo_support" {
  # Bought by criteria: the search runs once, at purchase, and the number is
  # kept whatever the search offers later. (A real configuration would also
  # set prevent_destroy = true; the demo destroys what it builds.)
  search = {
    country_iso = "US"
    city        = "San Francisco"
    services    = ["sms", "voice"]
  }
  alias = "Demo support line"
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
