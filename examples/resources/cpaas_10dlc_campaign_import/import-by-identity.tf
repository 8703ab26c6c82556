# An imported campaign is imported into Terraform by its campaign_id.
import {
  to = cpaas_10dlc_campaign_import.support
  identity = {
    campaign_id = "CX4T7QM"
  }
}
