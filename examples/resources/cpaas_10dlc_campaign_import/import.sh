# An imported campaign is imported into Terraform by its campaign id. The
# service never returns url and method: the first apply after the import
# records the configured values in place (no replacement, no API call).
terraform import cpaas_10dlc_campaign_import.support CX4T7QM
