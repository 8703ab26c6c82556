# A brand is imported by its brand id. url and method cannot be read back.
terraform import cpaas_10dlc_brand.acme BXK2M9Q
