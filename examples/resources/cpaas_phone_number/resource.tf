# Search, then buy the first result.
data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  city        = "San Francisco"
  services    = ["voice", "sms"]
  max_results = 1
}

resource "cpaas_phone_number" "support" {
  number = data.cpaas_phone_numbers.sf.numbers[0].number
  app_id = "20372631212782780"
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
