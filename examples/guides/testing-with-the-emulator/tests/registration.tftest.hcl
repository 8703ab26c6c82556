# The registry registers the brand, then the campaign under it.
run "registers_brand_and_campaign" {
  assert {
    condition     = output.brand_status == "COMPLETED"
    error_message = "brand not registered: ${output.brand_status}"
  }

  assert {
    condition     = can(regex("^B[A-Z0-9]{6}$", output.brand_id))
    error_message = "unexpected brand id ${output.brand_id}"
  }

  assert {
    condition     = output.campaign_status == "ACTIVE"
    error_message = "campaign not registered: ${output.campaign_status}"
  }

  assert {
    condition     = cpaas_10dlc_campaign.alerts.brand_id == output.brand_id
    error_message = "campaign registered under another brand"
  }
}
