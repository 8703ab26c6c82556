# Local San Francisco numbers that can send SMS and take calls, with the
# vanity digits 2255 ("CALL") anywhere after the area code.
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  type        = "local"
  city        = "San Francisco"
  pattern     = "415*CALL"
  services    = ["voice", "sms"]
  max_results = 50
}

# Numbers in the local calling area of 415-200, paged through 20 at a time
# up to 100.
data "cpaas_phone_numbers" "near_415_200" {
  country_iso        = "US"
  npanxx             = "415200"
  local_calling_area = true
  max_results        = 100
}

output "sf_numbers" {
  value = [for n in data.cpaas_phone_numbers.sf.numbers : "${n.number} (${n.monthly_rental_rate}/month)"]
}

output "sf_matches" {
  value = data.cpaas_phone_numbers.sf.total_count
}
