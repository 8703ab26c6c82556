# A brand is imported by its brand id. The service's GET does not return the
# alias (the import reads it from the brand list), url or method (the first
# apply records the configured values in place, with no API call).
terraform import cpaas_10dlc_brand.acme BXK2M9Q
