# Import the account by its auth_id, the one the provider is configured
# with. Every field is read back, so the documented configuration plans no
# change once it matches the account.
terraform import cpaas_account_settings.this MAXXXXXXXXXXXXXXXXXX
