# A link is imported by its campaign_id and the number.
import {
  to = cpaas_10dlc_campaign_number.alerts
  identity = {
    campaign_id = "CQ7ZP3A"
    number      = "14155550100"
  }
}
