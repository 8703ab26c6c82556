# Search, then buy the first result.
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  city        = "San Francisco"
  services    = ["voice", "sms"]
  max_results = 1
}

# The application whose URLs the service calls for the number's calls and
# messages.
resource "cpaas_application" "support" {
  app_name   = "support-line"
  answer_url = "https://voice.example.com/support/answer"
}

resource "cpaas_phone_number" "support" {
  number = data.cpaas_phone_numbers.sf.numbers[0].number
  app_id = cpaas_application.support.app_id
  alias  = "Support line"

  lifecycle {
    # The number just bought leaves the search results, so the search offers
    # another number on the next plan: keep the one that was bought.
    ignore_changes = [number]
    # Destroying or replacing the resource releases the number for good.
    prevent_destroy = true
  }
}

# Use the bought number elsewhere through the resource, not the search.
output "support_number" {
  value = cpaas_phone_number.support.number
}
