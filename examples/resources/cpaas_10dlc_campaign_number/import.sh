# A link is imported as <campaign_id>/<number>.
terraform import cpaas_10dlc_campaign_number.alerts CQ7ZP3A/14155550100
