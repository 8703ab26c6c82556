# Import an origination URI by its uri_uuid. With authentication, the first
# apply after the import sets the configured password again, in place.
terraform import cpaas_sip_origination_uri.primary a8c2f0d1-5b3e-4c2a-9f1d-2e7b6c4d8a90
