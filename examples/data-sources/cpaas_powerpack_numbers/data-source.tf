variable "powerpack_id" {
  description = "UUID of a powerpack, such as cpaas_powerpack.alerts.id."
  type        = string
}

# Every member of the pool, short codes included (the console adds those).
data "cpaas_powerpack_numbers" "alerts" {
  powerpack_id = var.powerpack_id
}

output "us_short_codes" {
  value = [for m in data.cpaas_powerpack_numbers.alerts.members : m.number if m.type == "shortcode" && m.country_iso == "US"]
}
