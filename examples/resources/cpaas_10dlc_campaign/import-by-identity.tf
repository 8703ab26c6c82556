# A campaign is imported by its campaign_id.
import {
  to = cpaas_10dlc_campaign.alerts
  identity = {
    campaign_id = "CQ7ZP3A"
  }
}
