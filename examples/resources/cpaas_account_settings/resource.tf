# The account the provider authenticates as. Creating this resource adopts
# the account (sets what is configured here); destroying it only forgets
# it: the account keeps its settings.
resource "cpaas_account_settings" "this" {
  name     = "Acme Dental"
  address  = "1 Market Street"
  city     = "San Francisco"
  state    = "CA"
  timezone = "America/Los_Angeles"
}
