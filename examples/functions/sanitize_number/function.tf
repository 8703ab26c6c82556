variable "on_call_phones" {
  type    = list(string)
  default = ["+1 (212) 555-0101", "+44 7700 900123"]
}

# ["12125550101", "447700900123"]: the numbers as the API sees them. A value
# that is not a valid number after sanitising fails the plan, naming the rule.
output "on_call_numbers" {
  value = [for n in var.on_call_phones : provider::cpaas::sanitize_number(n)]
}
