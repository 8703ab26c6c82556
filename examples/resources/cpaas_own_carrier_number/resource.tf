# The application whose URLs the service calls for the number's calls.
resource "cpaas_application" "berlin" {
  app_name   = "berlin-office"
  answer_url = "https://voice.example.com/berlin/answer"
}

# A number that stays with your own carrier, which points it at the
# service. carrier is the id of the account's incoming carrier for it.
resource "cpaas_own_carrier_number" "berlin" {
  number      = "493012345678"
  carrier     = "20190312000000001"
  region      = "Berlin, GERMANY"
  number_type = "fixed"
  app_id      = cpaas_application.berlin.app_id
  alias       = "Berlin office"
}

# Destroying the resource removes the number from the account; it is not
# released: it stays with your carrier, and can be added again.
output "berlin_carrier" {
  value = cpaas_own_carrier_number.berlin.carrier_name
}
