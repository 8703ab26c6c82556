# A campaign is imported by its campaign id. url and method cannot be read back.
terraform import cpaas_10dlc_campaign.alerts CQ7ZP3A
