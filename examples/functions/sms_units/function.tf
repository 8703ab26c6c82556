locals {
  notice = "Release 2.4.0 is live. Details: https://status.example.com/r/240"
  units  = provider::cpaas::sms_units(local.notice)
}

# { encoding = "GSM", characters = 64, units = 1, max_characters = 1600 }
output "notice_units" {
  value = local.units
}

# Refuse at plan time to send anything that costs more than two units.
check "notice_is_short" {
  assert {
    condition     = local.units.units <= 2
    error_message = "The notice takes ${local.units.units} SMS units (${local.units.encoding}); keep it to 2."
  }
}
