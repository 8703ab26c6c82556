# What a UK number and a message to the UK cost, checked in the plan.
data "cpaas_pricing" "gb" {
  country_iso = "GB"
}

check "uk_costs" {
  assert {
    # Rates are decimal strings ("0.70000"): compare them as numbers.
    condition     = tonumber(data.cpaas_pricing.gb.phone_number_local_rate) <= 1.5
    error_message = "A UK local number now rents for ${data.cpaas_pricing.gb.phone_number_local_rate} USD a month."
  }
}

output "uk_sms_price" {
  value = data.cpaas_pricing.gb.message_outbound_rate
}

# A rate the API does not have is null.
output "uk_tollfree_call_price" {
  value = coalesce(data.cpaas_pricing.gb.voice_outbound_tollfree_rate, "not offered")
}
