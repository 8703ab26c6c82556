resource "cpaas_powerpack" "alerts" {
  name = "alerts-us"
}

# Two numbers the account owns (bought with cpaas_phone_number, or its
# starter numbers), each in the pool: the provider uses the pool route
# each number's type needs (Number or Tollfree).
resource "cpaas_powerpack_number" "sf" {
  powerpack_id = cpaas_powerpack.alerts.id
  number       = "14155550100"
  service      = "mms" # sends MMS as well as SMS
}

resource "cpaas_powerpack_number" "ny" {
  powerpack_id = cpaas_powerpack.alerts.id
  number       = "12125550101"

  # Removing the number from the pool keeps it (the default); true would
  # release it for good.
  unrent_on_destroy = false
}
