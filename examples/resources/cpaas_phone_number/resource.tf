# The application whose URLs the service calls for the number's calls and
# messages.
resource "cpaas_application" "support" {
  app_name   = "support-line"
  answer_url = "https://voice.example.com/support/answer"
}

# Buy the first available number the criteria find. The search runs once, at
# create: the number bought is kept whatever the search offers later, and
# changing the criteria never touches it.
resource "cpaas_phone_number" "support" {
  search = {
    country_iso = "US"
    city        = "San Francisco"
    services    = ["voice", "sms"]
  }
  app_id = cpaas_application.support.app_id
  alias  = "Support line"

  # Destroying the resource releases the number for good: with this set
  # (and applied), any plan that would release it is an error.
  release_protection = true
}

# Use the bought number elsewhere through the resource.
output "support_number" {
  value = cpaas_phone_number.support.number
}
