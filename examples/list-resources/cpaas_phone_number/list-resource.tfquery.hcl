# The account's San Francisco numbers that take both calls and SMS.
list "cpaas_phone_number" "sf" {
  provider         = cpaas
  include_resource = true
  config {
    number_starts_with = "1415"
    services           = "voice,sms"
  }
}
