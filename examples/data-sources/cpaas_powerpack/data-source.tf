# By name (unique in the account).
data "cpaas_powerpack" "alerts" {
  name = "alerts-us"
}

# Send through it: the pool picks the source number.
resource "cpaas_message" "welcome" {
  powerpack_uuid = data.cpaas_powerpack.alerts.id
  dst            = ["16135550111"]
  text           = "Welcome to Acme alerts. Reply STOP to opt out."
}
