# Import a credentials list by its credential_uuid. The API never returns the
# password: the first apply after the import sets the configured one again
# (password_wo_version goes from null to its value, in place).
terraform import cpaas_sip_credential_list.pbx f19c4773-4ae6-4b75-92ea-9cf3ea4227d6
