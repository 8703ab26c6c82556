# A campaign is imported by its campaign id. The service's GET does not return
# url, method, description or affiliate_marketing: the first apply after the
# import records the configured values in place (no replacement, no API call).
terraform import cpaas_10dlc_campaign.alerts CQ7ZP3A
