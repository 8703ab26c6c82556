# Each look-up is billed, at every plan: look up only the numbers you need.
data "cpaas_number_lookup" "escalation" {
  number = "+14155550100"
}

output "escalation_line" {
  value = {
    carrier = data.cpaas_number_lookup.escalation.carrier_name
    type    = data.cpaas_number_lookup.escalation.carrier_type
    ported  = data.cpaas_number_lookup.escalation.ported
    display = data.cpaas_number_lookup.escalation.national_format
  }
}
